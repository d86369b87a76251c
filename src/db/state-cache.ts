/**
 * Loaded game states, kept per process and keyed by `(gameId, version)`.
 *
 * Safe because every committed change to a game bumps its version under the game row lock
 * (mutations, status changes; imports create new games): a state cached at version V *is* the
 * state of any transaction that reads version V. Another instance's commit moves the version on,
 * so its readers here simply miss and reload. States are immutable values, shared freely.
 */
import type { Db } from './client.js';
import type { LoadedGame } from './state.js';

/** Bound on cached games per database client (least recently used are dropped). */
const MAX_GAMES = 500;

export class StateCache {
  readonly #games = new Map<string, LoadedGame>();

  constructor(private readonly limit = MAX_GAMES) {}

  /** The state of `gameId` at exactly `version`, if cached. */
  get(gameId: string, version: number): LoadedGame | undefined {
    const hit = this.#games.get(gameId);
    if (!hit || hit.game.version !== version) return undefined;
    // Refresh recency: Map iteration order is insertion order.
    this.#games.delete(gameId);
    this.#games.set(gameId, hit);
    return hit;
  }

  /**
   * The newest cached state of `gameId`, whatever its version: a guess to plan against, valid only
   * once the database confirms the version (`zk_commit_move` compares it under the row lock).
   */
  latest(gameId: string): LoadedGame | undefined {
    return this.#games.get(gameId);
  }

  /** Remembers a committed (or freshly loaded) state; older versions of the game are replaced. */
  set(loaded: LoadedGame): void {
    const current = this.#games.get(loaded.game.id);
    if (current && current.game.version > loaded.game.version) return;
    this.#games.delete(loaded.game.id);
    this.#games.set(loaded.game.id, loaded);
    if (this.#games.size > this.limit) this.#games.delete(this.#games.keys().next().value as string);
  }

  get size(): number {
    return this.#games.size;
  }
}

const caches = new WeakMap<object, StateCache>();

/** The cache of one database client (each app, and each test server, has its own). */
export function stateCacheFor(db: Db): StateCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new StateCache();
    caches.set(db, cache);
  }
  return cache;
}
