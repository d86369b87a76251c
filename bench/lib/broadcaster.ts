/**
 * Starts the raw-WebSocket baseline broadcaster (bench/lib/broadcast-server.ts) as its own process,
 * so that its CPU, like the service's, is its own process's.
 */
import { spawn } from 'node:child_process';
import WebSocket from 'ws';
import path from 'node:path';
import { ROOT } from './service.js';

export interface Broadcaster {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** Starts the baseline broadcaster as its own process. */
export async function startBroadcaster(): Promise<Broadcaster> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/lib/broadcast-server.ts')],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('broadcaster did not start')), 30_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    void exited.then(() => reject(new Error('broadcaster exited')));
  });
  return {
    url: `ws://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
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
