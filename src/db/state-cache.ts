/**
 * Loaded game states of one service, keyed by `(gameId, version)`: `app.ts` builds the cache (its
 * bound is `STATE_CACHE_GAMES`) and the data layer is handed it in the service's {@link Store}.
 *
 * Safe because every committed change to a game bumps its version under the game row lock
 * (mutations, status changes; imports create new games): a state cached at version V *is* the
 * state of any transaction that reads version V. Another instance's commit moves the version on,
 * so its readers here simply miss and reload. States are immutable values, shared freely.
 */
import { LRUCache } from 'lru-cache';
import type { CardProps, GameState, ObjectState } from '../rules/index.js';
import type { LoadedGame } from './rows.js';

/**
 * Default bound on cached games per service (least recently used are dropped); the
 * `STATE_CACHE_GAMES` setting replaces it. A cached two-player game of 120 cards holds about
 * 50 KiB of heap once {@link lightState} has shared what it can, so 3,000 games fit well inside
 * the default 512 MiB heap (`NODE_HEAP_MB`).
 */
export const MAX_GAMES = 3_000;

/**
 * Distinct card faces shared between games; past this many, new faces are simply not shared. The
 * one table the process keeps rather than a service: it holds immutable values only, so what one
 * service puts in it changes nothing another one answers; it only lets them share the memory.
 */
const MAX_SHARED_CARDS = 50_000;
const sharedCards = new Map<string, CardProps>();
const isShared = new WeakSet<CardProps>();
/** One empty list for every object with no reveals or no history (most of a game's objects). */
const NONE: readonly never[] = Object.freeze([]);

function cardKey(c: CardProps): string {
  return `${c.name}\u0000${c.text}\u0000${c.types.join('\u0001')}\u0000${c.subtypes.join('\u0001')}\u0000${JSON.stringify(c.attributes)}`;
}

/** One shared instance of equal card faces (card properties are immutable values). */
function shareCard(card: CardProps): CardProps {
  if (isShared.has(card)) return card;
  const key = cardKey(card);
  const hit = sharedCards.get(key);
  if (hit) return hit;
  if (sharedCards.size >= MAX_SHARED_CARDS) return card;
  sharedCards.set(key, card);
  isShared.add(card);
  return card;
}

/**
 * The same state, lighter to keep: equal card faces shared between objects and games (a deck's
 * basic lands, the same cards in many games), each player and zone id one string however many
 * objects name it (parsed JSON gives every object its own copy), and one shared empty list for
 * empty reveals and histories. Values are unchanged.
 */
export function lightState(state: GameState): GameState {
  const ids = new Map<string, string>();
  for (const p of state.players) ids.set(p.id, p.id);
  for (const z of state.zones) ids.set(z.id, z.id);
  const one = (id: string) => ids.get(id) ?? id;
  const objects = state.objects.map((o): ObjectState => {
    // Already light: planned states reuse the objects of the state they came from, and a moved
    // object is a copy of a light one (its card is shared, its ids are the state's own strings).
    // No set of lightened objects is kept: a weak set of every cached object would cost memory
    // and collector time of its own.
    if (isShared.has(o.card)) return o;
    return {
      ...o,
      ownerId: one(o.ownerId),
      controllerId: one(o.controllerId),
      zoneId: one(o.zoneId),
      card: shareCard(o.card),
      revealedTo: o.revealedTo.length === 0 ? NONE : o.revealedTo,
      history: o.history.length === 0 ? NONE : o.history,
    };
  });
  return { ...state, objects };
}

export class StateCache {
  readonly #games: LRUCache<string, LoadedGame>;
  /** Lookups ({@link get}, {@link latest}) that found a state, and those that did not (`/metrics`). */
  hits = 0;
  misses = 0;
  /** Games dropped because the cache was full (least recently used first; `/metrics`). */
  evictions = 0;

  constructor(limit = MAX_GAMES) {
    this.#games = new LRUCache({
      max: limit,
      dispose: (_value, _key, reason) => {
        if (reason === 'evict') this.evictions++;
      },
    });
  }

  /**
   * The cached state of `gameId` at `version` or a later one, if any. A reader that was told the
   * committed version is `version` may be answered with any state committed since: every cached
   * state is committed (a move's, a sweep's or a creation's once its transaction returned, or one
   * loaded from the database), so a later one is as current as the version it was asked for, and a
   * view racing other seats' moves of its game is not sent to the database because one of them
   * committed between its version check and this lookup.
   */
  atLeast(gameId: string, version: number): LoadedGame | undefined {
    const hit = this.#games.peek(gameId);
    if (!hit || hit.game.version < version) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Refreshes its recency.
    this.#games.get(gameId);
    return hit;
  }

  /**
   * The newest cached state of `gameId`, whatever its version: a guess to plan against, valid only
   * once the database confirms the version (`zk_commit_move` compares it under the row lock).
   */
  latest(gameId: string): LoadedGame | undefined {
    const found = this.#games.peek(gameId);
    if (found) this.hits++;
    else this.misses++;
    return found;
  }

  /** Remembers a committed (or freshly loaded) state; older versions of the game are replaced. */
  set(loaded: LoadedGame): void {
    const current = this.#games.peek(loaded.game.id);
    if (current && current.game.version > loaded.game.version) return;
    this.#games.set(loaded.game.id, loaded);
  }

  /**
   * Drops the cached state of `gameId` when another process has committed past it (`lastSeq` is
   * the log's head from a fanout notice): the next move then loads the current state and commits
   * in one statement, instead of planning against a stale state, failing the version check and
   * falling back to the locked transaction.
   */
  forgetIfBehind(gameId: string, lastSeq: number): void {
    const hit = this.#games.peek(gameId);
    if (hit && hit.game.lastSeq < lastSeq) this.#games.delete(gameId);
  }

  get size(): number {
    return this.#games.size;
  }
}
