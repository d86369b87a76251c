/**
 * Connection limits of graphql-ws, against the real ws server with a real hub and PostgreSQL fanout
 * (the hub's queue limit lowered so a slow consumer is cheap to produce): close codes for a slow
 * subscriber, too many subscriptions, an invalid credential and an oversized message.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CloseCode } from 'graphql-ws';
import WebSocket, { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildService, openStore } from '../../src/app.js';
import type { AppDeps } from '../../src/server/context.js';
import { PgFanout } from '../../src/events/pg-fanout.js';
import { createLogger } from '../../src/logger.js';
import { Metrics } from '../../src/metrics.js';
import { ZkCloseCode } from '../../src/server/close-codes.js';
import { buildSchema } from '../../src/resolvers/schema.js';
import { startGraphqlWs, WS_LIMITS, type GraphqlWsServer } from '../../src/server/ws.js';
import { useTestDatabase } from '../support/db.js';
import { builtinRulesets } from '../support/rulesets.js';
import { TEST_ADMIN_TOKEN } from '../support/server.js';
import { eventually, logWriter, within, type LogWriter } from './log-rows.js';

const QUEUE_LIMIT = 5;
const MAX_LAG = 300;
let url: string;
let log: LogWriter;
let ws: GraphqlWsServer;
let service: AppDeps;
let fanout: PgFanout;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const database = await useTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    MAX_PAYLOAD_BYTES: '4096',
  });
  const logger = createLogger('silent');
  const store = openStore(database.url, { ...config, DATABASE_POOL_SIZE: 5 }, builtinRulesets());
  fanout = await PgFanout.start(database.url, logger);
  const httpServer = http.createServer();
  const wss = new WebSocketServer({
    server: httpServer,
    path: '/graphql',
    maxPayload: config.MAX_PAYLOAD_BYTES,
  });
  service = buildService(
    { config, store, logger, fanout, metrics: new Metrics() },
    { queueLimit: QUEUE_LIMIT, pageSize: 5, maxLag: MAX_LAG },
  );
  ws = startGraphqlWs(service, buildSchema(), wss);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}/graphql`;
  log = await logWriter(database.url);
  cleanup.push(
    () => log.close(),
    async () => ws.dispose(),
    () => service.hub.close(),
    () => new Promise((r) => httpServer.close(r)),
    () => fanout.close(),
    () => store.db.$disconnect(),
  );
});
afterAll(async () => {
  for (const step of cleanup) await step().catch(() => undefined);
});

/** A raw graphql-transport-ws client: every message and the close code are recorded. */
class RawClient {
  readonly socket: WebSocket;
  readonly messages: { type: string; id?: string; payload?: unknown }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;

  constructor(token?: string) {
    this.socket = new WebSocket(url, 'graphql-transport-ws');
    this.opened = new Promise((resolve) => this.socket.once('open', () => resolve()));
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.socket.on('message', (data) => this.messages.push(JSON.parse(String(data)) as never));
    void this.opened.then(() =>
      this.send({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} }),
    );
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  async acknowledged(): Promise<void> {
    await eventually(() => this.messages.some((m) => m.type === 'connection_ack'), 5_000, 'connection_ack');
  }

  subscribe(id: string, gameId: string, afterSeq?: number): void {
    this.send({
      id,
      type: 'subscribe',
      payload: {
        query: 'subscription ($g: ID!, $a: Int) { gameEvents(gameId: $g, afterSeq: $a) { seq rules } }',
        variables: { g: gameId, a: afterSeq },
      },
    });
  }

  nexts(id: string): number[] {
    return this.messages
      .filter((m) => m.type === 'next' && m.id === id)
      .map((m) => (m.payload as { data: { gameEvents: { seq: number } } }).data.gameEvents.seq);
  }
}

