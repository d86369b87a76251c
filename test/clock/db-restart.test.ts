/**
 * The database restarts across the deadline (issue 40, done-when 2): a service process runs
 * games whose clocks run out while PostgreSQL is down. A clock does not run while the service
 * cannot take a move: when the database is back, the sweep finds the gap between its ticks, gives
 * every running clock that time back (a CLOCK_CHANGED, op OUTAGE, in each game), and each flag then
 * falls once, at its new deadline. No duplicate, no miss, over 20 games.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDist, type ServiceProcess } from '../support/process.js';
import { RestartablePostgres } from '../support/restartable-postgres.js';
import { until } from '../support/wait.js';
import {
  databaseNow,
  expectExpiriesWithin,
  gqlAt,
  startClockService,
  startedClockGames,
  viewClock,
} from './support.js';

beforeAll(buildDist, 250_000);

/** Restarts of the database, each across the deadlines of this many games: 20 flags in all. */
const ROUNDS = 2;
const GAMES_PER_ROUND = 10;
const MAIN_MS = 3_000;
/** A gap between sweeps longer than this is an outage whose time the clocks get back. */
const OUTAGE_MS = 1_000;
/** How long after the last deadline (had the clocks kept running) the database stays down. */
const DOWN_PAST_DEADLINE_MS = 1_500;
/** How late an expiry may be recorded after its deadline (the sweep runs every 50 ms). */
const EXPIRY_LATENESS_MS = 1_000;
let postgres: RestartablePostgres | null = null;
let service: ServiceProcess | null = null;

afterAll(async () => {
  await service?.stop('SIGKILL');
  await postgres?.dispose();
}, 60_000);

describe('PostgreSQL restarts across the deadline', () => {
  it(`gives the outage back and records each flag once, ${ROUNDS * GAMES_PER_ROUND} times`, async () => {
    postgres = await RestartablePostgres.create('zk-clock-db-restart-');
    const { databaseUrl } = postgres;
    service = await startClockService(databaseUrl, { CLOCK_OUTAGE_MS: String(OUTAGE_MS) });
    const s = gqlAt(service.url);
    let flags = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { games, deadlines } = await startedClockGames(s, GAMES_PER_ROUND, MAIN_MS);
      const first = Math.min(...deadlines);
      const last = Math.max(...deadlines);
      // The database's clock is this machine's (zk_now() is clock_timestamp(), unpinned here).
      const offset = (await databaseNow(databaseUrl)) - Date.now();
      await until(() => Date.now() + offset >= first - 500, 'the moment before the first deadline');
      await postgres.stop();
      await until(
        () => Date.now() + offset >= last + DOWN_PAST_DEADLINE_MS,
        'every deadline passed while the database is down',
        { timeoutMs: 60_000 },
      );
      await postgres.start();
      for (const g of games) {
        await until(
          async () => (await viewClock(s, g.id).catch(() => null))?.status === 'ENDED',
          `game ${g.id} to end`,
          {
            timeoutMs: 60_000,
          },
        );
        const { log } = await expectExpiriesWithin(s, g, [g.a], EXPIRY_LATENESS_MS);
        // The outage is in the log before the flag, and the time given back covers the downtime. A
        // loaded machine may leave another gap longer than OUTAGE_MS between ticks: given back too.
        const outages = log.filter((e) => e.kind === 'CLOCK_CHANGED' && e.clockChange?.op === 'OUTAGE');
        const expiry = log.find((e) => e.kind === 'CLOCK_EXPIRED')!;
        expect(outages.length).toBeGreaterThanOrEqual(1);
        expect(outages.every((e) => e.seq < expiry.seq)).toBe(true);
        const givenBack = outages.reduce((sum, e) => sum + e.clockChange!.ms!, 0);
        expect(givenBack).toBeGreaterThanOrEqual(DOWN_PAST_DEADLINE_MS);
        expect(log.filter((e) => e.kind === 'PLAYER_CONCEDED').map((e) => e.concededPlayerId)).toEqual([g.a]);
        flags += 1;
      }
    }
    expect(flags).toBe(ROUNDS * GAMES_PER_ROUND);
  }, 300_000);
});
