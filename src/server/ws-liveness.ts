/**
 * The deadlines of every graphql-ws connection, kept by one timer for all of them: the protocol's
 * `connection_init` wait (graphql-transport-ws closes a connection without one with
 * {@link CloseCode.ConnectionInitialisationTimeout}, 4408) and the keep-alive (a WebSocket ping every
 * `keepAliveMs`; a connection whose pong has not come back within as long is terminated).
 *
 * One sweep over the watched connections every `sweepMs` replaces the two or three timers each
 * connection held (graphql-ws's init timer, which it keeps referenced until the connection closes,
 * an interval and a pong deadline), each with its closure: an idle connection keeps a few numbers
 * here instead. Every deadline is kept to within one sweep; the sweep only runs while a connection is
 * watched. Pings from the client and pongs are handled by listeners shared by every socket.
 */
import { CloseCode } from 'graphql-ws';
import type { WebSocket } from 'ws';

/** What a ping or a pong is admitted by: the connection's guard (`ws-guard.ts`). */
export interface FrameBudget {
  /** One inbound frame: whether it may be handled. */
  admit(): boolean;
  /** Whether one more frame may be queued for the client. */
  mayQueue(): boolean;
}

export interface LivenessOptions {
  /** A ping every this many ms; a connection whose pong is not back within as long is terminated. */
  readonly keepAliveMs: number;
  /** A connection whose `connection_init` has not arrived within this many ms is closed with 4408. */
  readonly connectionInitWaitMs: number;
  /** How often the deadlines are checked (ms): each is kept to within this. */
  readonly sweepMs: number;
  readonly now?: () => number;
}

/** One watched connection: its deadlines, as times of {@link LivenessOptions.now}. */
interface Watched {
  readonly guard: FrameBudget;
  /** When it is closed for want of a `connection_init`; Infinity once one arrived. */
  initBy: number;
  /** When it is next pinged. */
  pingAt: number;
  /** When it is terminated for want of a pong; 0 while no ping is outstanding. */
  pongBy: number;
}

const INIT_TIMEOUT_REASON = 'Connection initialisation timeout';

/** The deadlines of a server's graphql-ws connections (see the file comment). */
export class Liveness {
  readonly #watched = new Map<WebSocket, Watched>();
  readonly #opts: Required<LivenessOptions>;
  #timer: NodeJS.Timeout | null = null;
  /** The listeners every socket shares (`this` is the socket that emitted). */
  readonly #onPing: (this: WebSocket, data: Buffer) => void;
  readonly #onPong: (this: WebSocket) => void;

  constructor(opts: LivenessOptions) {
    this.#opts = { now: () => performance.now(), ...opts };
    const watched = this.#watched;
    // A client's ping takes a token and is answered only while the unsent bytes are within bounds.
    this.#onPing = function (this: WebSocket, data: Buffer) {
      const w = watched.get(this);
      if (w && w.guard.admit() && w.guard.mayQueue()) this.pong(data);
    };
    // A pong takes a token too; one refused does not count as the answer.
    this.#onPong = function (this: WebSocket) {
      const w = watched.get(this);
      if (w && w.guard.admit()) w.pongBy = 0;
    };
  }

  /** Starts `socket`'s deadlines: its `connection_init` wait and its first ping. {@link forget} it when it closes. */
  watch(socket: WebSocket, guard: FrameBudget): void {
    const t = this.#opts.now();
    this.#watched.set(socket, {
      guard,
      initBy: t + this.#opts.connectionInitWaitMs,
      pingAt: t + this.#opts.keepAliveMs,
      pongBy: 0,
    });
    socket.on('ping', this.#onPing);
    socket.on('pong', this.#onPong);
    this.#timer ??= setInterval(() => this.#sweep(), this.#opts.sweepMs).unref();
  }

  /** `socket`'s `connection_init` arrived: it is no longer closed for want of one. */
  initialised(socket: WebSocket): void {
    const w = this.#watched.get(socket);
    if (w) w.initBy = Number.POSITIVE_INFINITY;
  }

  /** Connections watched (for tests). */
  get size(): number {
    return this.#watched.size;
  }

  /** Stops the sweep and forgets every connection. */
  stop(): void {
    for (const socket of [...this.#watched.keys()]) this.forget(socket);
  }

  /** `socket` closed: it has no deadlines any more. */
  forget(socket: WebSocket): void {
    if (!this.#watched.delete(socket)) return;
    socket.off('ping', this.#onPing);
    socket.off('pong', this.#onPong);
    if (this.#watched.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }

  #sweep(): void {
    const t = this.#opts.now();
    const { keepAliveMs } = this.#opts;
    for (const [socket, w] of this.#watched) {
      if (t >= w.initBy) {
        w.initBy = Number.POSITIVE_INFINITY;
        socket.close(CloseCode.ConnectionInitialisationTimeout, INIT_TIMEOUT_REASON);
        continue;
      }
      if (w.pongBy !== 0 && t >= w.pongBy) {
        socket.terminate();
        continue;
      }
      if (t < w.pingAt) continue;
      w.pingAt = t + keepAliveMs;
      if (socket.readyState !== socket.OPEN || w.pongBy !== 0) continue;
      w.pongBy = t + keepAliveMs;
      socket.ping();
    }
  }
}
