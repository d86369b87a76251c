/**
 * A connection's events written in one turn of the event loop leave together (ws-guard.ts,
 * `queueEvent` and `ConnectionGuard.batchEvent`): the connection's stream is corked for the turn and
 * uncorked once, so a catch-up's events reach the kernel in one write rather than one each; past
 * `EVENT_BATCH_BYTES` unsent (or half the connection's bound), an event comes with a promise of its
 * being taken, so its subscription waits. Against a stand-in socket and stream that record what is
 * done to them, so the order of corks, frames and uncorks is exact.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Server } from 'graphql-ws';
import WebSocket, { WebSocketServer } from 'ws';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { Metrics } from '../../src/metrics.js';
import {
  ConnectionGuard,
  EVENT_BATCH_BYTES,
  queueEvent,
  serveGraphqlWs,
  wsGuardBounds,
  type GuardedExtra,
  type WsBounds,
} from '../../src/server/ws-guard.js';
import { until } from '../support/wait.js';

const BOUNDS: WsBounds = { messageRate: 100, messageBurst: 100, maxUnsentBytes: 1 << 20 };

/** A socket whose sends stay unsent (counted in `bufferedAmount`) until `flush`, and a stream that records corks. */
function standIns() {
  const log: string[] = [];
  const callbacks: (() => void)[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send(data: Buffer, _opts: unknown, cb?: () => void) {
      log.push(`frame ${data.toString()}`);
      socket.bufferedAmount += data.length;
      if (cb) callbacks.push(cb);
    },
    close() {
      log.push('close');
    },
  };
  const stream = {
    cork: () => log.push('cork'),
    uncork: () => log.push('uncork'),
  };
  const flush = () => {
    socket.bufferedAmount = 0;
    for (const cb of callbacks.splice(0)) cb();
  };
  return { log, socket, stream, flush, ws: socket as unknown as WebSocket };
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

describe('events written in one turn leave in one write', () => {
  it('corks the stream once for the turn, writes every frame in order, and uncorks at its end', async () => {
    const { log, ws, stream } = standIns();
    const guard = new ConnectionGuard(ws, BOUNDS, () => {}, undefined, stream);
    const waits = ['a', 'b', 'c'].map((text) => queueEvent(ws, guard, Buffer.from(text)));
    expect(waits).toEqual([undefined, undefined, undefined]);
    expect(log).toEqual(['cork', 'frame a', 'frame b', 'frame c']);
    await nextTick();
    expect(log).toEqual(['cork', 'frame a', 'frame b', 'frame c', 'uncork']);
    // The next turn's events are a batch of their own.
    queueEvent(ws, guard, Buffer.from('d'));
    await nextTick();
    expect(log.slice(5)).toEqual(['cork', 'frame d', 'uncork']);
  });

  it(`waits for the client past ${EVENT_BATCH_BYTES} bytes unsent`, async () => {
    const { log, ws, stream, flush } = standIns();
    const guard = new ConnectionGuard(ws, BOUNDS, () => {}, undefined, stream);
    const event = Buffer.alloc(EVENT_BATCH_BYTES / 4, 'x');
    const waits = Array.from({ length: 5 }, () => queueEvent(ws, guard, event));
    // Four fit in the batch; the fifth comes with the promise of its being taken.
    expect(waits.slice(0, 4)).toEqual([undefined, undefined, undefined, undefined]);
    expect(waits[4]).toBeInstanceOf(Promise);
    let taken = false;
    void waits[4]!.then(() => (taken = true));
    await nextTick();
    expect(taken).toBe(false);
    flush();
    await waits[4];
    expect(taken).toBe(true);
    expect(log.filter((l) => l === 'cork')).toHaveLength(1);
  });

  it('keeps a batch within half the bound on unsent bytes, so it never closes the connection', () => {
    const { log, ws, stream } = standIns();
    const bounds = { ...BOUNDS, maxUnsentBytes: 4096 };
    let refused = false;
    const guard = new ConnectionGuard(ws, bounds, () => (refused = true), undefined, stream);
    const event = Buffer.alloc(1024, 'x');
    const waits = Array.from({ length: 3 }, () => queueEvent(ws, guard, event));
    expect(waits.slice(0, 2)).toEqual([undefined, undefined]);
    expect(waits[2]).toBeInstanceOf(Promise);
    expect(refused).toBe(false);
    expect(log).not.toContain('close');
  });
});

describe('on a real connection', () => {
  it('batches the frames `ws` writes to the upgraded socket, each frame whole and in order', async () => {
    const httpServer = http.createServer();
    const wsServer = new WebSocketServer({ noServer: true });
    let writes = 0;
    httpServer.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
      // Every write the socket makes to the kernel: one per `_writev` or `_write`.
      const raw = socket as Duplex & {
        _writev?: (...a: unknown[]) => void;
        _write: (...a: unknown[]) => void;
      };
      const writev = raw._writev?.bind(raw);
      const write = raw._write.bind(raw);
      if (writev) raw._writev = (...a: unknown[]) => (writes++, writev(...a));
      raw._write = (...a: unknown[]) => (writes++, write(...a));
      wsServer.handleUpgrade(req, socket, head, (client) => wsServer.emit('connection', client, req));
    });
    let extra: GuardedExtra | null = null;
    const protocol = {
      opened: (_socket: unknown, given: GuardedExtra) => {
        extra = given;
        return async () => {};
      },
    } as unknown as Server<GuardedExtra>;
    const config = loadConfig({ DATABASE_URL: 'postgres://unused/x' });
    const served = serveGraphqlWs(protocol, wsServer, {
      bounds: wsGuardBounds(config),
      logger: createLogger('silent'),
      metrics: new Metrics(),
      keepAliveMs: 60_000,
      connectionInitWaitMs: 60_000,
      livenessSweepMs: 60_000,
    });
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const { port } = httpServer.address() as AddressInfo;
    const client = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    const received: string[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('message', (data: Buffer) => received.push(data.toString()) === 100 && resolve()),
    );
    try {
      await new Promise<void>((resolve) => client.once('open', () => resolve()));
      await until(() => extra !== null, 'connection served');
      const { socket, guard } = extra!;
      // As once its `connection_init` carried an accepted credential.
      guard.widen(wsGuardBounds(config).authenticated);
      writes = 0;
      const sent = Array.from({ length: 100 }, (_, i) => `{"event":${i},"pad":"${'x'.repeat(200)}"}`);
      const waits = sent.map((text) => queueEvent(socket, guard, Buffer.from(text)));
      expect(waits.every((w) => w === undefined)).toBe(true);
      await all;
      expect(received).toEqual(sent);
      // One write for the turn's 100 frames (a second if the kernel took part of it).
      expect(writes).toBeLessThanOrEqual(2);
    } finally {
      client.terminate();
      await served.dispose();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    }
  });
});
