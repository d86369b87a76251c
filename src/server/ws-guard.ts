/**
 * graphql-ws's protocol server (`makeServer`) on the sockets of the `ws` server, with two bounds on
 * every connection that its own `useServer` lacks, so that no client can grow the heap or take the
 * event loop by sending without reading:
 *
 * - **A message budget.** Every inbound frame (a message, valid or not, a ping, a pong) takes a token
 *   from the connection's bucket, before anything is parsed; an empty bucket closes the connection
 *   with {@link ZkCloseCode.TooManyMessages}. Each answered frame costs heap and CPU, so the budget
 *   is what bounds a client that pings and reads its pongs.
 * - **A bound on unsent bytes.** Before anything is queued for the client (an answer, an event, a
 *   pong), the bytes already queued (`bufferedAmount`: the socket's buffer, past what the kernel
 *   took) are compared with the bound; past it the connection is closed with
 *   {@link ZkCloseCode.NotReading}. Without it a client that never reads holds every pong in the
 *   heap until the process dies.
 *
 * A connection starts with the anonymous bounds (the tightest) and gets the wider ones once its
 * `connection_init` carries an accepted credential. A connection closed for either reason has its
 * further frames dropped unread; after one more burst's worth of them it is paused (its socket read
 * no more), and {@link REFUSED_CLOSE_GRACE_MS} after the close it is destroyed, whether or not its
 * client answered the close: a paused socket would otherwise hold its place among the connection
 * limits for the `ws` server's 30 s close timeout.
 *
 * Pings are answered here rather than by `ws` (`autoPong: false`), so that they take tokens and
 * respect the bound like every other frame (ws-liveness.ts, which also keeps the keep-alive).
 */
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { CloseCode, handleProtocols, type Server } from 'graphql-ws';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import { ZK_CLOSE_REASON, ZkCloseCode } from './close-codes.js';
import { withPayloadText } from './shared-execution.js';
import { Liveness } from './ws-liveness.js';

/**
 * How long a connection closed by its guard has to take the close frame (its client reads what is
 * queued before it) before its socket is destroyed.
 */
export const REFUSED_CLOSE_GRACE_MS = 5_000;

/** What one connection may cost. */
export interface WsBounds {
  /** Inbound frames per second, on average. */
  readonly messageRate: number;
  /** Inbound frames at once, before the rate applies (the bucket's size). */
  readonly messageBurst: number;
  /** Bytes queued for the client and not yet taken by the kernel, at most. */
  readonly maxUnsentBytes: number;
}

/** The bounds of a connection without a credential (or not yet initialised), and of one with. */
export interface WsGuardBounds {
  readonly anonymous: WsBounds;
  readonly authenticated: WsBounds;
}

type BoundsConfig = Pick<
  Config,
  | 'WS_MESSAGE_RATE'
  | 'WS_MESSAGE_BURST'
  | 'WS_MAX_UNSENT_BYTES'
  | 'WS_ANONYMOUS_MESSAGE_RATE'
  | 'WS_ANONYMOUS_MESSAGE_BURST'
  | 'WS_ANONYMOUS_MAX_UNSENT_BYTES'
>;

/** The bounds the configuration sets (`WS_*`, docs/operators.md). */
export function wsGuardBounds(config: BoundsConfig): WsGuardBounds {
  return {
    anonymous: {
      messageRate: config.WS_ANONYMOUS_MESSAGE_RATE,
      messageBurst: config.WS_ANONYMOUS_MESSAGE_BURST,
      maxUnsentBytes: config.WS_ANONYMOUS_MAX_UNSENT_BYTES,
    },
    authenticated: {
      messageRate: config.WS_MESSAGE_RATE,
      messageBurst: config.WS_MESSAGE_BURST,
      maxUnsentBytes: config.WS_MAX_UNSENT_BYTES,
    },
  };
}

/** Why a connection was closed by its guard: the `reason` label of `refusals_total`. */
export type WsGuardRefusal = 'ws_message_rate' | 'ws_unsent_bytes';

/** The default clock of every guard (one function, not one per connection). */
const monotonicNow = (): number => performance.now();

/**
 * The bounds of one connection (see the file comment). The budget is a token bucket: `messageBurst`
 * tokens, refilled at `messageRate` a second. Hand-written: one bucket, no keys, no timers, a few
 * arithmetic operations per frame (`limiter`'s bucket would add a dependency for the same lines).
 */
