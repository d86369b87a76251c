/**
 * The bench's floor servers (the raw-WebSocket broadcaster, the bare HTTP answerer), each started as
 * its own process so that its CPU, like the service's, is its own process's. A floor server prints
 * `listening <port>` once it listens, and exits when its stdin ends or on SIGTERM.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './service.js';

export interface FloorProcess {
  readonly port: number;
  readonly pid: number;
  stop(): Promise<void>;
}

/** Starts `bench/lib/<script>` with `args`; resolves once it listens. */
export async function startFloorProcess(script: string, args: readonly string[] = []): Promise<FloorProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/lib', script), ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 30_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    void exited.then(() => reject(new Error(`${script} exited`)));
  });
  return {
    port,
    pid: child.pid ?? 0,
    stop: async () => {
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
