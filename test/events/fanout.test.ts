/**
 * Both cross-instance fanouts, each with two independent instances as two server processes would
 * have: a notice published on one reaches the other. PostgreSQL LISTEN/NOTIFY also survives the loss
 * of its listening connection. Redis needs a server at REDIS_TEST_URL (default 127.0.0.1:6379);
 * where none is reachable its test is skipped with a warning banner, or fails under CI
 * (test/support/redis.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventNotice, Fanout } from '../../src/events/fanout.js';
import { PgFanout } from '../../src/events/pg-fanout.js';
import { RedisFanout } from '../../src/events/redis-fanout.js';
import { createLogger } from '../../src/logger.js';
import { useTestDatabase } from '../support/db.js';
import { createGame, NO_SEAT_ENTROPY } from '../support/game-api.js';
import { REDIS_URL, requireRedis, runRedisTests } from '../support/redis.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { within } from './log-rows.js';

const logger = createLogger('silent');
const redisRuns = runRedisTests('Redis pub/sub fanout');

/** Resolves with the first notice for `gameId` that `fanout` hears. */
function heard(fanout: Fanout, gameId: string): Promise<EventNotice> {
  return new Promise((resolve) => {
    const off = fanout.subscribe((n) => {
      if (n.gameId === gameId) {
        off();
        resolve(n);
      }
    });
  });
}

async function crossInstance(a: Fanout, b: Fanout, gameId: string): Promise<void> {
  const onB = heard(b, gameId);
  const onA = heard(a, gameId);
  await a.publish({ gameId, seq: 42 });
  expect(await within(5_000, 'notice on B', onB)).toEqual({ gameId, seq: 42 });
  expect(await within(5_000, 'notice on A', onA)).toEqual({ gameId, seq: 42 });
}

describe('PostgreSQL LISTEN/NOTIFY fanout', () => {
  let url: string;
  const open: Fanout[] = [];
  beforeAll(async () => {
    url = (await useTestDatabase()).url;
  });
  afterAll(async () => {
    await Promise.all(open.map((f) => f.close()));
  });

  it('carries a notice from one instance to another', async () => {
    expect.assertions(2);
    const [a, b] = await Promise.all([PgFanout.start(url, logger), PgFanout.start(url, logger)]);
    open.push(a, b);
    await crossInstance(a, b, crypto.randomUUID());
  });

  it('reconnects its listener after the connection is killed', async () => {
    expect.assertions(1);
    const [a, b] = await Promise.all([PgFanout.start(url, logger), PgFanout.start(url, logger)]);
    open.push(a, b);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'`,
      );
      expect(rowCount).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    // Publish until the re-established listener hears it (reconnect backoff starts at 100 ms).
    const gameId = crypto.randomUUID();
    const onB = heard(b, gameId);
    let got = false;
    void onB.then(() => (got = true));
    await within(
      10_000,
      'notice after reconnect',
      (async () => {
        while (!got) {
          await a.publish({ gameId, seq: 1 }).catch(() => undefined);
          await new Promise((r) => setTimeout(r, 100));
        }
      })(),
    );
  });
});

describe('notices after the commit, never inside it', () => {
  let url: string;
  beforeAll(async () => {
    url = (await useTestDatabase()).url;
  });

  it('the commit statements (zk_commit_move, zk_create_game) send no notice', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ proname: string; prosrc: string }>(
        `SELECT proname, prosrc FROM pg_proc WHERE proname IN ('zk_commit_move', 'zk_create_game')`,
      );
      expect(rows.map((r) => r.proname).sort()).toEqual(['zk_commit_move', 'zk_create_game']);
      for (const r of rows) expect(r.prosrc, r.proname).not.toMatch(/notify/i);
    } finally {
      await client.end();
    }
  });

  it('sends the notices published at once together, the highest seq of each game', async () => {
    const [a, b] = await Promise.all([PgFanout.start(url, logger), PgFanout.start(url, logger)]);
    try {
      const [one, two, marker] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      const onB: EventNotice[] = [];
      b.subscribe((n) => onB.push(n));
      await Promise.all([
        ...Array.from({ length: 50 }, (_, i) => a.publish({ gameId: one, seq: 50 - i })),
        a.publish({ gameId: two, seq: 3 }),
      ]);
      // Notices arrive in the order they were sent: once the marker is in, so is everything before.
      const markerHeard = heard(b, marker);
      await a.publish({ gameId: marker, seq: 1 });
      await within(5_000, 'the marker on B', markerHeard);
      expect(onB).toEqual([
        { gameId: one, seq: 50 },
        { gameId: two, seq: 3 },
        { gameId: marker, seq: 1 },
      ]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('a new game on the PostgreSQL fanout', () => {
  let server: TestServer;
  let listener: Fanout;
  beforeAll(async () => {
    server = await startTestServer();
    listener = await PgFanout.start(server.databaseUrl, logger);
  });
  afterAll(() => listener.close());

  it('is announced (seq 1) after the statement that creates it, to every instance', async () => {
    const notices: EventNotice[] = [];
    listener.subscribe((n) => notices.push(n));
    const game = await createGame(
      server,
      'mtg',
      [[{ name: 'Forest', types: ['Land'] }], []],
      undefined,
      NO_SEAT_ENTROPY,
    );
    await expect
      .poll(() => notices.filter((n) => n.gameId === game.gameId), { timeout: 5_000 })
      .toEqual([{ gameId: game.gameId, seq: 1 }]);
  });
});

describe('Redis pub/sub fanout', () => {
  it.runIf(redisRuns)('carries a notice from one instance to another', async () => {
    requireRedis();
    expect.assertions(2);
    const [a, b] = await Promise.all([
      RedisFanout.start(REDIS_URL, logger),
      RedisFanout.start(REDIS_URL, logger),
    ]);
    try {
      await crossInstance(a, b, crypto.randomUUID());
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
