/**
 * Database restart: the service (a real process) runs under load against a PostgreSQL this
 * test owns; PostgreSQL stops, and later starts again on the same port, while the service keeps
 * running. During the outage `/readyz` answers 503 and `/healthz` 200, and every request fails fast
 * with a typed, masked error. Afterwards `/readyz` is 200 again and, without restarting the service,
 * moves commit, the LISTEN/NOTIFY fanout is listening again and subscribers receive live events.
 * Nothing is lost or applied twice across the outage.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FANOUT_CHANNEL } from '../../src/events/fanout.js';
import { wsClient } from '../events/ws-client.js';
import { metricValue } from '../support/metrics.js';
import { startServiceProcess, type ServiceProcess } from '../support/process.js';
import { RestartablePostgres } from '../support/restartable-postgres.js';
import { TEST_ADMIN_TOKEN } from '../support/server.js';
import {
  checkGamesAfterLoad,
  createLoadGames,
  health,
  ResumingSubscriber,
  duringLoad,
  until,
  type LoadGame,
} from './load.js';
import { RawWs } from './support.js';

const CLIENTS = 8;
let postgres: RestartablePostgres | null = null;
let databaseUrl: string;
let service: ServiceProcess | null = null;
const subscribers: ResumingSubscriber[] = [];

beforeAll(async () => {
  postgres = await RestartablePostgres.create('zk-db-restart-');
  databaseUrl = postgres.databaseUrl;
  service = await startServiceProcess({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    DATABASE_POOL_SIZE: '10',
  });
});

afterAll(async () => {
  await Promise.allSettled(subscribers.map((s) => s.close()));
  await service?.stop('SIGKILL');
  await postgres?.dispose();
}, 60_000);

/** Backends of the service's database sitting in `LISTEN zk_events`: the fanout's listener. */
async function listeners(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query = $2`,
      [RestartablePostgres.DATABASE, `LISTEN ${FANOUT_CHANNEL}`],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function lastSeqOf(gameId: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ last_seq: number }>('SELECT last_seq FROM game WHERE id = $1', [gameId]))
      .rows[0]!.last_seq;
  } finally {
    await client.end();
  }
}

/** POSTs an operation; the status, the parsed body and how long the answer took. */
async function probe(url: string, query: string, variables: Record<string, unknown>, token: string) {
  const started = Date.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: JSON.parse(text) as { errors?: { extensions?: { code?: string; requestId?: string } }[] },
    ms: Date.now() - started,
  };
}

const SHUFFLE = `mutation ($input: ShuffleZoneInput!) { shuffleZone(input: $input) { version events { seq } } }`;

describe('PostgreSQL stops and starts again under a running service', () => {
  it('answers not-ready and typed errors during the outage, then recovers without a restart', async () => {
    expect.hasAssertions();
    const url = service!.url;
    const wsUrl = url.replace(/^http/, 'ws');
    const games: LoadGame[] = await createLoadGames(url, 2);
    const [game] = games;
    for (const g of games)
      subscribers.push(new ResumingSubscriber(wsUrl, g.seats[0]!.token, g.gameId).start());
    expect(await health(url, '/readyz')).toBe(200);
    await until(async () => (await listeners()) === 1, 15_000, 'the fanout listening');

    const stats = await duringLoad(
      { url, games, clients: CLIENTS, lostResponseRate: 0.1, tolerateOutage: true, retryForMs: 70_000 },
      async (live) => {
        await until(() => live.committed().length >= 30, 30_000, '30 commits before the outage');

        // The outage: PostgreSQL shuts down (fast: connections are cut) while clients keep going.
        await postgres!.stop();
        const outageStarted = Date.now();
        await until(async () => (await health(url, '/readyz')) === 503, 20_000, '/readyz 503');
        expect(await health(url, '/healthz')).toBe(200);
        const committedBefore = live.committed().length;

        // Requests that need the database fail fast, with a typed "unavailable" error and a request id.
        const outage = [
          await probe(
            url,
            SHUFFLE,
            { input: { gameId: game!.gameId, zoneId: game!.zones[0]!.library } },
            game!.seats[0]!.token,
          ),
          await probe(url, '{ whoami { kind } }', {}, 'zk_never_seen_credential_0123456789'),
        ];
        for (const res of outage) {
          expect(res.ms).toBeLessThan(15_000);
          expect(res.status === 200 || res.status === 503, res.text).toBe(true);
          const [error] = res.body.errors ?? [];
          expect(error?.extensions?.code, res.text).toBe('SERVICE_UNAVAILABLE');
          expect(error?.extensions?.requestId).toMatch(/^[0-9a-f-]{36}$/);
          expect(res.text).not.toMatch(/ECONN|prisma|node_modules|\bat .*\.(ts|js):\d+|stacktrace/i);
        }
        // A new subscription is refused with an error, not left hanging.
        const c = wsClient(wsUrl, game!.seats[0]!.token);
        const refused = c.subscribe('gameEvents', { gameId: game!.gameId, afterSeq: 0 });
        const err = (await refused.waitForError(15_000)) as { extensions?: { code?: string } };
        expect(err.extensions?.code, JSON.stringify(err)).toBe('SERVICE_UNAVAILABLE');
        expect(JSON.stringify(err)).not.toMatch(/ECONN|prisma|node_modules|stacktrace/i);
        await c.close();
        // A connection whose credential cannot be checked now is closed as "unavailable" (4503, which
        // clients retry), not as a bad credential (4401), and with no detail. (This spectator token was never used,
        // so it is not in the service's credential cache.)
        const raw = await RawWs.open(wsUrl);
        raw.send({
          type: 'connection_init',
          payload: { authorization: `Bearer ${games[1]!.spectatorToken}` },
        });
        expect(await raw.closed).toEqual({ code: 4503, reason: 'Service unavailable' });
        // Give the clients time to meet the outage too, and the fanout's listener time to fail to
        // reconnect a few times (its backoff doubles from 100 ms).
        await until(
          () => live.outageErrors.length >= CLIENTS && Date.now() - outageStarted > 3_000,
          20_000,
          'clients failing during the outage',
        );

        // PostgreSQL is back on the same port: the same service process recovers.
        await postgres!.start();
        await until(async () => (await health(url, '/readyz')) === 200, 30_000, '/readyz 200 again');
        await until(
          () => live.committed().length >= committedBefore + 30,
          30_000,
          '30 commits after the restart',
        );
      },
    );

    // The fanout's listener is back, and a live event made now reaches an old and a new subscriber.
    await until(async () => (await listeners()) === 1, 20_000, 'the fanout listening again');
    const sub = subscribers[0]!;
    await sub.waitFor(await lastSeqOf(game!.gameId), 30_000);
    const fresh = new ResumingSubscriber(wsUrl, game!.spectatorToken, game!.gameId, sub.lastSeq).start();
    subscribers.push(fresh);
    // The service holds every subscriber's subscription, the fresh one's included.
    await until(
      async () => (await metricValue(url, 'subscriptions_active')) >= subscribers.length,
      20_000,
      'the fresh subscription registered',
    );
    const live = await probe(
      url,
      SHUFFLE,
      { input: { gameId: game!.gameId, zoneId: game!.zones[0]!.library, idempotencyKey: 'after-restart' } },
      game!.seats[0]!.token,
    );
    expect(live.body.errors, live.text).toBeUndefined();
    const payload = (live.body as { data: { shuffleZone: { version: number; events: { seq: number }[] } } })
      .data.shuffleZone;
    const liveSeqs = payload.events.map((e) => e.seq);
    const liveSeq = liveSeqs[liveSeqs.length - 1]!;
    stats.keys.set('after-restart', {
      key: 'after-restart',
      gameId: game!.gameId,
      versions: [payload.version],
      seqs: [JSON.stringify(liveSeqs)],
      refusal: null,
      ambiguous: false,
    });
    await sub.waitFor(liveSeq, 15_000);
    await fresh.waitFor(liveSeq, 15_000);
    expect(fresh.seqs).toEqual(liveSeqs);

    // The service logged everything as JSON lines: nothing printed raw (a stack trace on stderr).
    const raw = service!
      .output()
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('Zonekeeper listening on') && !l.startsWith('(node:'));
    for (const line of raw) expect(() => JSON.parse(line), line).not.toThrow();

    // Errors during the outage were masked and typed; nothing else went wrong.
    expect(stats.unexpected).toEqual([]);
    expect(stats.outageErrors.length).toBeGreaterThan(0);
    for (const e of stats.outageErrors) {
      expect(e.status === 200 || e.status === 503, e.text).toBe(true);
      expect(e.text).toMatch(
        /"code":"SERVICE_UNAVAILABLE","retryAfterSeconds":1,"requestId":"[0-9a-f-]{36}"/,
      );
    }

    const old = subscribers.filter((s) => s !== fresh);
    const checked = await checkGamesAfterLoad(databaseUrl, url, games, stats, old);
    expect(checked).toBe(games.length);
  }, 85_000);
});