export class ConnectionGuard {
  #bounds: WsBounds;
  #tokens: number;
  #at: number;
  /** Set once the guard has closed the connection; then frames are dropped. */
  #refused = false;
  /** Frames dropped since the guard closed the connection. */
  #dropped = 0;

  /** True while the connection's stream is corked for the events written in this turn (`batchEvent`). */
  #corked = false;

  /**
   * @param stream the connection's own stream (the upgraded request's socket, under `ws`), corked
   *   while one turn's events are written to it; absent, events are written one at a time
   */
  constructor(
    private readonly socket: WebSocket,
    bounds: WsBounds,
    private readonly onRefusal: (reason: WsGuardRefusal) => void,
    private readonly now: () => number = monotonicNow,
    private readonly stream: Pick<Writable, 'cork' | 'uncork'> | null = null,
  ) {
    this.#bounds = bounds;
    this.#tokens = bounds.messageBurst;
    this.#at = now();
  }

  /** Uncorks a guard's stream once its turn's events are written (static: no function per connection). */
  static #uncork(guard: ConnectionGuard): void {
    guard.#corked = false;
    guard.stream?.uncork();
  }

  /**
   * Gives the connection other bounds (its credential was accepted, once per connection): what it
   * spent stays spent, and the wider burst adds its difference, so an accepted credential can send
   * its whole burst less what the connection has sent already.
   */
  widen(bounds: WsBounds): void {
    this.#refill();
    this.#tokens = Math.max(0, this.#tokens + bounds.messageBurst - this.#bounds.messageBurst);
    this.#bounds = bounds;
  }

  /**
   * One inbound frame: whether it may be handled. Takes a token; without one the connection is
   * closed with {@link ZkCloseCode.TooManyMessages}. After a close, every frame is dropped.
   */
  admit(): boolean {
    if (this.#refused) {
      // The client may still be sending what it sent before it saw the close; past one more burst
      // it is not listening, and nothing more is read from it.
      if (++this.#dropped === this.#bounds.messageBurst) this.socket.pause();
      return false;
    }
    this.#refill();
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      return true;
    }
    this.#refuse(ZkCloseCode.TooManyMessages, 'ws_message_rate');
    return false;
  }

  /**
   * Whether one more frame may be queued for the client: not once the unsent bytes are past the
   * bound (the connection is then closed with {@link ZkCloseCode.NotReading}), nor after a close.
   */
  mayQueue(): boolean {
    if (this.#refused) return false;
    if (this.socket.bufferedAmount <= this.#bounds.maxUnsentBytes) return true;
    this.#refuse(ZkCloseCode.NotReading, 'ws_unsent_bytes');
    return false;
  }

  /**
   * Whether an event of `bytes` may be queued without its subscription waiting for it to be taken:
   * while the connection's unsent bytes, it included, stay within {@link EVENT_BATCH_BYTES} and half
   * its bound on unsent bytes (so a batch never comes near the bound that closes the connection).
   * When it may, the connection's stream is corked until the end of this turn (`process.nextTick`:
   * after the promise jobs that are delivering events), so the events written in one turn leave in
   * one write to the kernel, not one each.
   */
  batchEvent(bytes: number): boolean {
    if (this.socket.bufferedAmount + bytes > Math.min(EVENT_BATCH_BYTES, this.#bounds.maxUnsentBytes / 2))
      return false;
    if (this.stream && !this.#corked) {
      this.#corked = true;
      this.stream.cork();
      process.nextTick(ConnectionGuard.#uncork, this);
    }
    return true;
  }

  #refill(): void {
    const t = this.now();
    const { messageBurst, messageRate } = this.#bounds;
    this.#tokens = Math.min(messageBurst, this.#tokens + ((t - this.#at) / 1000) * messageRate);
    this.#at = t;
  }

  #refuse(code: ZkCloseCode, reason: WsGuardRefusal): void {
    this.#refused = true;
    this.onRefusal(reason);
    this.socket.close(code, ZK_CLOSE_REASON[code]);
    const destroy = setTimeout(() => this.socket.terminate(), REFUSED_CLOSE_GRACE_MS);
    this.socket.once('close', () => clearTimeout(destroy));
  }
}

/**
 * Queues one message for the client, as every message of a guarded connection is: nothing once the
 * socket is not open, and nothing (the connection closed) past its bound on unsent bytes. Resolves
 * once the socket has taken the message. Used for graphql-ws's own messages.
 */
function queueMessage(socket: WebSocket, guard: ConnectionGuard, text: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (socket.readyState !== socket.OPEN || !guard.mayQueue()) return resolve();
    socket.send(text, (err) => (err ? reject(err) : resolve()));
  });
}

