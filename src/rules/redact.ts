/**
 * Per-viewer redaction. Every outgoing path (queries, subscriptions, event logs) goes through these
 * functions; they never include card properties a viewer may not see (see `visibility.ts`), nor
 * internal keys for non-admins. {@link viewSnapshot} is the one redaction of an object.
 */
import { eventExtras, type CounterChangeView, type EventExtras } from './event-extras.js';

export type { CounterChangeView } from './event-extras.js';
import { indexPositions, type PositionIndex } from './positions.js';
import { zoneDisplayName, zoneTypeOf } from './spec.js';
import { visiblePlayerCounters, visibleTableState } from './table.js';
import type { CardProps, ObjectKind } from './types/card.js';
import type { RulesetId } from './types/catalog.js';
import type { DomainEvent, SnapshotContext } from './types/events.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { Counters, GameState, HistoryEntry, ObjectState, ZoneState } from './types/state.js';
import type { Viewer } from './types/viewer.js';
import { canSeeSnapshot, contextOf } from './visibility.js';

/** An object as one viewer may see it: card and history null unless visible (MTG 400.2, FAB rule:object_visibility). */
export interface ObjectView {
  readonly id: string;
  /** Internal key: admin only. */
  readonly key: string | null;
  readonly kind: ObjectKind;
  readonly zoneId: string;
  readonly ownerId: string;
  readonly controllerId: string;
  /** Top-level position, 0 = top; null for hosted objects (their location is the host). */
  readonly position: number | null;
  /** Stack zones only: layer number N..1 (FAB sec:stack_zone). */
  readonly layer: number | null;
  readonly faceUp: boolean;
  /** Host's public id, or null. */
  readonly hostId: string | null;
  readonly revealedTo: readonly string[] | 'all';
  /** Null unless the viewer may see the object. */
  readonly card: CardProps | null;
  readonly history: readonly HistoryEntry[] | null;
  /** Non-default statuses and counters the viewer may see (`table.ts`, visibleTableState). */
  readonly statuses: Readonly<Record<string, string>>;
  readonly counters: Counters;
}

/** A zone as one viewer may see it: the true count, each object redacted. */
export interface ZoneView {
  readonly id: string;
  readonly type: string;
  /** Display name in the game's own words (NR R&D / Stack per seat). */
  readonly name: string;
  readonly ownerId: string | null;
  readonly index: number;
  /** Always the true count: counts are open (MTG 401.3, 402.3; NR rule_deck_size_open_information). */
  readonly count: number;
  readonly objects: readonly ObjectView[];
  readonly counters?: Counters;
}

/** A whole game as one viewer may see it. */
export interface GameView {
  readonly ruleset: RulesetId;
  readonly players: GameState['players'];
  readonly zones: readonly ZoneView[];
}

/** One object's change as a viewer may learn it. Linked only if the viewer saw it before and after. */
export interface ChangeView {
  readonly previousId: string | null;
  readonly objectId: string | null;
  readonly fromZoneId: string | null;
  readonly toZoneId: string | null;
  readonly object: ObjectView | null;
}

/** An event as a viewer may learn it: the event's zones and citations, its changes redacted. */
export interface EventView extends Pick<
  DomainEvent,
  'kind' | 'zoneIds' | 'rules' | 'zonesCreated' | 'zonesRemoved'
> {
  readonly changes: readonly ChangeView[];
  readonly unchangedIds: readonly string[];
  /** Player counters (as the viewer may see them) and zone counters after the event (0: none left). */
  readonly counterChanges: readonly CounterChangeView[];
  readonly turn: EventExtras['turn'];
  readonly result: EventExtras['result'];
  readonly concededPlayerId: string | null;
  /** DICE_ROLLED, COINS_FLIPPED: results only where the viewer may see them. */
  readonly roll: EventExtras['roll'];
  /** ENTROPY_ADDED: public. */
  readonly entropy: EventExtras['entropy'];
}

/**
 * An object and where it was, as stored in an event. `context` is null when the event was stored
 * without one, or names a zone type the ruleset no longer has.
 */
export interface StoredSnapshot {
  readonly obj: ObjectState;
  readonly context: SnapshotContext | null;
}

/** Visibility of a stored snapshot: {@link canSeeSnapshot}; without a context, an admin only (safe default). */
function seesStored(spec: RulesetSpec, viewer: Viewer, snap: StoredSnapshot): boolean {
  const { obj, context } = snap;
  return context ? canSeeSnapshot(spec, viewer, { obj, context }) : viewer.kind === 'admin';
}

/**
 * View of an object snapshot for a viewer: card and history null unless the viewer may see it
 * (MTG 400.2, FAB rule:object_visibility, NR rule_secret_zone); position, layer and host from where
 * it is (null without a context); the internal key for admins only.
 */
export function viewSnapshot(spec: RulesetSpec, viewer: Viewer, snap: StoredSnapshot): ObjectView {
  const { obj, context } = snap;
  const visible = seesStored(spec, viewer, snap);
  const publicZone = context !== null && zoneTypeOf(spec, context.zone.type)?.visibility === 'public';
  const table = visibleTableState(spec, obj, visible, publicZone);
  return {
    id: obj.publicId,
    key: viewer.kind === 'admin' ? obj.key : null,
    kind: obj.kind,
    zoneId: obj.zoneId,
    ownerId: obj.ownerId,
    controllerId: obj.controllerId,
    position: context?.position ?? null,
    layer: context?.layer ?? null,
    faceUp: obj.faceUp,
    hostId: context?.host?.publicId ?? null,
    revealedTo: obj.revealedTo,
    card: visible ? obj.card : null,
    history: visible ? obj.history : null,
    statuses: table.statuses,
    counters: table.counters,
  };
}

