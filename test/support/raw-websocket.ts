/**
 * A WebSocket client on a bare TCP socket, for what a conforming client never does: it writes frames
 * in batches and stops reading its socket when told, so the server's answers wait on the server's
 * side. It parses what it reads just far enough to count frames and find the server's close frame.
 * Shared by the hardening test and the bench case of graphql-ws floods.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';

/** `count` masked text frames of `text` (a zero mask key: valid, and the payload stays as it is). */
export function textFrames(text: string, count = 1): Buffer {
  return frames(0x1, Buffer.from(text, 'utf8'), count);
}

/** `count` masked WebSocket ping frames (control frames, which a server answers with pongs). */
export function pingFrames(count = 1): Buffer {
  return frames(0x9, Buffer.from('zk'), count);
}

function frames(opcode: number, payload: Buffer, count: number): Buffer {
  if (payload.length > 0xffff) throw new Error('frames: at most 64 KiB');
  const head =
    payload.length <= 125
      ? Buffer.from([0x80 | opcode, 0x80 | payload.length])
      : Buffer.from([0x80 | opcode, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const frame = Buffer.concat([head, Buffer.alloc(4), payload]);
  return Buffer.concat(Array.from({ length: count }, () => frame));
}

export class RawWebSocket {
  /** Frames read from the server so far. */
  frames = 0;
  /** Resolves with the code of the server's close frame, or null when the socket ends without one. */
  readonly closeCode: Promise<number | null>;
  #pending: Buffer = Buffer.alloc(0);
  #settle: (code: number | null) => void = () => undefined;

  private constructor(readonly socket: net.Socket) {
    this.closeCode = new Promise((resolve) => (this.#settle = resolve));
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    socket.once('close', () => this.#settle(null));
    socket.on('error', () => this.#settle(null));
  }

  /** Opens a connection to `url` (ws://host:port/path) offering `protocol`; resolves after the 101. */
  static async open(url: string, protocol = 'graphql-transport-ws'): Promise<RawWebSocket> {
    const target = new URL(url);
    const socket = net.connect(Number(target.port), target.hostname);
    await once(socket, 'connect');
    socket.write(
      [
        `GET ${target.pathname} HTTP/1.1`,
        `Host: ${target.host}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        `Sec-WebSocket-Protocol: ${protocol}`,
        '',
        '',
      ].join('\r\n'),
    );
    let head = Buffer.alloc(0);
    for (;;) {
      const [chunk] = (await once(socket, 'data')) as [Buffer];
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) continue;
      const status = head.subarray(0, head.indexOf('\r\n')).toString();
      if (!status.startsWith('HTTP/1.1 101')) {
        socket.destroy();
        throw new Error(`handshake refused: ${status}`);
      }
      const ws = new RawWebSocket(socket);
      ws.#read(head.subarray(end + 4));
      return ws;
    }
  }

  /** The client's port: the server's logs name the connection by it. */
  get localPort(): number {
    return this.socket.localPort ?? 0;
  }

  /** Writes raw bytes (frames from {@link textFrames}); false when the socket's buffer is full. */
  write(bytes: Buffer): boolean {
    return this.socket.write(bytes);
  }

  /** Resolves when the socket's write buffer has drained, it closed, or `signal` was aborted. */
  async drained(signal: AbortSignal): Promise<void> {
    if (this.socket.destroyed || signal.aborted) return;
    await once(this.socket, 'drain', { signal }).catch(() => undefined);
  }

  /** Stops reading: what the server sends waits in the kernel's buffers, then in the server's. */
  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  destroy(): void {
    this.socket.destroy();
  }

  #read(chunk: Buffer): void {
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    for (;;) {
      const b = this.#pending;
      if (b.length < 2) return;
      let length = b[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (b.length < 4) return;
        length = b.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (b.length < 10) return;
        length = Number(b.readBigUInt64BE(2));
        offset = 10;
      }
      if (b.length < offset + length) return;
      this.frames++;
      if ((b[0]! & 0x0f) === 0x8) this.#settle(length >= 2 ? b.readUInt16BE(offset) : 1005);
      this.#pending = b.subarray(offset + length);
    }
  }
}