/** A message given as its UTF-8 bytes is sent as a text frame, as graphql-ws's messages are. */
const AS_TEXT = { binary: false } as const;

/**
 * Unsent bytes of a connection's events, at most, before its subscriptions wait for them to be taken
 * (less when the connection's bound on unsent bytes is under twice this). A catch-up's events,
 * written back to back, leave in writes of about this size rather than one write each; a client
 * that does not read holds no more than this unsent before its subscription waits.
 */
export const EVENT_BATCH_BYTES = 64 * 1024;

/**
 * {@link queueMessage} for a subscription's events (shared-execution.ts, direct delivery), each
 * given as the UTF-8 bytes of its text: no promise while the client keeps up. The events a
 * connection is written in one turn of the event loop go out together, in one write to the kernel
 * (the connection's stream corked until the turn's end, {@link ConnectionGuard.batchEvent}), up to
 * {@link EVENT_BATCH_BYTES} unsent; past that, the message comes with a promise of its being taken,
 * so the subscription waits before it takes its next event and its events wait in the hub's
 * bounded queue, whose overflow the hub handles (catch-up, then a close as too slow), as they would
 * behind graphql-ws's own sends. The frames and their order are those of one write per event.
 */
export function queueEvent(
  socket: WebSocket,
  guard: ConnectionGuard,
  message: Buffer,
): Promise<void> | undefined {
  if (socket.readyState !== socket.OPEN || !guard.mayQueue()) return undefined;
  if (guard.batchEvent(message.length)) {
    socket.send(message, AS_TEXT);
    return undefined;
  }
  // A failed write closes the socket ('error' above); the subscription ends with it.
  return new Promise<void>((resolve) => socket.send(message, AS_TEXT, () => resolve()));
}

/** What graphql-ws hands the server's callbacks about a connection (`ctx.extra`). */
export interface GuardedExtra {
  readonly socket: WebSocket;
  /**
   * The client's address, copied from the upgrade request: the request itself (its headers, its
   * parser state) is not kept for the connection's life.
   */
  readonly remoteAddress: string | undefined;
  readonly guard: ConnectionGuard;
  /** Called once when the socket closes (a place taken among a cap, given back), if set. */
  release: (() => void) | null;
}

export interface ServeOptions {
  readonly bounds: WsGuardBounds;
  readonly logger: Logger;
  readonly metrics: Metrics;
  /** Interval (ms) of the server's keep-alive pings; a client that misses a pong's deadline is dropped. */
  readonly keepAliveMs: number;
  /** A connection whose `connection_init` has not arrived by then (ms) is closed with 4408. */
  readonly connectionInitWaitMs: number;
  /** How often those deadlines are checked (ms; ws-liveness.ts). */
  readonly livenessSweepMs: number;
  /**
   * The one copy of a query text that is already held (armor.ts's prepared documents), so that the
   * message each subscription keeps for its life does not hold a copy of its own.
   */
  readonly sharedQuery?: (query: string) => string;
}

/** A frame's text (graphql-ws parses it; a binary frame is read as UTF-8 too, as `useServer` does). */
function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * A frame parsed for graphql-ws, which takes a parsed message as well as its text (its
 * `parseMessage` validates either) and keeps what it was given for as long as an operation runs: so
 * the text itself is not kept beside the parsed message, and a subscription's query text is the
 * shared copy. Text that is not JSON is handed on as it is: graphql-ws refuses it (4400).
 */
function parsedFrame(text: string, sharedQuery: ((query: string) => string) | undefined): unknown {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return text;
  }
  if (
    sharedQuery &&
    isRecord(message) &&
    message['type'] === 'subscribe' &&
    isRecord(message['payload']) &&
    typeof message['payload']['query'] === 'string'
  )
    message['payload']['query'] = sharedQuery(message['payload']['query']);
  return message;
}

const INTERNAL_ERROR = { code: CloseCode.InternalServerError, reason: 'Internal server error' } as const;

/** What every connection of one server is served with. */
interface Served {
  readonly server: Server<GuardedExtra>;
  readonly bounds: WsGuardBounds;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly sharedQuery: ((query: string) => string) | undefined;
  readonly liveness: Liveness;
}