/** View of an object in a state. */
export function viewObject(
  spec: RulesetSpec,
  state: GameState,
  viewer: Viewer,
  obj: ObjectState,
  positions?: PositionIndex,
): ObjectView {
  return viewSnapshot(spec, viewer, { obj, context: contextOf(spec, state, obj, positions) });
}

/**
 * View of a zone whose objects are `inZone` (in state order): true count, objects in position order
 * (hosted objects follow their host). Hosted objects are grouped by host once, so a zone of n
 * objects costs n log n, not n² (a view walks every zone of the game).
 */
function viewZone(
  spec: RulesetSpec,
  state: GameState,
  viewer: Viewer,
  zone: ZoneState,
  positions: PositionIndex,
  inZone: readonly ObjectState[],
): ZoneView {
  const top: ObjectState[] = [];
  const hostedBy = new Map<string, ObjectState[]>();
  for (const o of inZone) {
    if (o.hostKey === null) top.push(o);
    else {
      const hosted = hostedBy.get(o.hostKey);
      if (hosted) hosted.push(o);
      else hostedBy.set(o.hostKey, [o]);
    }
  }
  top.sort((a, b) => (positions.get(a.key)?.position ?? 0) - (positions.get(b.key)?.position ?? 0));
  for (const hosted of hostedBy.values()) hosted.sort((a, b) => a.sortKey - b.sortKey);
  const ordered: ObjectState[] = [];
  const seen = new Set<string>();
  const visit = (o: ObjectState): void => {
    if (seen.has(o.key)) return;
    seen.add(o.key);
    ordered.push(o);
    for (const h of hostedBy.get(o.key) ?? []) visit(h);
  };
  top.forEach(visit);
  inZone.forEach(visit);
  return {
    id: zone.id,
    type: zone.type,
    name: zoneDisplayName(spec, state, zone),
    ownerId: zone.ownerId,
    index: zone.index,
    count: top.length,
    objects: ordered.map((o) => viewObject(spec, state, viewer, o, positions)),
    ...(zone.counters ? { counters: zone.counters } : {}),
  };
}

/** View of a whole game for a viewer. */
export function viewGame(spec: RulesetSpec, state: GameState, viewer: Viewer): GameView {
  const positions = indexPositions(state);
  // Each zone's objects in state order, grouped in one pass over the state.
  const byZone = new Map<string, ObjectState[]>();
  for (const o of state.objects) {
    const list = byZone.get(o.zoneId);
    if (list) list.push(o);
    else byZone.set(o.zoneId, [o]);
  }
  return {
    ruleset: state.ruleset,
    players: state.players.map((p) =>
      p.counters ? { ...p, counters: visiblePlayerCounters(spec, viewer, p.id, p.counters) } : p,
    ),
    zones: state.zones.map((z) => viewZone(spec, state, viewer, z, positions, byZone.get(z.id) ?? [])),
  };
}

/** A transition's object with its context, dropped unless it names a zone type of the ruleset. */
function stored(
  spec: RulesetSpec,
  obj: ObjectState,
  context: SnapshotContext | null | undefined,
): StoredSnapshot {
  const valid = context && spec.zoneTypes.some((t) => t.type === context.zone.type) ? context : null;
  return { obj, context: valid };
}

/**
 * Redacts a stored event for a viewer. A transition the viewer saw before and after becomes one
 * linked change; any other is split into an unlinked "left" entry and an "arrived" entry. Linked
 * changes come first, then left entries sorted by previous id, then arrivals sorted by new id, so
 * nothing in the order links a hidden object's old and new ids.
 */
export function redactEvent(spec: RulesetSpec, event: DomainEvent, viewer: Viewer): EventView {
  const linked: ChangeView[] = [];
  const left: ChangeView[] = [];
  const arrived: ChangeView[] = [];
  for (const t of event.transitions) {
    const { before, after } = t;
    const sawBefore = before !== null && seesStored(spec, viewer, stored(spec, before, t.beforeContext));
    const seesAfter = after !== null && seesStored(spec, viewer, stored(spec, after, t.afterContext));
    const sameId = before !== null && after !== null && before.publicId === after.publicId;
    if (before && after && ((sawBefore && seesAfter) || sameId)) {
      linked.push({
        previousId: before.publicId,
        objectId: after.publicId,
        fromZoneId: before.zoneId,
        toZoneId: after.zoneId,
        object: viewSnapshot(spec, viewer, stored(spec, after, t.afterContext)),
      });
      continue;
    }
    if (before && !after && sawBefore) {
      linked.push({
        previousId: before.publicId,
        objectId: null,
        fromZoneId: before.zoneId,
        toZoneId: null,
        object: null,
      });
      continue;
    }
    if (before)
      left.push({
        previousId: before.publicId,
        objectId: null,
        fromZoneId: before.zoneId,
        toZoneId: null,
        object: null,
      });
    if (after)
      arrived.push({
        previousId: null,
        objectId: after.publicId,
        fromZoneId: null,
        toZoneId: after.zoneId,
        object: viewSnapshot(spec, viewer, stored(spec, after, t.afterContext)),
      });
  }
  const byPrev = (a: ChangeView, b: ChangeView) => ((a.previousId ?? '') < (b.previousId ?? '') ? -1 : 1);
  const byNew = (a: ChangeView, b: ChangeView) => ((a.objectId ?? '') < (b.objectId ?? '') ? -1 : 1);
  return {
    kind: event.kind,
    zoneIds: [...event.zoneIds],
    rules: [...event.rules],
    changes: [...linked, ...left.sort(byPrev), ...arrived.sort(byNew)],
    zonesCreated: event.zonesCreated,
    zonesRemoved: event.zonesRemoved,
    unchangedIds: event.unchangedIds ?? [],
    ...eventExtras(spec, event, viewer),
  };
}
