/**
 * The client's subscription helper across a server restart: the service it is subscribed to stops
 * (its sockets drop, then connections are refused) while moves go on through a second instance on
 * the same database; it comes back on the same port. Every event must be delivered exactly once, in
 * order, whether the subscription started from seq 0 or "from now on".
 */
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createZonekeeperClient, type GameEvent, type ZonekeeperClient } from '../../client/index.js';
import { startApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createGame, deck, draw, loadGame, zoneOf } from '../api/helpers.js';
import { eventually } from '../events/log-rows.js';
import { useTestDatabase } from '../support/db.js';
import { until } from '../support/wait.js';
import { docExample } from '../support/doc-example.js';
import { besideClient, DOCS_URL, runTs, writeTsExample } from '../support/doc-run.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';

let databaseUrl: string;
let other: TestServer;
let port: number;
let restarting: App | undefined;
const clients: ZonekeeperClient[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The instance that restarts: always the same port and database. */
async function startRestarting(): Promise<App> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
    DATABASE_POOL_SIZE: '5',
  });
  return startApp(config, createLogger(config.LOG_LEVEL), { migrate: false });
}

beforeAll(async () => {
  databaseUrl = (await useTestDatabase()).url;
  other = await startTestServer({}, { databaseUrl });
  port = await freePort();
  restarting = await startRestarting();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await restarting?.stop();
});

/** A two-seat MTG game of `cards`-card decks on the other instance, and Alice drawing one card there. */
async function aliceDrawing(cards = 10) {
  const created = await createGame(other, 'mtg', [
    { name: 'Alice', deck: deck('Alpha', cards) },
    { name: 'Bob', deck: deck('Beta', cards) },
  ]);
  const gameId = created.game.id;
  const alice = created.seats[0]!;
  const g = await loadGame(other, gameId, TEST_ADMIN_TOKEN);
  const library = zoneOf(g, 'library', alice.player.id);
  const hand = zoneOf(g, 'hand', alice.player.id);
  const drawOne = () => draw(other, gameId, library, hand, 1, alice.token);
  return { gameId, alice, hand, drawOne };
}

it('resubscribes after a restart from the last seq it delivered: events 1..N exactly once, in order', async () => {
  const { gameId, alice, hand, drawOne } = await aliceDrawing(20);

  const zk = createZonekeeperClient({
    url: `http://127.0.0.1:${port}/graphql`,
    token: alice.token,
    webSocketImpl: WebSocket,
    retry: { minDelayMs: 50, maxDelayMs: 400 },
    // These tests count the log's events one by one: no seat entropy of the client's own in it.
    seatEntropy: false,
  });
  clients.push(zk);
  const fromZero: GameEvent[] = [];
  const fromNow: GameEvent[] = [];
  const errors: unknown[] = [];
  const retries: unknown[] = [];
  // onConnected: once per acknowledged connection each subscription went out on.
  const connected = { fromZero: 0, fromNow: 0 };
  const zeroSub = zk.subscribeGameEvents(gameId, {
    afterSeq: 0,
    onEvent: (e) => fromZero.push(e),
    onError: (e) => errors.push(e),
    onRetry: (_n, cause) => retries.push(cause),
    onConnected: () => connected.fromZero++,
  });
  // This one reads lastSeq first, so it joins the connection the first one opened.
  const nowSub = zk.subscribeGameEvents(gameId, {
    onEvent: (e) => fromNow.push(e),
    onError: (e) => errors.push(e),
    onConnected: () => connected.fromNow++,
  });
  await eventually(() => fromZero.length === 1, 10_000, 'GAME_CREATED replayed');

  for (let i = 0; i < 3; i++) await drawOne();
  await eventually(
    () => fromZero.length === 4 && fromNow.length === 3,
    10_000,
    'live events before the restart',
  );
  expect(connected).toEqual({ fromZero: 1, fromNow: 1 });

  // Down: open sockets are dropped, and new connections are refused until it is back.
  await restarting!.stop();
  restarting = undefined;
  for (let i = 0; i < 3; i++) await drawOne();
  await eventually(() => retries.length >= 3, 10_000, 'refused connections retried');
  expect(fromZero.length).toBe(4);

  restarting = await startRestarting();
  for (let i = 0; i < 3; i++) await drawOne();
  await eventually(
    () => fromZero.length >= 10 && fromNow.length >= 9,
    20_000,
    `every event after the restart (got ${fromZero.length}/${fromNow.length})`,
  );
  // A marker: one more event, made once the earlier ones were delivered. Anything sent twice comes
  // before it on the subscription's stream, so it shows in the exact lists below.
  await drawOne();
  const lastSeq = 11;
  const delivered = (events: GameEvent[]) => events.some((e) => e.seq === lastSeq);
  await eventually(() => delivered(fromZero) && delivered(fromNow), 20_000, 'the marker event');

  const seqs = (events: GameEvent[]) => events.map((e) => e.seq);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  expect(seqs(fromZero)).toEqual(range(1, lastSeq));
  expect(seqs(fromNow)).toEqual(range(2, lastSeq));
  expect(errors).toEqual([]);
  // Live again on the new connection, once each; not while the server was refusing connections.
  expect(connected).toEqual({ fromZero: 2, fromNow: 2 });
  expect([zeroSub.state, nowSub.state]).toEqual(['live', 'live']);
  // The events replayed after the restart are Alice's own draws, redacted for her as when live.
  expect(fromZero[6]?.changes.find((c) => c.toZoneId === hand.id)?.object?.card?.name).toBe('Alpha 6');
}, 90_000);

