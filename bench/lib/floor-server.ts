/**
 * The life of a floor server process (`floor-process.ts` starts it): it prints `listening <port>`
 * once its server listens, and when its stdin ends or it gets SIGTERM or SIGINT it drops its
 * clients, closes and exits.
 */
import type { AddressInfo } from 'node:net';

interface ListeningServer {
  address(): AddressInfo | string | null;
  close(callback: () => void): unknown;
  on(event: 'listening', listener: () => void): unknown;
}

export function runAsFloorServer(server: ListeningServer, dropClients: () => void): void {
  server.on('listening', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.stdout.write(`listening ${port}\n`);
  });
  const stop = () => {
    dropClients();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.stdin.on('end', stop);
  process.stdin.resume();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
