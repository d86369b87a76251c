/**
 * Starts the raw-WebSocket baseline broadcaster (bench/lib/broadcast-server.ts) as its own process,
 * so that its CPU, like the service's, is its own process's.
 */
import WebSocket from 'ws';
import { startFloorProcess } from './floor-process.js';

export interface Broadcaster {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** Starts the baseline broadcaster as its own process. */
export async function startBroadcaster(): Promise<Broadcaster> {
  const floor = await startFloorProcess('broadcast-server.ts');
  return { url: `ws://127.0.0.1:${floor.port}`, pid: floor.pid, stop: () => floor.stop() };
}

/** The bench's control connection to the broadcaster: each `{ gameId, message }` sent on it is broadcast. */
export async function openTrigger(broadcaster: Broadcaster): Promise<WebSocket> {
  const control = new WebSocket(`${broadcaster.url}/trigger`);
  await new Promise<void>((resolve, reject) => {
    control.once('open', () => resolve());
    control.once('error', reject);
  });
  return control;
}
