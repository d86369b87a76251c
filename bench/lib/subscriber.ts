/**
 * Lean WebSocket subscribers for the fanout and memory cases. The graphql-ws one speaks the
 * `graphql-transport-ws` protocol directly on `ws`, so its receive path (one `ws` message, one
 * `JSON.parse`) is the same as the raw baseline's and the comparison measures the servers, not two
 * different client libraries. Receipt is timestamped before parsing.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { BENCH_GAME_EVENTS } from '../../test/support/documents.js';

export interface Receipt {
  readonly gameId: string;
  readonly seq: number;
  /** performance.now() when the message arrived. */
  readonly at: number;
}

export interface Subscriber {
  /** Resolves once the subscription is registered (graphql-ws: acked and subscribed). */
  readonly ready: Promise<void>;
  /** Raw text of the first data message (to reuse as the baseline's payload). */
  firstMessage(): string | null;
  close(): void;
}

export interface SubscriberOptions {
  readonly url: string;
  readonly gameId: string;
  readonly onReceipt: (r: Receipt) => void;
  readonly onProblem: (message: string) => void;
  /** The loopback address to connect from (127.0.0.x), to spread many sockets over addresses. */
  readonly localAddress?: string;
  /** Given each data message's raw text with its seq (graphql-ws: the whole `next` message). */
  readonly onText?: (seq: number, text: string) => void;
}

/** A `gameEvents` subscription with the same selection as {@link BENCH_GAME_EVENTS}, from `afterSeq`. */
export const BENCH_GAME_EVENTS_AFTER = BENCH_GAME_EVENTS.replace(
  'subscription BenchGameEvents($gameId: ID!) {\n    gameEvents(gameId: $gameId) {',
  'subscription BenchGameEvents($gameId: ID!, $afterSeq: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {',
);
if (BENCH_GAME_EVENTS_AFTER === BENCH_GAME_EVENTS) throw new Error('BENCH_GAME_EVENTS changed its head');

interface GameEventMessage {
  type: string;
  id?: string;
  payload?: { data?: { gameEvents?: { gameId: string; seq: number } }; message?: string } | unknown[];
}

/** One graphql-ws connection with one `gameEvents` subscription. */
export function graphqlWsSubscriber(
  opts: SubscriberOptions & { token: string; afterSeq?: number },
): Subscriber {
  const socket = new WebSocket(opts.url, 'graphql-transport-ws', {
    ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
  });
  let first: string | null = null;
  let closing = false;
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('open', () => {
      socket.send(
        JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${opts.token}` } }),
      );
    });
    socket.on('message', (data: WebSocket.RawData) => {
      const at = performance.now();
      const text = data.toString();
      const msg = JSON.parse(text) as GameEventMessage;
      switch (msg.type) {
        case 'connection_ack':
          socket.send(
            JSON.stringify({
              id: '1',
              type: 'subscribe',
              payload:
                opts.afterSeq === undefined
                  ? { query: BENCH_GAME_EVENTS, variables: { gameId: opts.gameId } }
                  : {
                      query: BENCH_GAME_EVENTS_AFTER,
                      variables: { gameId: opts.gameId, afterSeq: opts.afterSeq },
                    },
            }),
          );
          resolve();
          return;
        case 'next': {
          const event = (msg.payload as { data?: { gameEvents?: { gameId: string; seq: number } } }).data
            ?.gameEvents;
          if (!event) {
            opts.onProblem(`next without data: ${text.slice(0, 200)}`);
            return;
          }
          first ??= text;
          opts.onReceipt({ gameId: event.gameId, seq: event.seq, at });
          opts.onText?.(event.seq, text);
          return;
        }
        case 'ping':
          socket.send(JSON.stringify({ type: 'pong' }));
          return;
        case 'error':
          opts.onProblem(`subscription error: ${JSON.stringify(msg.payload).slice(0, 300)}`);
          return;
        case 'complete':
          opts.onProblem('subscription completed by the server');
          return;
        default:
          return;
      }
    });
    socket.on('error', (err) => {
      opts.onProblem(`socket error: ${err.message}`);
      reject(err);
    });
    socket.on('close', (code, reason) => {
      if (!closing) opts.onProblem(`socket closed ${code} ${reason.toString()}`);
      reject(new Error(`closed ${code}`));
    });
  });
  ready.catch(() => undefined);
  return {
    ready,
    firstMessage: () => first,
    close: () => {
      closing = true;
      socket.close(1000);
    },
  };
}

/** One plain `ws` connection to the baseline broadcaster, registered for one game. */
export function rawWsSubscriber(opts: SubscriberOptions): Subscriber {
  const socket = new WebSocket(`${opts.url}/sub?game=${encodeURIComponent(opts.gameId)}`, {
    ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
  });
  let closing = false;
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('message', (data: WebSocket.RawData) => {
      const at = performance.now();
      const msg = JSON.parse(data.toString()) as GameEventMessage;
      const event = (msg.payload as { data?: { gameEvents?: { gameId: string; seq: number } } }).data
        ?.gameEvents;
      if (event) opts.onReceipt({ gameId: event.gameId, seq: event.seq, at });
    });
    socket.on('error', (err) => {
      opts.onProblem(`socket error: ${err.message}`);
      reject(err);
    });
    socket.on('close', (code) => {
      if (!closing) opts.onProblem(`socket closed ${code}`);
      reject(new Error(`closed ${code}`));
    });
  });
  ready.catch(() => undefined);
  return {
    ready,
    firstMessage: () => null,
    close: () => {
      closing = true;
      socket.close(1000);
    },
  };
}

/** Opens `count` subscribers, `parallel` handshakes at a time, and waits until all are ready. */
export async function openSubscribers(
  count: number,
  open: (i: number) => Subscriber,
  parallel = 50,
): Promise<Subscriber[]> {
  const subs: Subscriber[] = [];
  for (let i = 0; i < count; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - i) }, (_, j) => open(i + j));
    subs.push(...batch);
    await Promise.all(batch.map((s) => s.ready));
  }
  return subs;
}
