/**
 * The deadlines of graphql-ws connections kept by one sweep for all of them
 * (src/server/ws-liveness.ts, served by src/server/ws-guard.ts), on a real `ws` server with short
 * deadlines: a connection that answers no ping is terminated, one that answers stays; a connection
 * without `connection_init` is closed with 4408, one with it is not; frames that are not JSON are
 * still refused by graphql-ws (4400); and the sweep forgets every closed connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CloseCode, makeServer } from 'graphql-ws';
import WebSocket, { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { Metrics } from '../../src/metrics.js';
import { graphqlCjs } from '../../src/server/graphql-cjs.js';
import { serveGraphqlWs, type GuardedExtra, type WsBounds } from '../../src/server/ws-guard.js';
import { eventually, within } from './log-rows.js';

const KEEP_ALIVE_MS = 200;
const INIT_WAIT_MS = 300;
const SWEEP_MS = 20;
/** Timers may fire a little early by the clock the test reads (ms). */
const CLOCK_SLACK_MS = 5;

const bounds: WsBounds = { messageRate: 1_000, messageBurst: 1_000, maxUnsentBytes: 1 << 20 };
let url: string;
let served: ReturnType<typeof serveGraphqlWs>;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const httpServer = http.createServer();
  const wss = new WebSocketServer({ server: httpServer, path: '/graphql' });
  const protocol = makeServer<Record<string, unknown>, GuardedExtra>({
    // The copy of graphql graphql-ws loads (graphql-cjs.ts).
    schema: graphqlCjs.buildSchema('type Query { hello: String }'),
    roots: { query: { hello: 'world' } },
    connectionInitWaitTimeout: 0,
  });
  served = serveGraphqlWs(protocol, wss, {
    bounds: { anonymous: bounds, authenticated: bounds },
    logger: createLogger('silent'),
    metrics: new Metrics(),
    keepAliveMs: KEEP_ALIVE_MS,
    connectionInitWaitMs: INIT_WAIT_MS,
    livenessSweepMs: SWEEP_MS,
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}/graphql`;
  cleanup.push(
    () => served.dispose(),
    () => new Promise((r) => httpServer.close(r)),
  );
});
afterAll(async () => {
  for (const step of cleanup) await step().catch(() => undefined);
});

/** A client socket: the pings it got, its messages, and its close. */
class Client {
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; at: number }>;
  readonly messages: { type: string }[] = [];
  pings = 0;
  openedAt = 0;

  /** `answerPings: false`: the socket answers no ping (`ws`'s automatic pong off). */
  constructor(opts: { answerPings: boolean; init: boolean }) {
    this.socket = new WebSocket(url, 'graphql-transport-ws', { autoPong: opts.answerPings });
    this.opened = new Promise((resolve) =>
      this.socket.once('open', () => {
        this.openedAt = performance.now();
        if (opts.init) this.socket.send(JSON.stringify({ type: 'connection_init' }));
        resolve();
      }),
    );
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code) => resolve({ code, at: performance.now() })),
    );
    this.socket.on('ping', () => this.pings++);
    this.socket.on('message', (data) => this.messages.push(JSON.parse(String(data)) as { type: string }));
  }

  async acknowledged(): Promise<void> {
    await eventually(() => this.messages.some((m) => m.type === 'connection_ack'), 5_000, 'connection_ack');
  }
}

describe('graphql-ws liveness, one sweep for every connection', () => {
  it('terminates a connection that answers no ping within the keep-alive', async () => {
    expect.assertions(3);
    const silent = new Client({ answerPings: false, init: true });
    await silent.acknowledged();
    const { code, at } = await within(10_000, 'silent connection closed', silent.closed);
    // Terminated, not closed: no close frame (1006), after a ping and its whole pong deadline.
    expect(code).toBe(1006);
    expect(silent.pings).toBeGreaterThanOrEqual(1);
    expect(at - silent.openedAt).toBeGreaterThanOrEqual(2 * KEEP_ALIVE_MS - CLOCK_SLACK_MS);
  });

  it('keeps a connection that answers its pings', async () => {
    expect.assertions(2);
    const live = new Client({ answerPings: true, init: true });
    await live.acknowledged();
    // Four pings answered: twice the time a silent connection lasts.
    await eventually(() => live.pings >= 4, 10_000, 'four pings');
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
    // And it still speaks graphql-ws.
    live.socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ hello }' } }));
    await eventually(() => live.messages.some((m) => m.type === 'complete'), 5_000, 'complete');
    expect(live.messages.find((m) => m.type === 'next')).toMatchObject({
      payload: { data: { hello: 'world' } },
    });
    live.socket.close();
    await live.closed;
  });

  it('closes a connection without connection_init with 4408 once the wait is over, not before', async () => {
    expect.assertions(2);
    const mute = new Client({ answerPings: true, init: false });
    await mute.opened;
    const { code, at } = await within(10_000, 'connection closed', mute.closed);
    expect(code).toBe(CloseCode.ConnectionInitialisationTimeout);
    expect(at - mute.openedAt).toBeGreaterThanOrEqual(INIT_WAIT_MS - CLOCK_SLACK_MS);
  });

  it('does not close a connection whose connection_init came in time', async () => {
    expect.assertions(1);
    const client = new Client({ answerPings: true, init: true });
    await client.acknowledged();
    // Three pings: past the init wait by twice over.
    await eventually(() => client.pings >= 3, 10_000, 'three pings');
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
    await client.closed;
  });

  it('hands frames that are not JSON to graphql-ws, which refuses them with 4400', async () => {
    expect.assertions(1);
    const client = new Client({ answerPings: true, init: true });
    await client.acknowledged();
    client.socket.send('{ not json');
    expect((await within(5_000, 'closed', client.closed)).code).toBe(CloseCode.BadRequest);
  });

  it('forgets every closed connection', async () => {
    expect.assertions(1);
    const clients = Array.from({ length: 5 }, () => new Client({ answerPings: true, init: true }));
    await Promise.all(clients.map((c) => c.acknowledged()));
    for (const c of clients) c.socket.close();
    await Promise.all(clients.map((c) => c.closed));
    await eventually(() => served.liveness.size === 0, 5_000, 'no connection watched');
    expect(served.liveness.size).toBe(0);
  });
});
