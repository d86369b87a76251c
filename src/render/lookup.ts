/**
 * The per-request lookup nested fields resolve through: one view of one game state for one viewer
 * (`viewGame`, already redacted), indexed by id, so `zone/owner/host/attached/revealedTo` cost no
 * query and no N+1.
 */
import {
  viewGame,
  type Counters,
  type GameState,
  type ObjectView,
  type RulesetSpec,
  type Viewer,
  type ZoneView,
} from '../rules/index.js';

/** A seat as GraphQL shows it; counters as the viewer may see them (absent: none). */
export interface PlayerOut {
  readonly id: string;
  readonly name: string;
  readonly seat: number;
  readonly counters?: Counters;
  readonly conceded?: boolean;
}

/** Everything field resolvers need to turn ids into objects, for one game state and one viewer. */
export interface GameLookup {
  readonly spec: RulesetSpec;
  readonly viewer: Viewer;
  /** The seats in seat order, with their counters as the viewer may see them. */
  readonly players: readonly PlayerOut[];
  player(id: string): PlayerOut | null;
  /** A seat the state itself names (an owner, a controller, a created seat): always present. */
  seat(id: string): PlayerOut;
  zone(id: string): ZoneView | null;
  /** The view of an object by public id. */
  object(publicId: string): ObjectView | null;
  /** Objects hosted on / under the object with this public id, in order. */
  attached(publicId: string): readonly ObjectView[];
}

/**
 * A lookup, or a way to get one on first use (events are rendered without loading their game; it
 * is loaded once, the first time a nested field needs it). Memoize the thunk ({@link memoLookup}).
 */
export type LookupSource = GameLookup | (() => Promise<GameLookup>);

/** Builds the lookup of a state for a viewer, with the seats' names. */
export function buildLookup(
  spec: RulesetSpec,
  state: GameState,
  viewer: Viewer,
  players: readonly PlayerOut[],
): GameLookup {
  const view = viewGame(spec, state, viewer);
  const tableOfPlayer = new Map(view.players.map((p) => [p.id, p]));
  const seats = players.map((p): PlayerOut => {
    const t = tableOfPlayer.get(p.id);
    return {
      id: p.id,
      name: p.name,
      seat: p.seat,
      ...(t?.counters ? { counters: t.counters } : {}),
      ...(t?.conceded ? { conceded: true } : {}),
    };
  });
  const playersById = new Map(seats.map((p) => [p.id, p]));
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
    players: seats,
    player: (id) => playersById.get(id) ?? null,
    seat: (id) => {
      const player = playersById.get(id);
      // Owners and controllers are seats of the game by construction (the planner never names another).
      if (!player) throw new Error(`state names an unknown seat ${id}`);
      return player;
    },
    zone: (id) => zonesById.get(id) ?? null,
    object: (id) => objectsById.get(id) ?? null,
    attached: (id) => attachedById.get(id) ?? [],
  };
}

/** Lookups that a memoized thunk has finished loading: fields then resolve synchronously. */
const loadedLookups = new WeakMap<object, GameLookup>();

/** Memoizes a lazy lookup so that it is loaded at most once. */
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
