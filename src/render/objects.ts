/**
 * GraphQL's view-backed types, `GameObject` and `Zone`, resolved from views the rules layer already
 * redacted for the caller's viewer. Nested ids (zone, owner, host, attached, revealedTo) resolve
 * through the {@link GameLookup} of the same game state the object was viewed in: the game now for
 * game views and mutation payloads, the game right after the event for an event's objects.
 */
import {
  zoneDisplayName,
  type DomainEvent,
  type HistoryEntry,
  type ObjectView,
  type ZoneState,
  type ZoneView,
} from '../rules/index.js';
import { withLookup, type LookupSource, type PlayerOut } from './lookup.js';
import { counterList, statusList } from './table.js';

export interface ObjectOut {
  readonly view: ObjectView;
  /** The state the object was viewed in: the game now, or (events) the game right after the event. */
  readonly lookup: LookupSource;
  /** An event's object: its zone's id, type, owner and index come from the event itself. */
  readonly event?: DomainEvent;
}

export interface ZoneOut {
  /** Id, type, owner and index, as of the state (or event) the zone is shown for. */
  readonly zone: ZoneState;
  /** The zone's view when at hand; else count and objects come from the lookup. */
  readonly view: ZoneView | null;
  readonly lookup: LookupSource;
}

const upper = <T extends string>(s: T) => s.toUpperCase() as Uppercase<T>;

function historyOut(h: readonly HistoryEntry[] | null) {
  return h === null
    ? null
    : h.map((e) => ({
        fromZoneType: e.fromZoneType,
        toZoneType: e.toZoneType,
        by: upper(e.by),
        reason: e.reason,
      }));
}

/** Zones an event names (where its objects were and went, created, removed), by id; built once per event. */
const eventZones = new WeakMap<DomainEvent, ReadonlyMap<string, ZoneState>>();

function zoneInEvent(event: DomainEvent, zoneId: string): ZoneState | undefined {
  let zones = eventZones.get(event);
  if (!zones) {
    const byId = new Map<string, ZoneState>();
    for (const z of [...event.zonesCreated, ...event.zonesRemoved]) byId.set(z.id, z);
    for (const t of event.transitions) {
      if (t.beforeContext) byId.set(t.beforeContext.zone.id, t.beforeContext.zone);
      if (t.afterContext) byId.set(t.afterContext.zone.id, t.afterContext.zone);
    }
    eventZones.set(event, (zones = byId));
  }
  return zones.get(zoneId);
}

/** A zone the state no longer has (FAB: a zone ceasing to exist): shown empty. */
const removedZone = (id: string): ZoneState => ({ id, type: 'removed', ownerId: null, index: 0 });

function zoneOut(o: ObjectOut): ZoneOut | Promise<ZoneOut> {
  const id = o.view.zoneId;
  const fromEvent = o.event && zoneInEvent(o.event, id);
  if (fromEvent) return { zone: fromEvent, view: null, lookup: o.lookup };
  return withLookup(o.lookup, (lookup): ZoneOut => {
    const view = lookup.zone(id);
    return { zone: view ?? removedZone(id), view, lookup: o.lookup };
  });
}

/** `fn` of the zone's view: the one at hand, else the lookup's (null for a zone it does not have). */
function zoneView<T>(z: ZoneOut, fn: (view: ZoneView | null) => T): T | Promise<T> {
  if (z.view) return fn(z.view);
  return withLookup(z.lookup, (lookup) => fn(lookup.zone(z.zone.id)));
}

/** A seat the object names, at once when the lookup is at hand (every object of a game view asks). */
function seatOf(source: LookupSource, id: string): PlayerOut | Promise<PlayerOut> {
  return typeof source === 'function' ? withLookup(source, (lookup) => lookup.seat(id)) : source.seat(id);
}

/** GraphQL resolvers of the view-backed types. */
export const viewResolvers = {
  GameObject: {
    id: (o: ObjectOut) => o.view.id,
    kind: (o: ObjectOut) => upper(o.view.kind),
    position: (o: ObjectOut) => o.view.position,
    layer: (o: ObjectOut) => o.view.layer,
    faceUp: (o: ObjectOut) => o.view.faceUp,
    revealedToAll: (o: ObjectOut) => o.view.revealedTo === 'all',
    card: (o: ObjectOut) => o.view.card,
    history: (o: ObjectOut) => historyOut(o.view.history),
    internalKey: (o: ObjectOut) => o.view.key,
    statuses: (o: ObjectOut) => statusList(o.view.statuses),
    counters: (o: ObjectOut) => counterList(o.view.counters),
    zone: zoneOut,
    owner: (o: ObjectOut) => seatOf(o.lookup, o.view.ownerId),
    controller: (o: ObjectOut) => seatOf(o.lookup, o.view.controllerId),
    host: (o: ObjectOut) => {
      const hostId = o.view.hostId;
      if (hostId === null) return null;
      return withLookup(o.lookup, (lookup): ObjectOut | null => {
        const host = lookup.object(hostId);
        return host ? { view: host, lookup: o.lookup } : null;
      });
    },
    attached: (o: ObjectOut) =>
      withLookup(o.lookup, (lookup) =>
        lookup.attached(o.view.id).map((view): ObjectOut => ({ view, lookup: o.lookup })),
      ),
    revealedTo: (o: ObjectOut) => {
      const ids = o.view.revealedTo;
      if (ids === 'all') return [];
      return withLookup(o.lookup, (lookup) =>
        ids.map((id) => lookup.player(id)).filter((p): p is PlayerOut => p !== null),
      );
    },
  },
  Zone: {
    id: (z: ZoneOut) => z.zone.id,
    type: (z: ZoneOut) => z.zone.type,
    index: (z: ZoneOut) => z.zone.index,
    counters: (z: ZoneOut) => counterList(z.zone.counters),
    name: (z: ZoneOut) =>
      z.view
        ? z.view.name
        : withLookup(z.lookup, (lookup) => {
            const owner = z.zone.ownerId === null ? null : lookup.player(z.zone.ownerId);
            return zoneDisplayName(lookup.spec, { players: owner ? [owner] : [] }, z.zone);
          }),
    count: (z: ZoneOut) => zoneView(z, (view) => view?.count ?? 0),
    owner: (z: ZoneOut) => {
      const ownerId = z.zone.ownerId;
      return ownerId === null ? null : withLookup(z.lookup, (lookup) => lookup.player(ownerId));
    },
    objects: (z: ZoneOut) =>
      zoneView(z, (view) => (view?.objects ?? []).map((v): ObjectOut => ({ view: v, lookup: z.lookup }))),
  },
};
