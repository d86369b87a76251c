/**
 * The database restarts across the deadline (issue 40, done-when 2): a service process runs
 * games whose clocks run out while PostgreSQL is down. A clock does not run while the service
 * cannot take a move: when the database is back, the sweep finds the gap between its ticks, gives
 * every running clock that time back (one CLOCK_CHANGED, op OUTAGE, per game), and each flag then
 * falls once, at its new deadline. No duplicate, no miss, over 20 games.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/postgres/embedded.js';
import { applyMigrations } from '../../src/postgres/schema-engine.js';
import { startServiceProcess, type ServiceProcess } from '../support/process.js';
import { TEST_ADMIN_TOKEN } from '../support/server.js';
import { until } from '../support/wait.js';
import {
  clockGame,
  clockMove,
  databaseNow,
  expectExpiriesWithin,
  gqlAt,
  viewClock,
  type ClockGame,
  type Gql,
} from './support.js';

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

async function startedGames(s: Gql): Promise<{ games: ClockGame[]; deadlines: number[] }> {
  const games = await Promise.all(
    Array.from({ length: GAMES_PER_ROUND }, () =>
      clockGame(s, { kind: 'CHESS', mainMs: MAIN_MS, onExpire: 'LOSE' }),
    ),
  );
  for (const g of games) {
    const started = await clockMove(s, 'startClock', { gameId: g.id, playerId: g.a }, g.referee);
    expect(started.codes).toEqual([]);
  }
  // One read at a time: a client of a credential holds a bounded number of work slots.
  const deadlines: number[] = [];
  for (const g of games) deadlines.push((await viewClock(s, g.id)).clock!.deadlineMs!);
  return { games, deadlines };
}

describe('PostgreSQL restarts across the deadline', () => {
  it(`gives the outage back and records each flag once, ${ROUNDS * GAMES_PER_ROUND} times`, async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'zk-clock-db-restart-'));
    await chmod(dir, 0o755);
    const pgPort = await freePort();
    const startPostgres = async () => {
      postgres = await startEmbeddedPostgres({ dir: dir!, port: pgPort, persistent: true });
      return postgres;
    };
    const cluster = await startPostgres();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const databaseUrl = cluster.urlFor(DATABASE);
    await applyMigrations(databaseUrl);
    service = await startServiceProcess({
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      DATABASE_POOL_SIZE: '5',
      CLOCK_SWEEP_MS: '50',
      CLOCK_OUTAGE_MS: String(OUTAGE_MS),
      CREATE_GAME_RATE_PER_MINUTE: '1000000',
      CREATE_GAME_BURST: '1000000',
    });
    const s = gqlAt(service.url);
    let flags = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { games, deadlines } = await startedGames(s);
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
      await startPostgres();
      for (const g of games) {
        await until(
          async () => (await viewClock(s, g.id).catch(() => null))?.status === 'ENDED',
          `game ${g.id} to end`,
          {
            timeoutMs: 60_000,
          },
        );
        const { log } = await expectExpiriesWithin(s, g, [g.a], EXPIRY_LATENESS_MS);
        // The outage is in the log, once, before the flag: the time given back covers the deadline.
        const outages = log.filter((e) => e.kind === 'CLOCK_CHANGED' && e.clockChange?.op === 'OUTAGE');
        expect(outages).toHaveLength(1);
        expect(outages[0]!.clockChange!.ms).toBeGreaterThanOrEqual(DOWN_PAST_DEADLINE_MS);
        const expiry = log.find((e) => e.kind === 'CLOCK_EXPIRED')!;
        expect(outages[0]!.seq).toBeLessThan(expiry.seq);
        expect(log.filter((e) => e.kind === 'PLAYER_CONCEDED').map((e) => e.concededPlayerId)).toEqual([g.a]);
        flags += 1;
      }
    }
    expect(flags).toBe(ROUNDS * GAMES_PER_ROUND);
  }, 300_000);
});
