/**
 * Maps the rules layer's per-viewer views (already redacted by `viewGame` / `viewSnapshot` /
 * `redactEvent`) to GraphQL objects. Nothing here sees a raw row: every object handed out was
 * built for the caller's Viewer, and `zone/owner/host/attached/revealedTo` resolve through one
 * per-request {@link GameLookup} built from the same view (no N+1).
 */
import type { Resolvers } from '../generated/graphql.js';
import {
  viewGame,
  type GameState,
  type HistoryEntry,
  type ObjectView,
  type RulesetSpec,
  type Viewer,
  type ZoneState,
  type ZoneView,
} from '../rules/index.js';

/** A seat as GraphQL shows it. */
export interface PlayerOut {
  readonly id: string;
  readonly name: string;
  readonly seat: number;
}

/** Everything field resolvers need to turn ids into objects, for one game and one viewer. */
export interface GameLookup {
  readonly spec: RulesetSpec;
  readonly viewer: Viewer;
  player(id: string): PlayerOut | null;
  zone(id: string): ZoneView | null;
  /** The current view of an object by public id. */
  object(publicId: string): ObjectView | null;
  /** Objects hosted on / under the object with this public id, in order. */
  attached(publicId: string): readonly ObjectView[];
}

/**
 * A lookup, or a way to get one on first use (subscriptions build events without loading the game;
 * the game is then loaded once, the first time a nested field needs it). Memoize the thunk.
 */
export type LookupSource = GameLookup | (() => Promise<GameLookup>);

export interface ObjectOut {
  readonly view: ObjectView;
  readonly lookup: LookupSource;
  /** Zones an event names that may no longer exist (removed zones), to resolve `zone` anyway. */
  readonly extraZones?: readonly ZoneState[];
}

export interface ZoneOut {
  readonly view: ZoneView;
  readonly lookup: LookupSource;
}

/** Builds the per-request lookup from a state and the seats' names. */
export function buildLookup(
  spec: RulesetSpec,
  state: GameState,
  viewer: Viewer,
  players: readonly PlayerOut[],
): GameLookup {
  const view = viewGame(spec, state, viewer);
  const playersById = new Map(players.map((p) => [p.id, p]));
  const zonesById = new Map(view.zones.map((z) => [z.id, z]));
  const objectsById = new Map<string, ObjectView>();
  const attachedById = new Map<string, ObjectView[]>();
  for (const z of view.zones) {
    for (const o of z.objects) {
      objectsById.set(o.id, o);
      if (o.hostId !== null) {
        const list = attachedById.get(o.hostId);
        if (list) list.push(o);
        else attachedById.set(o.hostId, [o]);
      }
    }
  }
  return {
    spec,
    viewer,
    player: (id) => playersById.get(id) ?? null,
    zone: (id) => zonesById.get(id) ?? null,
    object: (id) => objectsById.get(id) ?? null,
    attached: (id) => attachedById.get(id) ?? [],
  };
}

/** Lookups that a memoized thunk has finished loading: fields then resolve synchronously. */
const loadedLookups = new WeakMap<object, GameLookup>();

/** Memoizes a lazy lookup so that one event batch loads its game at most once. */
export function memoLookup(load: () => Promise<GameLookup>): () => Promise<GameLookup> {
  let pending: Promise<GameLookup> | null = null;
  const thunk = () =>
    (pending ??= load().then((lookup) => {
      loadedLookups.set(thunk, lookup);
      return lookup;
    }));
  return thunk;
}

/**
 * `fn` applied to the lookup: synchronously when it is at hand (a game view), so that graphql-js
 * need not await a promise per field of every object; else once the lazy lookup has loaded.
 */
export function withLookup<T>(source: LookupSource, fn: (lookup: GameLookup) => T): T | Promise<T> {
  if (typeof source !== 'function') return fn(source);
  // Once loaded, every further field of the page or batch resolves without a promise each.
  const loaded = loadedLookups.get(source);
  return loaded ? fn(loaded) : source().then(fn);
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

function missingZone(id: string, extra: readonly ZoneState[] | undefined): ZoneView {
  // A zone removed since (FAB: a zone ceasing to exist): shown empty, with its last known type.
  const z = extra?.find((x) => x.id === id);
  return {
    id,
    type: z?.type ?? 'removed',
    name: z?.type ?? 'removed',
    ownerId: z?.ownerId ?? null,
    index: z?.index ?? 0,
    count: 0,
    objects: [],
  };
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
    zone: (o: ObjectOut) =>
      withLookup(o.lookup, (lookup): ZoneOut => ({
        view: lookup.zone(o.view.zoneId) ?? missingZone(o.view.zoneId, o.extraZones),
        lookup: o.lookup,
      })),
    // An object's owner and controller are players of its game (MTG 108.3, 108.4).
    owner: (o: ObjectOut) => withLookup(o.lookup, (lookup) => lookup.player(o.view.ownerId) as PlayerOut),
    controller: (o: ObjectOut) =>
      withLookup(o.lookup, (lookup) => lookup.player(o.view.controllerId) as PlayerOut),
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
    id: (z: ZoneOut) => z.view.id,
    type: (z: ZoneOut) => z.view.type,
    name: (z: ZoneOut) => z.view.name,
    index: (z: ZoneOut) => z.view.index,
    count: (z: ZoneOut) => z.view.count,
    owner: (z: ZoneOut) => {
      const ownerId = z.view.ownerId;
      return ownerId === null ? null : withLookup(z.lookup, (lookup) => lookup.player(ownerId));
    },
    objects: (z: ZoneOut): ObjectOut[] => z.view.objects.map((view) => ({ view, lookup: z.lookup })),
  },
} satisfies Resolvers;
