/**
 * Connections a slow or hostile client may hold. TCP connections are capped in total (Node's
 * `maxConnections`) and per client address, so no one address can take the sockets every other
 * client needs; graphql-ws connections are capped per game credential. A game's spectators share
 * one credential, so that cap is the size of a game's audience: `WS_CONNECTIONS_PER_CREDENTIAL`
 * (5,000 by default).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Counts holders per key, up to a cap. */
export class CappedCounter {
  readonly #counts = new Map<string, number>();

  constructor(readonly cap: number) {}

  /** Takes one place for `key`: the function that gives it back, or null when `key` is at its cap. */
  take(key: string): (() => void) | null {
    const n = this.#counts.get(key) ?? 0;
    if (n >= this.cap) return null;
    this.#counts.set(key, n + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.#counts.get(key) ?? 1) - 1;
      if (left <= 0) this.#counts.delete(key);
      else this.#counts.set(key, left);
    };
  }
}

/**
 * Caps `server`'s connections: `total` at once (beyond it Node closes a new socket at once) and
 * `perAddress` from one client address (beyond it the new socket is destroyed before anything is
 * read from it). WebSocket connections are upgraded HTTP connections, so they count too.
 */
export function limitConnections(server: Server, limits: { total: number; perAddress: number }): void {
  server.maxConnections = limits.total;
  const addresses = new CappedCounter(limits.perAddress);
  server.on('connection', (socket: Socket) => {
    const release = addresses.take(socket.remoteAddress ?? 'unknown');
    if (!release) {
      socket.destroy();
      return;
    }
    // `on`, not `once`: a socket closes once, and `once`'s wrapper would be kept for its whole life.
    socket.on('close', release);
  });
}
