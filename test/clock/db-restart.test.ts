/**
 * The database restarts across the deadline (issue 40, done-when 2): a service process runs
 * games whose clocks run out while PostgreSQL is down. A clock does not run while the service
 * cannot take a move: when the database is back, the sweep finds the gap between its ticks, gives
 * every running clock that time back (a CLOCK_CHANGED, op OUTAGE, in each game), and each flag then
 * falls once, at its new deadline. No duplicate, no miss, over 20 games.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/postgres/embedded.js';
import { applyMigrations } from '../../src/postgres/schema-engine.js';
import { buildDist, type ServiceProcess } from '../support/process.js';
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
const DATABASE = 'zonekeeper';

let dir: string | null = null;
let postgres: EmbeddedDatabase | null = null;
let service: ServiceProcess | null = null;

afterAll(async () => {
  await service?.stop('SIGKILL');
  await postgres?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

/** A cluster of our own on `port` (kept in `dir` across restarts), with the service's database migrated. */
async function clusterWithDatabase(port: number): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), 'zk-clock-db-restart-'));
  // The server runs as an unprivileged user, which must be able to enter the folder.
  await chmod(dir, 0o755);
  postgres = await startEmbeddedPostgres({ dir, port, persistent: true });
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  const url = postgres.urlFor(DATABASE);
  await applyMigrations(url);
  return url;
}

describe('PostgreSQL restarts across the deadline', () => {
  it(`gives the outage back and records each flag once, ${ROUNDS * GAMES_PER_ROUND} times`, async () => {
    const pgPort = await freePort();
    const databaseUrl = await clusterWithDatabase(pgPort);
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
      await postgres!.stop();
      postgres = null;
      await until(
        () => Date.now() + offset >= last + DOWN_PAST_DEADLINE_MS,
        'every deadline passed while the database is down',
        { timeoutMs: 60_000 },
      );
      postgres = await startEmbeddedPostgres({ dir: dir!, port: pgPort, persistent: true });
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
