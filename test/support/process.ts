/**
 * Runs the real service as a child process: `node --import tsx src/main.ts` (no build; tsx as a
 * loader inside the service's own process, so signals reach it directly), `node dist/main.js` (the
 * compiled service, the process `npm start` execs: about half the CPU of a tsx start, for files
 * that start many; needs {@link buildDist} first), or `npm start` itself (the compiled service, as
 * an operator or a supervisor starts it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect } from 'vitest';
import { closeAfterFile } from './after-file.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything the process printed so far. */
  output(): string;
  /**
   * Sends a signal and resolves with the exit code. SIGKILL goes to every process below as well
   * (npm's, the embedded PostgreSQL): a launcher killed alone cannot pass the signal on.
   */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Every process below `pid`, each before its own children (Linux `/proc`). */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name, which is in parentheses and may contain spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** SIGKILLs `child` and everything below it (collected first, before anything is re-parented). */
function killTree(child: ChildProcess): void {
  const pids = child.pid === undefined ? [] : descendants(child.pid);
  for (const pid of pids.reverse()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  child.kill('SIGKILL');
}

/** Whether a process is still there (a zombie awaiting its parent counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Resolves with the URL the service prints once it listens (`Zonekeeper listening on <url>`);
 * rejects when it exits first or takes longer than `timeoutMs`. Shared with bench/lib/service.ts.
 */
export function listeningUrl(
  child: ChildProcess,
  output: () => string,
  exited: Promise<number | null>,
  timeoutMs: number,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`service did not start in time:\n${output()}`)),
      timeoutMs,
    );
    const onData = () => {
      const m = /Zonekeeper listening on (\S+)/.exec(output());
      if (m?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code} before starting:\n${output()}`));
    });
  });
}

/** What a finished command printed, and its exit code (null: killed). */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `file …args` in the checkout (or `cwd`) to its end. A run still going after `killAfterMs` is killed,
 * with its process group, and resolves with code null: a command that should have stopped on its
 * own fails its test instead of hanging it. With `stopWhen`, the command is sent SIGTERM once its
 * stdout satisfies it (a service that has started).
 */
export function runCommand(
  file: string,
  args: readonly string[],
  opts: {
    env: NodeJS.ProcessEnv;
    stdin?: string;
    killAfterMs: number;
    cwd?: string;
    stopWhen?: (stdout: string) => boolean;
  },
): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: opts.cwd ?? ROOT,
      env: opts.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, opts.killAfterMs);
    let stopSent = false;
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (opts.stopWhen && !stopSent && opts.stopWhen(stdout)) {
        stopSent = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    // 'close', not 'exit': the exit can arrive before the last output has been read from the pipes.
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(opts.stdin ?? '');
  });
}

/**
 * `npm start`'s first step, done before a test starts the compiled service (through npm, or
 * `dist/main.js` itself): compiling a stale `dist/` can take longer than a start's timeout on a
 * loaded machine. Call it in a `beforeAll`.
 */
export function buildDist(): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 240_000,
  });
  expect(build.status, build.stderr).toBe(0);
}

export interface StartOptions {
  /**
   * `tsx` runs src/main.ts directly; `dist` runs the compiled dist/main.js with node; `npm` runs
   * `npm start`. `dist` and `npm` need a build ({@link buildDist} in a `beforeAll`).
   */
  readonly via?: 'tsx' | 'dist' | 'npm';
  /** The package folder to run in (default: this checkout). */
  readonly cwd?: string;
}

export async function startServiceProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  opts: StartOptions = {},
): Promise<ServiceProcess> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'TEST_DATABASE_URL', 'PORT'].includes(k)),
  );
  const [command, args] =
    opts.via === 'npm'
      ? ['npm', ['start']]
      : opts.via === 'dist'
        ? [process.execPath, ['dist/main.js']]
        : [process.execPath, ['--import', 'tsx', 'src/main.ts']];
  const child = spawn(command, args, {
    cwd: opts.cwd ?? ROOT,
    // NODE_ENV as in production: vitest's `test` would hide behaviour that only runs outside tests
    // (Apollo Server, for one, installs its own signal handlers unless NODE_ENV is `test`).
    env: { ...base, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      if (signal === 'SIGKILL') killTree(child);
      else child.kill(signal);
    }
    const timer = setTimeout(() => killTree(child), 20_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  // A test that fails before it stops the service (or one that failed to start) leaves no process behind.
  closeAfterFile(() => stop('SIGKILL'), 30_000);

  const url = await listeningUrl(child, () => out, exited, timeoutMs);

  return { child, url, output: () => out, stop };
}

/**
 * The service processes and socket clients a test file starts, closed and stopped (with `signal`,
 * default SIGTERM) after its last test, whatever happened in between.
 */
export function stoppedAfterAll(signal?: NodeJS.Signals) {
  const running = new Set<ServiceProcess>();
  const clients: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all([...running].map((p) => p.stop(signal)));
  }, 60_000);
  return { running, clients };
}