describe('graphql-ws limits', () => {
  it('closes a subscriber that falls too far behind with 4008; the others get everything', async () => {
    expect.assertions(3);
    const gameId = await log.createGame();
    const slow = new RawClient(TEST_ADMIN_TOKEN);
    const fast = new RawClient(TEST_ADMIN_TOKEN);
    await Promise.all([slow.acknowledged(), fast.acknowledged()]);
    slow.subscribe('s', gameId, 0);
    fast.subscribe('f', gameId, 0);
    await eventually(() => service.hub.stats().subscribers === 2, 5_000, 'two subscribers');
    await eventually(() => service.hub.stats().subscribers === 2, 5_000, 'two subscribers');
    // Stop reading: the kernel buffers fill, graphql-ws stops pulling, the hub's queue fills, and the
    // subscriber falls behind the log's head.
    (slow.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const big = ['x'.repeat(4_000)];
    let seq = 0;
    // Until the slow one is dropped (bounded: 6000 events of 4 kB is more than any socket buffers).
    for (let i = 0; i < 60 && service.hub.stats().subscribers === 2; i++) {
      seq = await log.append(gameId, 100, [], big);
      await fanout.publish({ gameId, seq });
      await eventually(() => fast.nexts('f').length === seq, 10_000, `fast subscriber has ${seq}`);
    }
    expect(fast.nexts('f')).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
    await eventually(() => service.hub.stats().subscribers === 1, 10_000, 'slow subscriber dropped');
    (slow.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    const { code, reason } = await within(10_000, 'slow socket closed', slow.closed);
    expect({ code, reason }).toEqual({ code: ZkCloseCode.SubscriberTooSlow, reason: 'Subscriber too slow' });
    fast.socket.close();
    await eventually(() => service.hub.stats().subscribers === 0, 5_000, 'fast subscriber unregistered');
    expect(service.hub.stats()).toEqual({ games: 0, subscribers: 0 });
  }, 60_000);

  it(`closes a connection opening more than ${WS_LIMITS.maxSubscriptionsPerConnection} subscriptions with 4029`, async () => {
    expect.assertions(2);
    const gameId = await log.createGame();
    const client = new RawClient(TEST_ADMIN_TOKEN);
    await client.acknowledged();
    for (let i = 0; i < WS_LIMITS.maxSubscriptionsPerConnection; i++) client.subscribe(`s${i}`, gameId);
    await eventually(
      () => service.hub.stats().subscribers === WS_LIMITS.maxSubscriptionsPerConnection,
      5_000,
      'all allowed subscriptions live',
    );
    client.subscribe('one-too-many', gameId);
    expect(await within(5_000, 'close', client.closed)).toEqual({
      code: ZkCloseCode.TooManySubscriptions,
      reason: 'Too many subscriptions',
    });
    await eventually(() => service.hub.stats().subscribers === 0, 5_000, 'subscriptions released');
    expect(service.hub.stats().subscribers).toBe(0);
  });

  it('applies the HTTP document limits to subscriptions (too deep: a validation error, not a close)', async () => {
    expect.assertions(2);
    const client = new RawClient(TEST_ADMIN_TOKEN);
    await client.acknowledged();
    let deep = 'id';
    for (let i = 0; i < 12; i++) deep = `host { ${deep} }`;
    client.send({
      id: 'deep',
      type: 'subscribe',
      payload: { query: `subscription { gameEvents(gameId: "x") { changes { object { ${deep} } } } }` },
    });
    await eventually(() => client.messages.some((m) => m.id === 'deep'), 5_000, 'an answer');
    const answer = client.messages.find((m) => m.id === 'deep');
    expect(answer?.type).toBe('error');
    expect((answer?.payload as { extensions?: { code?: string } }[])[0]?.extensions?.code).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
    client.socket.close();
  });

  it('closes an anonymous connection past its message budget with 4031, pings included; a credential has a wider one', async () => {
    const burst = loadConfig({}).WS_ANONYMOUS_MESSAGE_BURST;
    // graphql-ws pings: connection_init took one token, so `burst` more are one too many. The bucket
    // refills at WS_ANONYMOUS_MESSAGE_RATE while the test waits for the acknowledgement (long on a
    // busy machine), so half a burst more is sent: past the budget unless the wait took burst / 2 /
    // rate seconds. Fewer than a burst's worth arrive after the close, so the socket is not paused
    // (ConnectionGuard.admit) and the close handshake completes at once.
    const over = burst + burst / 2;
    const anonymous = new RawClient();
    await anonymous.acknowledged();
    for (let i = 0; i < over; i++) anonymous.send({ type: 'ping' });
    expect(await within(5_000, 'anonymous close', anonymous.closed)).toEqual({
      code: ZkCloseCode.TooManyMessages,
      reason: 'Too many messages',
    });
    // The WebSocket protocol's pings take tokens too.
    const pinging = new RawClient();
    await pinging.acknowledged();
    for (let i = 0; i < over; i++) pinging.socket.ping();
    expect((await within(5_000, 'close', pinging.closed)).code).toBe(ZkCloseCode.TooManyMessages);
    // The admin's connection: a wider burst, every ping answered, the connection open.
    const admin = new RawClient(TEST_ADMIN_TOKEN);
    await admin.acknowledged();
    // Four anonymous bursts at once: the credential's burst counts from connection_init on, not
    // from what the anonymous bounds had left (ConnectionGuard.widen).
    const wide = 4 * burst;
    for (let i = 0; i < wide; i++) admin.send({ type: 'ping' });
    await eventually(() => admin.messages.filter((m) => m.type === 'pong').length === wide, 5_000, 'pongs');
    expect(admin.socket.readyState).toBe(WebSocket.OPEN);
    admin.socket.close();
  });

  it('refuses an invalid credential at connection_init with 4401', async () => {
    expect.assertions(1);
    const client = new RawClient('not-a-real-token');
    expect((await within(5_000, 'close', client.closed)).code).toBe(CloseCode.Unauthorized);
  });

  it('closes the connection on a message over MAX_PAYLOAD_BYTES with 1009', async () => {
    expect.assertions(1);
    const client = new RawClient(TEST_ADMIN_TOKEN);
    await client.acknowledged();
    client.send({
      id: 'big',
      type: 'subscribe',
      payload: { query: `{ whoami { kind } } # ${'x'.repeat(5_000)}` },
    });
    expect((await within(5_000, 'close', client.closed)).code).toBe(1009);
  });
});
