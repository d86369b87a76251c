/**
 * graphql-ws floods by anonymous clients (issue 37's critical finding), shared by
 * `test/hardening/ws-flood.test.ts` and the bench's `wsflood` case:
 *
 * - a **silent pinger** sends `connection_init`, stops reading its socket and sends
 *   `{"type":"ping"}` in batches: every pong waits on the server's side;
 * - a **reading pinger** does the same but reads everything the server sends.
 *
 * Either sends graphql-ws's `{"type":"ping"}` messages, or the WebSocket protocol's ping frames.
 *
 * Each connection goes on until the server closes it, then the pinger opens another, until told to
 * stop. A silent pinger learns that its connection was closed from the service's log line (it reads
 * nothing, so the close frame waits behind its pongs): it then reads, and finds the close frame.
 */
import { ZkCloseCode } from '../../src/server/close-codes.js';
import type { WsGuardRefusal } from '../../src/server/ws-guard.js';
import { pingFrames, RawWebSocket, textFrames } from './raw-websocket.js';

/** The service's log message for a connection its bounds closed (`src/server/ws-guard.ts`). */
const CLOSED_MESSAGE = 'graphql-ws connection closed: over its bounds';

/** The close code the service sends with each reason it logs (`src/server/ws-guard.ts`). */
const CLOSE_CODE_OF: Record<WsGuardRefusal, ZkCloseCode> = {
  ws_message_rate: ZkCloseCode.TooManyMessages,
  ws_unsent_bytes: ZkCloseCode.NotReading,
};

/**
 * The service's refusals, read from its JSON log lines (LOG_LEVEL warn or lower): which client
 * ports it closed a graphql-ws connection of, and why.
 */
export class RefusalLog {
  readonly #ports = new Map<number, WsGuardRefusal>();
  readonly #waiters = new Map<number, () => void>();
  #partial = '';

  /** Feeds a chunk of the service's output. */
  feed(chunk: string): void {
    const lines = (this.#partial + chunk).split('\n');
    this.#partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes(CLOSED_MESSAGE)) continue;
      const { remotePort: port, reason } = JSON.parse(line) as {
        remotePort?: number;
        reason: WsGuardRefusal;
      };
      if (port === undefined) continue;
      this.#ports.set(port, reason);
      this.#waiters.get(port)?.();
    }
  }

  /** Resolves once the service has logged closing the connection from `port`. */
  closed(port: number): Promise<void> {
    if (this.#ports.has(port)) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.set(port, resolve));
  }

  get count(): number {
    return this.#ports.size;
  }

  /**
   * The close code the service closed `connection` with: the one its client read, or else the one
   * the service logged sending. A client that has not read up to the close frame
   * `REFUSED_CLOSE_GRACE_MS` after the refusal (on a busy machine, the test process is late
   * to read the log line or the socket) has its socket destroyed and reads none. Null: the service
   * never closed it.
   */
  closeCode(connection: PingerConnection): number | null {
    if (connection.code !== null) return connection.code;
    const reason = this.#ports.get(connection.port);
    return reason === undefined ? null : CLOSE_CODE_OF[reason];
  }
}

const INIT = textFrames(JSON.stringify({ type: 'connection_init', payload: {} }));
/** Frames per write. */
export const PING_BATCH = 1_000;

/** The flood of issue 37, done-when 1: anonymous pingers that never read, and as many that read. */
export const FLOOD = { silent: 4, reading: 4 } as const;
/** Its bounds: the documented memory budget of one process (NODE_HEAP_MB's default), a seat's p99. */
export const FLOOD_RSS_BUDGET_BYTES = 512 * 2 ** 20;
export const FLOOD_SEAT_P99_MS = 200;
/** A batch of pings, each with a payload of `payloadBytes` (which graphql-ws's pong echoes). */
function pings(payloadBytes: number): Buffer {
  const ping = payloadBytes ? { type: 'ping', payload: { pad: 'x'.repeat(payloadBytes) } } : { type: 'ping' };
  return textFrames(JSON.stringify(ping), PING_BATCH);
}

export interface PingerOptions {
  readonly wsUrl: string;
  readonly log: RefusalLog;
  /** Aborted when the pinger should open no more connections (the one it has goes on). */
  readonly stop: AbortSignal;
  /** Aborted when the pinger gives up on its connection (its close code is then null). */
  readonly giveUp: AbortSignal;
  /** Pings one silent connection sends at most; then it reads anyway. */
  readonly maxPings?: number;
  /** Bytes of payload in each ping (the pong echoes it); none by default. */
  readonly pingPayloadBytes?: number;
  /** Pings of the WebSocket protocol (control frames) rather than graphql-ws's `{"type":"ping"}`. */
  readonly wsPings?: boolean;
}

/**
 * What became of one connection: the server's close code as its client read it (null: none came
 * before `giveUp`, or the socket ended without one), and the client's port.
 */
export interface PingerConnection {
  readonly code: number | null;
  readonly port: number;
  readonly pings: number;
}

/** Connections of one pinger, one after another, until `stop`; `silent`: never reads until refused. */
export async function pinger(
  opts: PingerOptions & { readonly silent: boolean },
): Promise<PingerConnection[]> {
  const connections: PingerConnection[] = [];
  const batch = opts.wsPings ? pingFrames(PING_BATCH) : pings(opts.pingPayloadBytes ?? 0);
  const gaveUp = aborted(opts.giveUp);
  while (!opts.stop.aborted) {
    let ws: RawWebSocket;
    try {
      ws = await RawWebSocket.open(opts.wsUrl);
    } catch {
      // The service is gone (or refuses connections): that is the pinger's last connection.
      connections.push({ code: null, port: 0, pings: 0 });
      break;
    }
    const port = ws.localPort;
    if (opts.silent) ws.pause();
    // Aborted when the server has closed the connection (for a silent pinger: says so in its log) or
    // the pinger gives up: then it stops writing, reads, and waits for the close frame.
    const done = new AbortController();
    const closedByServer = opts.silent ? opts.log.closed(port) : ws.closeCode;
    void closedByServer.then(() => done.abort());
    void ws.closeCode.then(() => done.abort());
    const giveUp = () => done.abort();
    opts.giveUp.addEventListener('abort', giveUp);
    if (opts.giveUp.aborted) done.abort();
    ws.write(INIT);
    let pings = 0;
    while (!done.signal.aborted && pings < (opts.maxPings ?? Infinity)) {
      pings += PING_BATCH;
      if (!ws.write(batch)) await ws.drained(done.signal);
    }
    ws.resume();
    const code = opts.giveUp.aborted ? null : await Promise.race([ws.closeCode, gaveUp]);
    opts.giveUp.removeEventListener('abort', giveUp);
    connections.push({ code, port, pings });
    ws.destroy();
  }
  return connections;
}

/** Resolves with null once `signal` is aborted. */
function aborted(signal: AbortSignal): Promise<null> {
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(null), { once: true }));
}