/** One connection: its guard, its deadlines, and graphql-ws's protocol on it. */
function serveConnection(
  { server, bounds, logger, metrics, sharedQuery, liveness }: Served,
  socket: WebSocket,
  request: IncomingMessage,
): void {
  // The request is not kept: the address and port are all a connection needs of it.
  const { remoteAddress, remotePort } = request.socket;
  const guard = new ConnectionGuard(
    socket,
    bounds.anonymous,
    (reason) => {
      metrics.refused(reason);
      // One line per closed connection (an attacker's reconnections are bounded by the connection
      // limits); the address and port name the client.
      logger.warn({ reason, remoteAddress, remotePort }, 'graphql-ws connection closed: over its bounds');
    },
    monotonicNow,
    // The stream `ws` writes the connection's frames to: the upgraded request's socket.
    request.socket,
  );
  // `on` rather than `once` for the connection's listeners: a WebSocket emits 'close' once (and
  // closes on its first error), and each `once` would keep a wrapper for the connection's life.
  socket.on('error', (err) => {
    logger.error({ err }, 'ws socket error');
    socket.close(INTERNAL_ERROR.code, INTERNAL_ERROR.reason);
  });
  liveness.watch(socket, guard);
  const extra: GuardedExtra = { socket, remoteAddress, guard, release: null };
  const closed = server.opened(
    {
      protocol: socket.protocol,
      // Not queued when the client is not reading: the guard closes the connection instead.
      send: (data) => queueMessage(socket, guard, withPayloadText(data)),
      close: (code, reason) => socket.close(code, reason),
      onMessage: (handle) =>
        socket.on('message', (data) => {
          // Counted before anything else is done with it, the text conversion included.
          if (!guard.admit()) return;
          const message = parsedFrame(textOf(data), sharedQuery);
          if (isRecord(message) && message['type'] === 'connection_init') liveness.initialised(socket);
          // graphql-ws's `parseMessage` takes the parsed message as it takes the text.
          handle(message as string).catch((err: unknown) => {
            logger.error({ err }, 'ws message error');
            socket.close(INTERNAL_ERROR.code, INTERNAL_ERROR.reason);
          });
        }),
    },
    extra,
  );
  // One listener for everything a closed connection ends (with http.ts's, two: a third would
  // grow the listeners' array to room for nineteen).
  socket.on('close', (code, reason) => {
    liveness.forget(socket);
    extra.release?.();
    extra.release = null;
    void closed(code, reason.toString());
  });
}

/**
 * Serves graphql-ws's protocol `server` on every connection of `wsServer`, each behind a
 * {@link ConnectionGuard}. What graphql-ws's `useServer` does (keep-alive pings, closing with 4500 on
 * an internal error, the subprotocol), with the guard in front of every frame in and out. The
 * `connection_init` wait and the keep-alive are kept by one sweep for every connection
 * (ws-liveness.ts); `server` must be made with its own wait off (`connectionInitWaitTimeout: 0`).
 */
export function serveGraphqlWs(
  server: Server<GuardedExtra>,
  wsServer: WebSocketServer,
  options: ServeOptions,
): { dispose(): Promise<void>; readonly liveness: Liveness } {
  const { bounds, logger, sharedQuery, metrics } = options;
  const liveness = new Liveness({
    keepAliveMs: options.keepAliveMs,
    connectionInitWaitMs: options.connectionInitWaitMs,
    sweepMs: options.livenessSweepMs,
  });
  // graphql-ws's choice of subprotocol; pings are answered by the liveness listeners, where they
  // take tokens. Read by the `ws` server at each upgrade, so set here they hold however the server
  // was built.
  Object.assign(wsServer.options, { handleProtocols, autoPong: false });
  wsServer.once('error', (err) => {
    logger.error({ err }, 'ws server error');
    for (const client of wsServer.clients) client.close(INTERNAL_ERROR.code, INTERNAL_ERROR.reason);
  });
  const served: Served = { server, bounds, logger, metrics, sharedQuery, liveness };
  wsServer.on('connection', (socket: WebSocket, request: IncomingMessage) =>
    serveConnection(served, socket, request),
  );
  return {
    liveness,
    dispose: async () => {
      for (const client of wsServer.clients) client.close(1001, 'Going away');
      wsServer.removeAllListeners();
      liveness.stop();
      await new Promise<void>((resolve, reject) => wsServer.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
