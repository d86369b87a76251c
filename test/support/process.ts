/**
 * Runs the real service as a child process (`tsx src/main.ts`), as `npm start` does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startServiceProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServiceProcess> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'TEST_DATABASE_URL', 'PORT'].includes(k)),
  );
  const child = spawn(TSX, ['src/main.ts'], {
    cwd: ROOT,
    // NODE_ENV as in production: vitest's `test` would hide behaviour that only runs outside tests
    // (Apollo Server, for one, installs its own signal handlers unless NODE_ENV is `test`).
    env: { ...base, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start in time:\n${out}`)), timeoutMs);
    const onData = () => {
      const m = /Zonekeeper listening on (\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code} before starting:\n${out}`));
    });
  });

  return {
    child,
    url,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
