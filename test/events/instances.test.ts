/**
 * Several server processes sharing one PostgreSQL: a move committed through instance A reaches a
 * subscriber on instance B (PostgreSQL LISTEN/NOTIFY by default; Redis pub/sub with REDIS_URL),
 * and a client whose instance restarts resumes with afterSeq and gets exactly what it missed.
 * Real processes (`node dist/main.js`), each on its own free port.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { freePort } from '../../src/postgres/embedded.js';
import { useTestDatabase } from '../support/db.js';
import { post } from '../support/game-api.js';
import { buildDist, startServiceProcess, stoppedAfterAll, type ServiceProcess } from '../support/process.js';
import { REDIS_URL, requireRedis, runRedisTests } from '../support/redis.js';
import { TEST_ADMIN_TOKEN } from '../support/server.js';
import { wsClient } from './ws-client.js';
import { drawOneCard, newTwoSeatGame, type TwoSeatGame } from '../support/two-seat-game.js';

// The compiled service (`node dist/main.js`, as `npm start` runs it): a start costs about half
// the CPU of `tsx src/main.ts` (each start here, and each worker of a cluster, pays it).
const DIST = { via: 'dist' } as const;
beforeAll(buildDist, 250_000);

const redisRuns = runRedisTests('Redis multi-instance');

const { running, clients } = stoppedAfterAll();

async function instance(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  const p = await startServiceProcess(
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      // No log poll: events reach B through the fanout under test (NOTIFY or Redis) or not at all.
      EVENT_POLL_MS: '0',
      ...env,
    },
    60_000,
    DIST,
  );
  running.add(p);
  return p;
}

async function stop(p: ServiceProcess): Promise<void> {
  await p.stop();
  running.delete(p);
}

async function gql<T>(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const { data, errors } = await post<T>({ url }, query, variables, token);
  if (!data) throw new Error(JSON.stringify(errors));
  return data;
}

const newGame = (url: string) => newTwoSeatGame(gql, url);
const drawOne = (url: string, g: TwoSeatGame) => drawOneCard(gql, url, g);

/**
 * Starts A and B on a fresh database, subscribes on B, commits three draws on A: B's subscriber
 * receives them, in order, redacted for its viewer. Returns both instances and the game.
 */
async function crossInstance(env: Record<string, string>) {
  const { url: databaseUrl } = await useTestDatabase();
  const [portA, portB] = [await freePort(), await freePort()];
  const [a, b] = await Promise.all([instance(databaseUrl, portA, env), instance(databaseUrl, portB, env)]);
  const g = await newGame(a.url);
  const c = wsClient(b.url.replace(/^http/, 'ws'), g.token);
  clients.push(c);
  const sub = c.subscribe('gameEvents', { gameId: g.gameId, afterSeq: g.lastSeq });
  // The first event may come from the subscription's own replay of the log; once it is in, the
  // subscription is live and the next two can only come through the fanout (the poll is off).
  await drawOne(a.url, g);
  await sub.waitForCount(1, 15_000);
  for (let i = 0; i < 2; i++) await drawOne(a.url, g);
  await sub.waitForCount(3, 15_000);
  expect(sub.seqs).toEqual([g.lastSeq + 1, g.lastSeq + 2, g.lastSeq + 3]);
  // Alice sees her own draws.
  expect(sub.events.flatMap((e) => e.changes.map((ch) => ch.object?.card?.name)).filter(Boolean)).toEqual([
    'Alpha 1',
    'Alpha 2',
    'Alpha 3',
  ]);
  return { a, b, g, databaseUrl, portB, seen: g.lastSeq + 3 };
}

describe('several instances on one PostgreSQL', () => {
  it('delivers a move committed on A to a subscriber on B (LISTEN/NOTIFY), and resumes across a restart of B', async () => {
    expect.assertions(3);
    const { a, b, g, databaseUrl, portB, seen } = await crossInstance({});
    // B goes down (its client with it); play goes on through A; B comes back on the same port.
    await stop(b);
    for (let i = 0; i < 3; i++) await drawOne(a.url, g);
    const b2 = await instance(databaseUrl, portB);
    const again = wsClient(b2.url.replace(/^http/, 'ws'), g.token);
    clients.push(again);
    const resumed = again.subscribe('gameEvents', { gameId: g.gameId, afterSeq: seen });
    await resumed.waitForCount(3, 15_000);
    await drawOne(a.url, g);
    await resumed.waitForCount(4, 15_000);
    // A marker: one more move. Anything sent twice after the resume would arrive before it.
    await drawOne(a.url, g);
    await resumed.waitForCount(5, 15_000);
    expect(resumed.seqs).toEqual([seen + 1, seen + 2, seen + 3, seen + 4, seen + 5]);
    await Promise.all([stop(a), stop(b2)]);
  }, 150_000);

  it.runIf(redisRuns)(
    'delivers a move committed on A to a subscriber on B (Redis pub/sub, REDIS_URL set)',
    async () => {
      requireRedis();
      expect.assertions(2);
      const { a, b } = await crossInstance({ REDIS_URL });
      await Promise.all([stop(a), stop(b)]);
    },
    120_000,
  );
});
