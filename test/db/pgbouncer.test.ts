/**
 * The service behind PgBouncer in transaction pooling mode, as operators deploy it: two instances
 * with `DATABASE_URL` pointing at the pooler (fewer server connections than the instances' pools
 * hold, so transactions of both share them) and `DIRECT_DATABASE_URL` at PostgreSQL for LISTEN.
 * Moves under contention, idempotent retries, a subscriber on the other instance and a resume
 * after a disconnect all behave as they do on a direct connection.
 *
 * Needs Debian's `pgbouncer` (`.ci/run` installs it when missing). Without it the file is skipped
 * with a warning, except under `CI=true`, where a missing pooler fails the run.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEvent } from '../../src/db/rows.js';
import { replay, type EventWithPlayers } from '../../src/rules/replay.js';
import { createGame, deck, loadGame, mutate, ok, zoneOf, type Created } from '../api/helpers.js';
import { wsClient, type WsClient } from '../events/ws-client.js';
import { useTestDatabase } from '../support/db.js';
import { pgbouncerBinary, startPgBouncer, type PgBouncer } from '../support/pgbouncer.js';
import { docExample } from '../support/doc-example.js';
import { shellCommands } from '../support/doc-run.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';

const CI = process.env['CI'] === 'true' || process.env['CI'] === '1';
const installed = pgbouncerBinary() !== null;
if (!installed && !CI)
  console.warn(
    '\n*** PgBouncer test SKIPPED: pgbouncer is not installed (apt-get install -y pgbouncer). ' +
      'With CI=true this file fails instead. ***\n',
  );

describe.skipIf(!installed && !CI)('behind PgBouncer (pool_mode = transaction)', () => {
  let bouncer: PgBouncer;
  let a: TestServer;
  let b: TestServer;
  let direct: string;
  let pooledUrl: string;
  const clients: WsClient[] = [];

  beforeAll(async () => {
    expect(installed, 'pgbouncer is not installed; CI=true requires it').toBe(true);
    const database = await useTestDatabase();
    // The guide's pgbouncer.ini, its database sent to this test's PostgreSQL.
    bouncer = await startPgBouncer(database.url, { config: docExample('pgbouncer-ini') });
    // The guide's start command: its two URLs, with this test's hosts, user and database standing
    // for `pgbouncer`, `postgres` and `zonekeeper` (the pooled URL keeps the guide's database
    // name, which its pgbouncer.ini must declare); `npm start` is the in-process service.
    const [start, ...more] = shellCommands(docExample('pgbouncer-start'));
    expect(more).toEqual([]);
    expect(start!.words).toEqual(['npm', 'start']);
    expect(Object.keys(start!.env).sort()).toEqual(['DATABASE_URL', 'DIRECT_DATABASE_URL']);
    const as = (readme: string, host: string) => {
      const url = new URL(readme);
      const target = new URL(host);
      url.username = target.username;
      url.password = target.password;
      url.host = target.host;
      return url;
    };
    const readmeDirect = as(start!.env['DIRECT_DATABASE_URL']!, database.url);
    readmeDirect.pathname = new URL(database.url).pathname;
    direct = readmeDirect.toString();
    pooledUrl = as(start!.env['DATABASE_URL']!, bouncer.pooled(database.url)).toString();
    const env = {
      DIRECT_DATABASE_URL: direct,
      // More than the guide's default_pool_size (2 × 12 > 20): the instances' transactions share
      // the pooler's server connections.
      DATABASE_POOL_SIZE: '12',
      // No log poll: events reach B through the fanout (LISTEN on the direct URL) or not at all.
      EVENT_POLL_MS: '0',
    };
    a = await startTestServer(env, { databaseUrl: pooledUrl });
    b = await startTestServer(env, { databaseUrl: pooledUrl });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await bouncer?.stop();
  }, 30_000);

  const twoPlayerGame = (): Promise<Created> =>
    createGame(a, 'mtg', [
      { name: 'A', deck: deck('A', 30) },
      { name: 'B', deck: deck('B', 30) },
    ]);

  it("carries both instances' queries through the pooler, and their LISTEN connections around it", async () => {
    const g = await twoPlayerGame();
    await loadGame(b, g.game.id, g.seats[0]!.token);
    const name = new URL(direct).pathname.slice(1);
    // PgBouncer's admin console: the transactions it carried, and its own server connections.
    const console_ = new pg.Client({
      connectionString: pooledUrl.replace(/\/[^/?]+(\?|$)/, '/pgbouncer$1'),
    });
    const server = new pg.Client({ connectionString: direct });
    await Promise.all([console_.connect(), server.connect()]);
    try {
      const stats = (await console_.query('SHOW STATS')).rows as {
        database: string;
        total_xact_count: string;
      }[];
      // Counted under the database name the guide's URL and pgbouncer.ini give it.
      const alias = new URL(pooledUrl).pathname.slice(1);
      expect(Number(stats.find((r) => r.database === alias)?.total_xact_count)).toBeGreaterThan(0);
      const pooled = new Set(
        ((await console_.query('SHOW SERVERS')).rows as { local_port: number }[]).map((r) =>
          Number(r.local_port),
        ),
      );
      // A LISTEN through a transaction-mode pooler would sit on a shared server connection and
      // hear nothing once that connection serves someone else: each instance's listener must be
      // a backend of its own, not one of PgBouncer's.
      const listeners = (
        await server.query(
          `SELECT client_port FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %'`,
          [name],
        )
      ).rows.filter((r: { client_port: number }) => !pooled.has(Number(r.client_port)));
      expect(listeners).toHaveLength(2);
    } finally {
      await Promise.all([console_.end(), server.end()]);
    }
  });

  it('keeps every move of contending clients on two instances, gapless and replayable', async () => {
    const g = await twoPlayerGame();
    const gameId = g.game.id;
    const layout = await loadGame(a, gameId, TEST_ADMIN_TOKEN);
    let successes = 0;
    const codes: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, c) => {
        const api = c % 2 === 0 ? a : b;
        const seat = c % 2 === 0 ? 0 : 1;
        const me = g.seats[seat]!.player.id;
        for (let m = 0; m < 6; m++) {
          const [from, to] = m % 3 === 2 ? ['hand', 'graveyard'] : ['library', 'hand'];
          const res = await mutate(
            api,
            'moveObjects',
            'MoveObjectsInput',
            {
              gameId,
              select: { zoneId: zoneOf(layout, from!, me).id, from: 'TOP', count: 1 },
              to: { zoneId: zoneOf(layout, to!, me).id },
            },
            g.seats[seat]!.token,
          );
          if (res.errors) codes.push(String(res.errors[0]?.extensions?.code));
          else successes++;
        }
      }),
    );
    // A hand may be empty when a discard comes first: a fair refusal, never an internal error.
    expect(codes.filter((c) => c !== 'INVALID_MOVE')).toEqual([]);
    expect(successes).toBeGreaterThan(30);

    const db = new pg.Client({ connectionString: direct });
    await db.connect();
    try {
      const game = (await db.query('SELECT version, last_seq FROM game WHERE id = $1', [gameId])).rows[0];
      expect(game.version).toBe(successes + 1);
      const events = (
        await db.query('SELECT seq, payload FROM game_event WHERE game_id = $1 ORDER BY seq', [gameId])
      ).rows;
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: game.last_seq }, (_, i) => i + 1));
      const objects = (
        await db.query('SELECT key, public_id, zone_id, sort_key FROM game_object WHERE game_id = $1', [
          gameId,
        ])
      ).rows;
      const replayed = replay(
        'mtg',
        events.map((e) => decodeEvent(e.payload) as EventWithPlayers),
      );
      expect(new Map(replayed.objects.map((o) => [o.key, `${o.publicId}|${o.zoneId}|${o.sortKey}`]))).toEqual(
        new Map(objects.map((o) => [o.key, `${o.public_id}|${o.zone_id}|${o.sort_key}`])),
      );
    } finally {
      await db.end();
    }
  }, 120_000);

  it('applies an idempotent move once when it is retried on both instances at once', async () => {
    const g = await twoPlayerGame();
    const me = g.seats[0]!.player.id;
    const input = {
      gameId: g.game.id,
      select: { zoneId: zoneOf(g.game, 'library', me).id, from: 'TOP', count: 2 },
      to: { type: 'hand', ownerId: me },
      idempotencyKey: 'pooled-draw-2',
    };
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        ok(i % 2 ? a : b, 'moveObjects', 'MoveObjectsInput', input, g.seats[0]!.token),
      ),
    );
    for (const r of results) expect(JSON.stringify(r)).toBe(JSON.stringify(results[0]));
    const game = await loadGame(b, g.game.id, g.seats[0]!.token);
    expect(game.version).toBe(2);
    expect(zoneOf(game, 'hand', me).count).toBe(2);
  });

  it('delivers moves committed on A to a subscriber on B, and resumes after a disconnect', async () => {
    const g = await twoPlayerGame();
    const me = g.seats[0]!.player.id;
    const drawOne = () =>
      ok(
        a,
        'moveObjects',
        'MoveObjectsInput',
        {
          gameId: g.game.id,
          select: { zoneId: zoneOf(g.game, 'library', me).id, from: 'TOP', count: 1 },
          to: { type: 'hand', ownerId: me },
        },
        g.seats[0]!.token,
      );
    const start = (await loadGame(a, g.game.id, g.seats[0]!.token)).lastSeq;
    const first = wsClient(b.wsUrl, g.seats[0]!.token);
    clients.push(first);
    const sub = first.subscribe('gameEvents', { gameId: g.game.id, afterSeq: start });
    // The first event proves the subscription is live before more are counted.
    await drawOne();
    await sub.waitForCount(1, 15_000);
    for (let i = 0; i < 2; i++) await drawOne();
    await sub.waitForCount(3, 15_000);
    expect(sub.seqs).toEqual([start + 1, start + 2, start + 3]);
    await first.close();

    // Disconnected: play goes on; the client comes back with afterSeq and gets exactly what it missed.
    for (let i = 0; i < 2; i++) await drawOne();
    const again = wsClient(b.wsUrl, g.seats[0]!.token);
    clients.push(again);
    const resumed = again.subscribe('gameEvents', { gameId: g.game.id, afterSeq: start + 3 });
    await resumed.waitForCount(2, 15_000);
    await drawOne();
    await resumed.waitForCount(3, 15_000);
    // A marker: one more move. Anything sent twice after the resume would arrive before it.
    await drawOne();
    await resumed.waitForCount(4, 15_000);
    expect(resumed.seqs).toEqual([start + 4, start + 5, start + 6, start + 7]);
  }, 60_000);
});
