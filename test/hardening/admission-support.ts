/**
 * Holding HTTP requests open against a running server, for the admission tests: a request whose body
 * never completes (stalled), a whole request whose answer waits for a lock the test holds in its own
 * PostgreSQL transaction (held), each from a chosen loopback address (127.0.0.2 is another client on
 * Linux), and the server's in-flight gauges to wait on.
 */
import http from 'node:http';
import pg from 'pg';
import type { TestServer } from '../support/server.js';
import { metricValue } from '../support/metrics.js';
import { until } from '../support/wait.js';

/** What a held or stalled request has seen so far. */
export interface Seen {
  /** The answer's HTTP status (0 until it comes). */
  status: number;
  /** The answer's body, once whole. */
  text: string;
  /** The exchange is over (answered, refused or closed by either side). */
  closed: boolean;
}

export interface OpenRequest {
  readonly seen: Seen;
  /** Closes the client's side: the server sees its client go away. */
  abort(): void;
}

interface Options {
  readonly token?: string;
  /** The client's own address (default: the system's choice, 127.0.0.1 on loopback). */
  readonly from?: string;
}

function open(server: Pick<TestServer, 'url'>, length: number, opts: Options) {
  const url = new URL(server.url);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    // One connection each: a held request must not queue behind another on a shared socket.
    agent: false,
    ...(opts.from ? { localAddress: opts.from } : {}),
    headers: {
      'content-type': 'application/json',
      'content-length': String(length),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
  });
  const seen: Seen = { status: 0, text: '', closed: false };
  req.on('error', () => undefined);
  req.on('response', (res) => {
    seen.status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (seen.text += chunk));
    res.on('error', () => undefined);
  });
  req.on('close', () => (seen.closed = true));
  return { req, request: { abort: () => req.destroy(), seen } satisfies OpenRequest };
}

/**
 * Sends headers announcing `length` body bytes and only `sent` of them (`{"query":` by default),
 * then waits: the request stays unread until `abort`, or until the server gives up on it.
 */
export function stalledRequest(
  server: Pick<TestServer, 'url'>,
  opts: Options & { readonly length?: number; readonly sent?: string } = {},
): OpenRequest {
  const sent = opts.sent ?? '{"query":';
  const { req, request } = open(server, opts.length ?? 1000, opts);
  req.write(sent);
  return request;
}

/** Sends a whole GraphQL request; `seen` fills in as its answer comes. */
export function heldRequest(
  server: Pick<TestServer, 'url'>,
  operation: { readonly query: string; readonly variables?: Record<string, unknown> },
  token?: string,
  from?: string,
): OpenRequest {
  const body = JSON.stringify(operation);
  const { req, request } = open(server, Buffer.byteLength(body), {
    ...(token ? { token } : {}),
    ...(from ? { from } : {}),
  });
  req.end(body);
  return request;
}

/** A seat's move that writes the game's row: it waits while {@link lockGameRow} holds it. */
export const ROLL = (gameId: string) => ({
  query: 'mutation ($input: RollDiceInput!) { rollDice(input: $input) { version } }',
  variables: { input: { gameId, sides: 6 } },
});

export interface Lock {
  /** Commits the locking transaction: what waited for it goes on. */
  release(): Promise<void>;
}

async function lockWith(
  server: Pick<TestServer, 'databaseUrl'>,
  sql: string,
  params: unknown[],
): Promise<Lock> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query(sql, params);
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await client.query('COMMIT');
      await client.end();
    },
  };
}

/** Locks one game's row (`FOR UPDATE`): its moves wait, reads of it go on. */
export function lockGameRow(server: Pick<TestServer, 'databaseUrl'>, gameId: string): Promise<Lock> {
  return lockWith(server, 'SELECT id FROM game WHERE id = $1::uuid FOR UPDATE', [gameId]);
}

/** Locks the game table against writes (`SHARE`): game creations wait, reads go on. */
export function lockGameTable(server: Pick<TestServer, 'databaseUrl'>): Promise<Lock> {
  return lockWith(server, 'LOCK TABLE game IN SHARE MODE', []);
}

/** The server's `graphql_requests_in_flight`, by state. */
export async function inFlight(
  server: Pick<TestServer, 'url'>,
): Promise<{ reading: number; admitted: number; waiting: number }> {
  const at = (state: string) => metricValue(server.url, 'graphql_requests_in_flight', `{state="${state}"}`);
  return { reading: await at('reading'), admitted: await at('admitted'), waiting: await at('waiting') };
}

/**
 * Waits until the server's gauges show exactly `admitted` requests being answered and `waiting`
 * waiting for their credential's turn: the held requests have been taken (their bodies read,
 * admission decided) and earlier ones have ended.
 */
export async function settle(server: Pick<TestServer, 'url'>, admitted: number, waiting = 0): Promise<void> {
  let seen = { admitted: -1, waiting: -1 };
  await until(
    async () => {
      seen = await inFlight(server);
      return seen.admitted === admitted && seen.waiting === waiting;
    },
    () =>
      `${admitted} requests admitted and ${waiting} waiting (last seen ${seen.admitted} and ${seen.waiting})`,
    { timeoutMs: 20_000 },
  );
}
