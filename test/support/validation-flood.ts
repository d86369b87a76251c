/**
 * A flood of documents that are expensive to validate, from anonymous clients over HTTP and
 * graphql-ws at once, each document made unique by a comment (so no cache of parsed or validated
 * documents helps), while a seat reads its game: the seat's median round trip under the flood is
 * what the selection budget (src/server/selection-budget.ts) keeps close to its median under a flood
 * of documents of the same size that the token limit refuses before validation. Shared by
 * test/hardening/selection-budget.test.ts and the bench (bench/hostile.ts).
 */
import WebSocket from 'ws';
import { ARMOR_LIMITS } from '../../src/server/armor.js';
import { GAME_QUERY } from './documents.js';
import {
  fragmentPairs,
  longListArguments,
  manyOperations,
  manyVariables,
  repeatedField,
  repeatedTypename,
  repeatsAtLimit,
} from './hostile-documents.js';

/**
 * Each shape the selection budget bounds: refused by one of its limits (the first five), or the
 * worst the limits let through, validated in full (then refused for an unused variable).
 */
export const EXPENSIVE_DOCUMENTS: Readonly<Record<string, string>> = {
  'one field ×1,980': repeatedField(1_980),
  '`__typename` ×1,990': repeatedTypename(1_990),
  '300 operations': manyOperations(300),
  '400 variables': manyVariables(400),
  'a 200-item list argument ×8': longListArguments(200, 8),
  'one spread too many': fragmentPairs(ARMOR_LIMITS.maxSelectionWidth + 1),
  'the widest sets of fragments ×15 (passes)': fragmentPairs(ARMOR_LIMITS.maxSelectionWidth, 15),
  'every path repeated to the limit (passes)': repeatsAtLimit(
    ARMOR_LIMITS.maxFieldRepeats,
    ARMOR_LIMITS.maxSelectionWidth / ARMOR_LIMITS.maxFieldRepeats,
  ),
};

/** `document` behind a unique comment line. */
export function unique(document: string, nonce: string): string {
  return `#${nonce}\n${document}`;
}

/** A document of `bytes` bytes (with its comment) that the token limit refuses while it is parsed. */
export function overTokens(bytes: number, nonce: string): string {
  const body = `{ ${'a '.repeat(ARMOR_LIMITS.maxTokens + 1)}}`;
  return `#${nonce} ${'x'.repeat(Math.max(0, bytes - body.length - nonce.length - 3))}\n${body}`;
}

/** Answers by error code (`ok` for data without errors, `closed` for a ws that went away). */
export type Answers = Map<string, number>;

async function overHttp(url: string, query: string): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(60_000),
  });
  const json = (await res.json().catch(() => null)) as {
    errors?: { extensions?: { code?: string } }[];
  } | null;
  return json?.errors?.[0]?.extensions?.code ?? (res.status === 200 ? 'ok' : `HTTP ${res.status}`);
}

/** An anonymous graphql-transport-ws connection that runs one operation at a time. */
class WsClient {
  #pending: ((code: string) => void) | null = null;
  #id = 0;
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as {
        type: string;
        payload?: { extensions?: { code?: string } }[];
      };
      if (frame.type !== 'next' && frame.type !== 'error') return;
      const code = frame.type === 'error' ? (frame.payload?.[0]?.extensions?.code ?? 'error') : 'ok';
      this.#pending?.(code);
      this.#pending = null;
    });
    socket.once('close', () => this.#pending?.('closed'));
  }

  static async connect(url: string): Promise<WsClient> {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const acked = new Promise<void>((resolve) => socket.once('message', () => resolve()));
    socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    await acked;
    return new WsClient(socket);
  }

  run(query: string): Promise<string> {
    if (this.socket.readyState !== WebSocket.OPEN) return Promise.resolve('closed');
    const id = String(++this.#id);
    return new Promise((resolve) => {
      this.#pending = resolve;
      this.socket.send(JSON.stringify({ type: 'subscribe', id, payload: { query } }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * `clients` anonymous clients, each sending `next(client, n)` back to back, alternately over HTTP
 * and over its own graphql-ws connection, until `stop()`, which gives the answers by code.
 */
export async function flood(
  url: string,
  clients: number,
  next: (client: number, n: number) => string,
): Promise<{ stop: () => Promise<Answers> }> {
  const answers: Answers = new Map();
  const sockets = await Promise.all(
    Array.from({ length: clients }, () => WsClient.connect(url.replace(/^http/, 'ws'))),
  );
  let done = false;
  const loops = sockets.map(async (ws, client) => {
    for (let n = 0; !done; n++) {
      const query = next(client, n);
      const code = n % 2 === 0 ? await overHttp(url, query) : await ws.run(query);
      answers.set(code, (answers.get(code) ?? 0) + 1);
    }
  });
  return {
    stop: async () => {
      done = true;
      await Promise.all(loops);
      for (const ws of sockets) ws.close();
      return answers;
    },
  };
}

/** The median of `samples` round trips of a seat's `game(id)`, one after another. */
export async function seatMedian(
  url: string,
  gameId: string,
  token: string,
  samples: number,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: GAME_QUERY, variables: { id: gameId } }),
      signal: AbortSignal.timeout(60_000),
    });
    const json = (await res.json()) as { errors?: unknown[] };
    if (res.status !== 200 || json.errors)
      throw new Error(`the seat's game(id) failed: ${JSON.stringify(json)}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor((times.length - 1) / 2)] ?? 0;
}

/**
 * The seat's median under a flood of {@link EXPENSIVE_DOCUMENTS} and under a flood of
 * {@link overTokens} documents of the same sizes, from `clients` clients.
 */
export async function floodMedians(opts: {
  url: string;
  gameId: string;
  token: string;
  clients: number;
  samples: number;
}): Promise<{ refusedMs: number; expensiveMs: number; refused: Answers; expensive: Answers }> {
  const documents = Object.values(EXPENSIVE_DOCUMENTS);
  const pick = (n: number) => documents[n % documents.length] ?? '';
  const during = async (next: (client: number, n: number) => string) => {
    const running = await flood(opts.url, opts.clients, next);
    let ms: number;
    try {
      ms = await seatMedian(opts.url, opts.gameId, opts.token, opts.samples);
    } catch (err) {
      await running.stop();
      throw err;
    }
    return { ms, answers: await running.stop() };
  };
  const refused = await during((c, n) =>
    overTokens(Buffer.byteLength(unique(pick(n), `c${c}n${n}`)), `c${c}n${n}`),
  );
  const expensive = await during((c, n) => unique(pick(n), `c${c}n${n}`));
  return {
    refusedMs: refused.ms,
    expensiveMs: expensive.ms,
    refused: refused.answers,
    expensive: expensive.answers,
  };
}
