/**
 * The service under test, as its own process: what `npm start` runs (the compiled `dist/main.js`,
 * built first when stale, with NODE_ENV=production), so its CPU and memory are its own. With
 * `WORKERS` > 1 the process is the cluster's primary and the workers are its children: CPU and
 * memory are summed over the whole process tree.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningUrl } from '../../test/support/process.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServiceProcess {
  readonly url: string;
  readonly wsUrl: string;
  readonly pid: number;
  readonly adminToken: string;
  /** The inspector's WebSocket URL, when started with `inspect: true`. */
  readonly inspectorUrl: string | null;
  /**
   * Resident set size (summed over the process tree: the primary and its workers) and, when
   * `/metrics` exposes it, the V8 heap in use (of the one process that answered).
   */
  memory(): Promise<{ rssBytes: number; heapUsedBytes: number | null; source: string; processes: number }>;
  /** CPU time (user + system) the process tree has used so far, in milliseconds. */
  cpuMs(): Promise<number>;
  /** Event-loop delay gauges from `/metrics` (seconds; one worker's, whichever answered). */
  eventLoopDelay(): Promise<{ p50: number; p99: number; max: number } | null>;
  stop(): Promise<void>;
}

let built = false;

/** `npm start`'s first step: compile src/ to dist/ when dist/ is missing or stale. */
export function buildService(): void {
  if (built) return;
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('could not build dist/ (node scripts/build.mjs)');
  built = true;
}

export async function startService(
  databaseUrl: string,
  env: Record<string, string> = {},
  opts: {
    timeoutMs?: number;
    inspect?: boolean;
    nodeArgs?: string[];
    entry?: string;
    /** Given each chunk the service prints (its log lines). */
    onOutput?: (chunk: string) => void;
  } = {},
): Promise<ServiceProcess> {
  const timeoutMs = opts.timeoutMs ?? 90_000;
  buildService();
  const adminToken = randomBytes(24).toString('base64url');
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'PORT', 'REDIS_URL'].includes(k)),
  );
  // BENCH_NODE_ARGS: extra flags for the service's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = [
    ...(opts.nodeArgs ?? []),
    ...(process.env['BENCH_NODE_ARGS'] ?? '').split(' ').filter(Boolean),
  ];
  // The heap limit `npm start` sets (NODE_HEAP_MB, see src/config.ts).
  const heap = `--max-old-space-size=${env['NODE_HEAP_MB'] ?? process.env['NODE_HEAP_MB'] ?? 512}`;
  // And its young generation (NODE_SEMI_SPACE_MB); set empty, V8's own (create-probe's before side).
  const semiSpace = env['NODE_SEMI_SPACE_MB'] ?? process.env['NODE_SEMI_SPACE_MB'] ?? '64';
  const young = semiSpace === '' ? [] : [`--max-semi-space-size=${semiSpace}`];
  const inspect = opts.inspect ? ['--inspect=127.0.0.1:0'] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [heap, ...young, ...inspect, ...nodeArgs, opts.entry ?? 'dist/main.js'],
    {
      cwd: ROOT,
      env: {
        ...inherited,
        // As `npm start` sets it (graphql-js and Apollo skip development-only checks).
        NODE_ENV: 'production',
        // As `npm start` sets it: glibc's fixed mmap threshold (docs/operators.md, Memory budget).
        MALLOC_MMAP_THRESHOLD_: process.env['MALLOC_MMAP_THRESHOLD_'] ?? '131072',
        DATABASE_URL: databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_TOKEN: adminToken,
        // The benchmark creates its games anonymously from one address, faster than the default rate.
        CREATE_GAME_RATE_PER_MINUTE: '1000000',
        CREATE_GAME_BURST: '1000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
    opts.onOutput?.(d.toString());
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  let url: string;
  try {
    url = await listeningUrl(child, () => out, exited, timeoutMs);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const pid = child.pid ?? 0;
  const inspectorUrl = /Debugger listening on (ws:\/\/\S+)/.exec(out)?.[1] ?? null;
  const base = new URL(url);
  const metricsUrl = `${base.protocol}//${base.host}/metrics`;

  return {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    pid,
    adminToken,
    inspectorUrl,
    memory: async () => {
      const metrics = await readMetrics(metricsUrl);
      const heap = metric(metrics, 'nodejs_heap_size_used_bytes') ?? null;
      const pids = await processTree(pid);
      let rss = 0;
      for (const p of pids) rss += await procRss(p).catch(() => 0);
      return { rssBytes: rss, heapUsedBytes: heap, source: `/proc/<pid>/status`, processes: pids.length };
    },
    cpuMs: async () => {
      let total = 0;
      for (const p of await processTree(pid)) total += await procCpuMs(p).catch(() => 0);
      return total;
    },
    eventLoopDelay: async () => {
      const metrics = await readMetrics(metricsUrl);
      const p50 = metric(metrics, 'nodejs_eventloop_lag_p50_seconds');
      const p99 = metric(metrics, 'nodejs_eventloop_lag_p99_seconds');
      const max = metric(metrics, 'nodejs_eventloop_lag_max_seconds');
      return p50 === undefined || p99 === undefined || max === undefined ? null : { p50, p99, max };
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Unlabelled samples of a Prometheus text exposition; empty when there is no `/metrics`. */
async function readMetrics(url: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) return out;
    for (const line of (await res.text()).split('\n')) {
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*) ([0-9.eE+-]+)$/.exec(line.trim());
      if (m?.[1] && m[2]) out.set(m[1], Number(m[2]));
    }
  } catch {
    // No metrics endpoint: fall back to /proc.
  }
  return out;
}

/** A sample by name, with or without the service's metric prefix (`zonekeeper_…`). */
function metric(metrics: Map<string, number>, name: string): number | undefined {
  for (const [k, v] of metrics) if (k === name || k.endsWith(`_${name}`)) return v;
  return undefined;
}

/** Clock ticks per second of /proc/<pid>/stat: 100 on every Linux this runs on (USER_HZ). */
const USER_HZ = 100;

export async function procCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces), from field 3 on.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / USER_HZ;
}

/** `pid` and its descendants (the cluster's workers), from /proc. */
export async function processTree(pid: number): Promise<number[]> {
  const parent = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++)
    for (const [child, ppid] of parent) if (ppid === out[i] && !out.includes(child)) out.push(child);
  return out;
}

async function procRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!m?.[1]) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(m[1]) * 1024;
}