it('gives up at once, with the code, when the subscription is refused', async () => {
  const zk = createZonekeeperClient({
    url: other.url,
    token: TEST_ADMIN_TOKEN,
    webSocketImpl: WebSocket,
  });
  clients.push(zk);
  const errors: unknown[] = [];
  const retries: unknown[] = [];
  const sub = zk.subscribeGameEvents('00000000-0000-0000-0000-000000000000', {
    afterSeq: 0,
    onEvent: () => undefined,
    onError: (e) => errors.push(e),
    onRetry: (_n, cause) => retries.push(cause),
  });
  await eventually(() => errors.length > 0, 10_000, 'the refusal');
  expect(errors).toMatchObject([{ name: 'ZonekeeperRequestError', code: 'NOT_FOUND' }]);
  expect(retries).toEqual([]);
  // Ended: no retry timer is armed, so no later attempt can come.
  expect(sub.state).toBe('ended');
});

it('drops a connection that went silent (no pong in time) and resumes on a new one', async () => {
  // A TCP proxy in front of `other`: freezing stops forwarding on the open connections without
  // closing them, as a dead network path does; new connections pass.
  const frozen = new Set<Socket>();
  const open = new Set<Socket>();
  const proxy = createServer((downstream) => {
    const upstream = connect(other.app.port, '127.0.0.1');
    open.add(downstream);
    downstream.on('data', (d) => void (frozen.has(downstream) || upstream.write(d)));
    upstream.on('data', (d) => void (frozen.has(downstream) || downstream.write(d)));
    downstream.on('error', () => undefined);
    upstream.on('error', () => undefined);
    downstream.on('close', () => upstream.destroy());
    upstream.on('close', () => downstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = (proxy.address() as { port: number }).port;
  try {
    const { gameId, alice, drawOne } = await aliceDrawing();

    const zk = createZonekeeperClient({
      url: `http://127.0.0.1:${proxyPort}/graphql`,
      token: alice.token,
      webSocketImpl: WebSocket,
      keepAliveMs: 300,
      retry: { minDelayMs: 50, maxDelayMs: 200 },
      seatEntropy: false,
    });
    clients.push(zk);
    const events: GameEvent[] = [];
    const retries: unknown[] = [];
    const sub = zk.subscribeGameEvents(gameId, {
      afterSeq: 0,
      onEvent: (e) => events.push(e),
      onRetry: (_n, cause) => retries.push(cause),
    });
    await drawOne();
    await eventually(() => events.length === 2, 10_000, 'events before the freeze');

    for (const socket of open) frozen.add(socket);
    await drawOne();
    await drawOne();
    await eventually(() => events.length >= 4, 10_000, `events after the freeze (got ${events.length})`);
    // A marker, as in the first test: anything sent twice comes before it.
    await drawOne();
    await eventually(() => events.some((e) => e.seq === 5), 10_000, 'the marker event');
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(retries).toMatchObject([{ code: 4499 }]);
    expect(sub.state).toBe('live');
  } finally {
    for (const socket of open) socket.destroy();
    await new Promise((resolve) => proxy.close(resolve));
  }
});

it('stops retrying when the client is disposed', async () => {
  const nobody = await freePort();
  const zk = createZonekeeperClient({
    url: `http://127.0.0.1:${nobody}/graphql`,
    token: TEST_ADMIN_TOKEN,
    webSocketImpl: WebSocket,
    retry: { minDelayMs: 20, maxDelayMs: 20 },
  });
  const retries: unknown[] = [];
  const errors: unknown[] = [];
  const sub = zk.subscribeGameEvents('00000000-0000-0000-0000-000000000000', {
    afterSeq: 0,
    onEvent: () => undefined,
    onRetry: (_n, cause) => retries.push(cause),
    onError: (e) => errors.push(e),
  });
  await eventually(() => retries.length >= 3, 10_000, 'refused connections retried');
  // A refused connection is an error event, not a close event: graphql-ws's default retry skips it.
  expect(retries[0]).toMatchObject({ message: expect.stringContaining('ECONNREFUSED') });
  await zk.dispose();
  // Ended: its retry timer is cleared and every later callback of an attempt is ignored, so no
  // attempt follows; disposing is not a failure to report.
  expect(sub.state).toBe('ended');
  expect(errors).toEqual([]);
});

it('disposes cleanly while an attempt is still connecting to a refusing port', async () => {
  const nobody = await freePort();
  const zk = createZonekeeperClient({
    url: `http://127.0.0.1:${nobody}/graphql`,
    token: TEST_ADMIN_TOKEN,
    webSocketImpl: WebSocket,
  });
  const errors: unknown[] = [];
  const sub = zk.subscribeGameEvents('00000000-0000-0000-0000-000000000000', {
    afterSeq: 0,
    onEvent: () => undefined,
    onError: (e) => errors.push(e),
  });
  // The socket is being opened now; its refusal arrives after dispose has begun to wait for it.
  await expect(zk.dispose()).resolves.toBeUndefined();
  expect(sub.state).toBe('ended');
  expect(errors).toEqual([]);
});

it('gives up after retry.attempts consecutive failures, with the last cause', async () => {
  const nobody = await freePort();
  const zk = createZonekeeperClient({
    url: `http://127.0.0.1:${nobody}/graphql`,
    token: TEST_ADMIN_TOKEN,
    webSocketImpl: WebSocket,
    retry: { attempts: 2, minDelayMs: 20, maxDelayMs: 20 },
  });
  clients.push(zk);
  const retries: number[] = [];
  const errors: unknown[] = [];
  const sub = zk.subscribeGameEvents('00000000-0000-0000-0000-000000000000', {
    afterSeq: 0,
    onEvent: () => undefined,
    onRetry: (n) => retries.push(n),
    onError: (e) => errors.push(e),
  });
  await eventually(() => errors.length > 0, 10_000, 'giving up');
  // Given up for good: no retry timer is armed, so neither a third attempt nor a second error follows.
  expect(sub.state).toBe('ended');
  expect(retries).toEqual([1, 2]);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ message: expect.stringContaining('ECONNREFUSED') });
});

it("the guide's client helper, type-checked and run as written, follows a game across a restart", async () => {
  const { gameId, alice, drawOne } = await aliceDrawing();

  // Its values: Alice's seat token and the game, from the environment; its URL stands for the
  // instance that restarts. What the test adds after it: a line once it has subscribed.
  const file = path.join(besideClient(), 'bot-client.ts');
  writeTsExample(
    file,
    docExample('bot-client').replaceAll(DOCS_URL, `http://127.0.0.1:${port}/graphql`),
    "const seatToken = process.env['ZK_TOKEN']!;\nconst gameId = process.env['ZK_GAME']!;",
    "console.log('subscribed', typeof stop);",
  );
  const run = runTs(file, { ZK_TOKEN: alice.token, ZK_GAME: gameId });
  const lines = () => run.output().trim().split('\n');
  const waitFor = async (line: RegExp) => {
    try {
      await until(() => lines().some((l) => line.test(l)), String(line));
    } catch (err) {
      throw new Error(`${(err as Error).message}; the example printed:\n${run.output()}`, { cause: err });
    }
  };
  try {
    await waitFor(/^subscribed function$/);
    // The client adds Alice's entropy as it subscribes (docs/fairness.md, "Seat entropy"): seq 2.
    await until(
      async () => (await loadGame(other, gameId, TEST_ADMIN_TOKEN)).lastSeq === 2,
      'the seat entropy',
    );
    await drawOne();
    await waitFor(/^3 OBJECTS_MOVED \d+$/);
    // Down: the connection drops and reconnecting is tried; a move goes on through the other instance.
    await restarting!.stop();
    restarting = undefined;
    await drawOne();
    await waitFor(/^reconnecting 1$/);
    restarting = await startRestarting();
    await waitFor(/^4 OBJECTS_MOVED \d+$/);
    await drawOne();
    await waitFor(/^5 OBJECTS_MOVED \d+$/);
  } finally {
    run.kill();
  }
  // Every event once, in order; nothing given up.
  expect(lines().flatMap((l) => /^(\d+) OBJECTS_MOVED \d+$/.exec(l)?.[1] ?? [])).toEqual(['3', '4', '5']);
  expect(run.output()).not.toContain('gave up');
}, 120_000);
