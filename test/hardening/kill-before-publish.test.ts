/**
 * An instance killed between a commit and its notice: instance A commits a move and is SIGKILLed
 * as it starts to send the move's fanout notice (test/support/kill-at-notify.mjs), so no notice of
 * that move ever leaves. Instance B shares the database. The move is in the log, and every
 * subscriber of either instance (a seat and a spectator on each) still receives it exactly once:
 * B's from B's poll of the log, A's by resuming with `afterSeq` once A is back.
 */
import { afterAll, describe, expect, it, beforeAll } from 'vitest';
import pg from 'pg';
import { freePort } from '../../src/postgres/embedded.js';
import { useTestDatabase, type TestDatabase } from '../support/db.js';
import { buildDist, ROOT, startServiceProcess, type ServiceProcess } from '../support/process.js';
import { TEST_ADMIN_TOKEN } from '../support/server.js';
import { createLoadGames, ResumingSubscriber, until, type LoadGame } from './load.js';

// The compiled service (`node dist/main.js`, as `npm start` runs it): a start costs about half
// the CPU of `tsx src/main.ts` (each start here, and each worker of a cluster, pays it).
const DIST = { via: 'dist' } as const;
beforeAll(buildDist, 250_000);

const KILL_AT_NOTIFY = `${ROOT}/test/support/kill-at-notify.mjs`;

const database: TestDatabase = await useTestDatabase();
const processes: ServiceProcess[] = [];
const subscribers: ResumingSubscriber[] = [];

function start(port: number, env: Record<string, string> = {}): Promise<ServiceProcess> {
  return startServiceProcess(
    {
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      // The poll is the backstop under test: short, so the test is quick.
      EVENT_POLL_MS: '300',
      ...env,
    },
    60_000,
    DIST,
  ).then((p) => (processes.push(p), p));
}

/** Alice's draw through `url`: the answer's text. */
async function draw(url: string, game: LoadGame): Promise<string> {
  const input = { gameId: game.gameId, select: { zoneId: game.zones[0]!.library, from: 'TOP', count: 1 } };
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${game.seats[0]!.token}` },
    body: JSON.stringify({
      query: `mutation ($input: MoveObjectsInput!) { moveObjects(input: $input) { events { seq } } }`,
      variables: { input: { ...input, to: { zoneId: game.zones[0]!.hand } } },
    }),
    signal: AbortSignal.timeout(30_000),
  });
  return res.text();
}

async function storedLastSeq(gameId: string): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ last_seq: number }>('SELECT last_seq FROM game WHERE id = $1', [
      gameId,
    ]);
    return rows[0]!.last_seq;
  } finally {
    await client.end();
  }
}

// Subscribers first, then every service process started, whatever the test reached.
afterAll(
  () =>
    Promise.allSettled(subscribers.map((s) => s.close())).then(() =>
      Promise.allSettled(processes.map((p) => p.stop('SIGKILL'))),
    ),
  60_000,
);

describe('an instance killed between commit and publish', () => {
  it('loses no event for any subscriber of any instance', async () => {
    expect.hasAssertions();
    const [portA, portB] = [await freePort(), await freePort()];
    const nodeOptions = `${process.env['NODE_OPTIONS'] ?? ''} --import ${KILL_AT_NOTIFY}`.trim();
    const [a, b] = await Promise.all([start(portA, { NODE_OPTIONS: nodeOptions }), start(portB)]);
    // Created through B: A sends no notice before the move under test.
    const [game] = await createLoadGames(b.url, 1);
    const head = await storedLastSeq(game!.gameId);
    const follow = (url: string) => {
      const ws = url.replace(/^http/, 'ws');
      const subs = [game!.seats[0]!.token, game!.spectatorToken].map((t) =>
        new ResumingSubscriber(ws, t, game!.gameId).start(),
      );
      subscribers.push(...subs);
      return subs;
    };
    const onA = follow(a.url);
    const onB = follow(b.url);
    for (const sub of [...onA, ...onB]) await sub.waitFor(head, 30_000);

    // The move commits on A; A dies as it starts to announce it (its answer may or may not be out).
    await draw(a.url, game!).catch(() => undefined);
    await until(() => a.child.signalCode !== null || a.child.exitCode !== null, 30_000, 'A to die');
    expect(a.child.signalCode).toBe('SIGKILL');
    expect(await storedLastSeq(game!.gameId)).toBe(head + 1);

    // No notice of it was ever sent: B's subscribers have it from B's poll of the log.
    for (const sub of onB) await sub.waitFor(head + 1, 30_000);
    // A comes back on its port, without the planted kill; its subscribers resume with afterSeq.
    await start(portA);
    for (const sub of onA) await sub.waitFor(head + 1, 60_000);
    for (const sub of onA) expect(sub.resubscriptions).toBeGreaterThan(0);

    // A marker through A: anything delivered twice would arrive before it.
    expect(await draw(a.url, game!)).toContain(`"seq":${head + 2}`);
    for (const sub of [...onA, ...onB]) await sub.waitFor(head + 2, 30_000);
    for (const sub of [...onA, ...onB])
      expect(sub.seqs).toEqual(Array.from({ length: head + 2 }, (_, k) => k + 1));
  }, 180_000);
});
