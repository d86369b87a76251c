/**
 * Helpers for the hardening tests: a raw graphql-transport-ws client (so tests control every
 * frame), an in-memory log sink, and a server on a test-only schema for forcing internal errors.
 */
import { Writable } from 'node:stream';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config.js';
import { buildService, openStore } from '../../src/app.js';
import { LocalFanout } from '../../src/events/fanout.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { Metrics } from '../../src/metrics.js';
import { startHttpServer, type RunningServer } from '../../src/server/http.js';
import { closeAfterFile } from '../support/after-file.js';
import { useTestDatabase } from '../support/db.js';
import { builtinRulesets } from '../support/rulesets.js';
import { startServiceProcess, type ServiceProcess } from '../support/process.js';

/** Collects pino's JSON lines. */
export class LogSink {
  readonly lines: Record<string, unknown>[] = [];
  raw = '';
  readonly stream = new Writable({
    write: (chunk: Buffer, _enc, done) => {
      const text = chunk.toString('utf8');
      this.raw += text;
      for (const line of text.split('\n')) if (line.trim()) this.lines.push(JSON.parse(line) as never);
      done();
    },
  });

  find(predicate: (line: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
    return this.lines.find(predicate);
  }
}

export interface WsFrame {
  type: string;
  id?: string;
  payload?: unknown;
}

/** One graphql-transport-ws socket, driven frame by frame. */
export class RawWs {
  readonly frames: WsFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as WsFrame);
      for (const w of this.#waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const w of this.#waiters.splice(0)) w();
      }),
    );
  }

  static async open(url: string): Promise<RawWs> {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    const ws = new RawWs(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return ws;
  }

  /** Opens, sends connection_init and waits for the ack. */
  static async connect(url: string, payload: Record<string, unknown> = {}): Promise<RawWs> {
    const ws = await RawWs.open(url);
    ws.send({ type: 'connection_init', payload });
    await ws.next((f) => f.type === 'connection_ack');
    return ws;
  }

  send(frame: WsFrame | string): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Waits for a frame matching `predicate` (frames already received count). */
  async next(predicate: (f: WsFrame) => boolean, timeoutMs = 5_000): Promise<WsFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(predicate);
      if (found) return found;
      if (this.socket.readyState === WebSocket.CLOSED) throw new Error('socket closed');
      if (Date.now() > deadline) throw new Error('timed out waiting for a frame');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 100);
        this.#waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Sends one operation and returns its first `next` or `error` frame. */
  async run(id: string, query: string, variables: Record<string, unknown> = {}): Promise<WsFrame> {
    this.send({ type: 'subscribe', id, payload: { query, variables } });
    return this.next((f) => f.id === id && (f.type === 'next' || f.type === 'error'));
  }

  close(): void {
    this.socket.close();
  }
}

export interface BareServer {
  readonly server: RunningServer;
  readonly url: string;
  readonly wsUrl: string;
  readonly logs: LogSink;
  readonly metrics: Metrics;
}

/**
 * The real HTTP/graphql-ws server and error pipeline around a test-only schema, logging into a
 * {@link LogSink}. `databaseUrl` defaults to a fresh test database; pass an unreachable one to test outages.
 */
export async function startBareServer(
  typeDefs: string,
  resolvers: Record<string, unknown>,
  opts: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<BareServer> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug', ...opts.env });
  const logs = new LogSink();
  const logger: Logger = createLogger('debug', logs.stream);
  const store = openStore(
    opts.databaseUrl ?? (await useTestDatabase()).url,
    { ...config, DATABASE_POOL_SIZE: 2 },
    builtinRulesets(),
  );
  const fanout = new LocalFanout();
  const metrics = new Metrics({ defaultMetrics: false });
  const schema: GraphQLSchema = makeExecutableSchema({ typeDefs, resolvers: resolvers as never });
  const service = buildService({ config, store, logger, fanout, metrics });
  const server = await startHttpServer(service, schema, {
    port: 0,
    host: '127.0.0.1',
  });
  closeAfterFile(async () => {
    await server.close();
    await service.hub.close();
    await fanout.close();
    await store.db.$disconnect();
  }, 30_000);
  return { server, url: server.url, wsUrl: server.url.replace(/^http/, 'ws'), logs, metrics };
}

/** POSTs a raw body to a GraphQL endpoint. */
export async function postRaw(
  url: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<{ status: number; text: string; json: { data?: unknown; errors?: GqlErrorJson[] } | null }> {
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  let json: { data?: unknown; errors?: GqlErrorJson[] } | null;
  try {
    json = JSON.parse(text) as never;
  } catch {
    json = null;
  }
  return { status: res.status, text, json };
}

export interface GqlErrorJson {
  message: string;
  extensions?: { code?: string; requestId?: string; [k: string]: unknown };
}

/** Text that must never reach a client: stack frames, file paths, SQL, Prisma internals. */
export const LEAK_PATTERN =
  /(\bat .*\.(ts|js|mjs):\d+|node_modules|\/work\/|\bSELECT\b|\bINSERT\b|prisma|stacktrace)/i;

/**
 * Another client asking `/healthz` of the service at `url` back to back (each answer within a
 * minute, else it fails), until `stop()`, which gives the slowest answer in milliseconds.
 */
export function healthzBystander(url: string): { stop: () => Promise<number> } {
  const healthz = new URL('/healthz', url).href;
  let done = false;
  let slowest = 0;
  const loop = (async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(healthz, { signal: AbortSignal.timeout(60_000) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`);
      slowest = Math.max(slowest, performance.now() - t0);
    }
  })();
  return {
    stop: async () => {
      done = true;
      await loop;
      return slowest;
    },
  };
}

/**
 * The real service as its own process (`tsx src/main.ts`) on a fresh test database, for the current
 * file, killed after its tests. An attack on the event loop of a service sharing the test's process
 * would freeze the test too, deadlines included; a separate process can be timed and killed.
 */
export function serviceProcessPerFile(): () => ServiceProcess {
  let service: ServiceProcess | undefined;
  beforeAll(async () => {
    const database = await useTestDatabase();
    service = await startServiceProcess({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1' });
  }, 90_000);
  afterAll(() => service?.stop('SIGKILL'), 30_000);
  return () => {
    if (!service) throw new Error('the service process did not start');
    return service;
  };
}
