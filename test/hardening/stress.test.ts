/**
 * Stress: 16 clients make contended moves on 3 games at once (in-process server), every
 * mutation with an idempotency key, retrying like real clients: the same key after a transport
 * error (some requests are abandoned mid-flight on purpose, as a dropped connection would be), after
 * a busy game, and for a random fraction of successes, as if the response had been lost; a stale
 * `expectedVersion` becomes a new request. Afterwards every game keeps its invariants, its log
 * rebuilds the stored state and is gapless, nothing was applied twice, and no client ever saw a 5xx
 * or an internal error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  checkAppliedOnce,
  checkGameIntegrity,
  createLoadGames,
  LoadStats,
  runLoad,
  type LoadGame,
} from './load.js';

const CLIENTS = 16;
const GAMES = 3;
const MOVES_PER_CLIENT = 30;
/** The load stops after this long even if the clients have moves left (a busy machine). */
const LOAD_MS = 20_000;

let server: TestServer;
let games: LoadGame[];
beforeAll(async () => {
  server = await startTestServer({ DATABASE_POOL_SIZE: '10' });
  games = await createLoadGames(server.url, GAMES);
});

describe('contended idempotent load', () => {
  it(`${CLIENTS} clients × ${MOVES_PER_CLIENT} moves on ${GAMES} games: consistent, applied once, no internal error`, async () => {
    expect.hasAssertions();
    const stats = new LoadStats();
    const stopAt = Date.now() + LOAD_MS;
    await runLoad({
      url: server.url,
      games,
      clients: CLIENTS,
      movesPerClient: MOVES_PER_CLIENT,
      stop: () => Date.now() > stopAt,
      stats,
      lostResponseRate: 0.2,
      abortRate: 0.05,
    });

    expect(stats.unexpected).toEqual([]);
    expect(stats.serverErrors).toEqual([]);
    expect(stats.count('INTERNAL_SERVER_ERROR')).toBe(0);
    // The load was real: many commits, resent successes, and contention (stale versions).
    expect(stats.committed().length).toBeGreaterThan(CLIENTS * 5);
    expect(stats.lostResponseRetries).toBeGreaterThan(10);
    expect(stats.staleRetries).toBeGreaterThan(0);
    expect(stats.abandoned).toBeGreaterThan(0);

    let commits = 0;
    let checked = 0;
    for (const game of games) {
      const { version } = await checkGameIntegrity(server.databaseUrl, server.url, game.gameId);
      const applied = await checkAppliedOnce(server.databaseUrl, game.gameId, stats);
      expect(applied).toBe(version - 1);
      commits += applied;
      checked++;
    }
    expect(checked).toBe(GAMES);
    expect(commits).toBeGreaterThanOrEqual(stats.committed().length);
  }, 80_000);
});
