/**
 * A quick probe of createGame throughput and CPU (not part of `npm run bench`; the aging case holds
 * the target's own figure): the aging case's workload (two seats of 60 cards, `layout: false`,
 * 40 concurrent clients) against a fresh service process (WORKERS=1). With `PROBE_BEFORE` naming
 * another build's `dist/main.js`, both services run side by side, each on a database of its own,
 * and batches alternate between them (ABBA…), so each pair sees the same moment of a shared
 * machine. Per batch: games/s and the service's CPU per game (from /proc: time spent descheduled
 * does not count).
 *
 *     PROBE_BEFORE=/path/to/before/dist/main.js npx tsx bench/create-probe.ts
 *
 * `PROBE_BEFORE=this` runs this checkout on both sides (with `PROBE_BEFORE_NODE_ARGS` on the before
 * side only) and `PROBE_BEFORE_ENV` (`NAME=value …`) on the before side only; `PROBE_BEFORE_SQL` runs
 * on the before side's database once its service has migrated it (a storage setting, say);
 * `PROBE_BEFORE_PG_ENV` (`NAME=value …`) is the before side's embedded PostgreSQL's environment;
 * `PROBE_BEFORE_ENV='NODE_SEMI_SPACE_MB='` starts the before side with V8's own young generation, as
 * builds before that setting ran (bench/lib/service.ts passes `--max-semi-space-size` otherwise). `PROBE_BATCHES` (default 6 per side), `PROBE_GAMES` per batch (default 200), `PROBE_CONCURRENCY`
 * (default 40). `PROBE_PERF=1` also records this checkout's service with `perf record -e cpu-clock`
 * (on-CPU samples only, kernel included) over the measured batches; the file is named in the output.
 * Per batch it also prints the cores the service, its backends and the load generator kept busy
 * together, and the WAL written per game.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { readdir, readFile } from 'node:fs/promises';
import { loadAverage } from './lib/machine.js';
import { createBenchGame } from './lib/fixtures.js';
import { graphqlClient, type GraphqlClient } from './lib/graphql.js';
import { openBenchDatabase, type BenchDatabase } from './lib/database.js';
import { startService, type ServiceProcess } from './lib/service.js';
import { fmtRatioEstimate, pairedRatio, summarize } from './lib/stats.js';

const batches = Number(process.env['PROBE_BATCHES'] || 6);
const perBatch = Number(process.env['PROBE_GAMES'] || 200);
const concurrency = Number(process.env['PROBE_CONCURRENCY'] || 40);
const before = process.env['PROBE_BEFORE'];
/** Extra node flags for the before side only (`PROBE_BEFORE_NODE_ARGS`), e.g. to compare flags on one build. */
const beforeArgs = (process.env['PROBE_BEFORE_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
/** Extra settings for the before side only (`PROBE_BEFORE_ENV`, `NAME=value` separated by spaces). */
const beforeEnv = envOf(process.env['PROBE_BEFORE_ENV']);
/** The before side's embedded PostgreSQL's environment (`PROBE_BEFORE_PG_ENV`, as `PROBE_BEFORE_ENV`). */
const beforePgEnv = envOf(process.env['PROBE_BEFORE_PG_ENV']);

interface Side {
  readonly name: string;
  readonly db: BenchDatabase;
  readonly service: ServiceProcess;
  readonly rates: number[];
  readonly cpuPerGame: number[];
  /** PostgreSQL backends' CPU ms per game, per batch. */
  readonly backendsPerGame: number[];
}

/** `NAME=value …` separated by spaces, as an environment. */
function envOf(text: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (text ?? '')
      .split(' ')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
}

/**
 * A database of its own; `pgEnv` is set while it is opened, so an embedded cluster started for it
 * (the default) inherits it and the service started after it does not.
 */
async function openWith(pgEnv: Record<string, string>): Promise<BenchDatabase> {
  const saved = Object.fromEntries(Object.keys(pgEnv).map((k) => [k, process.env[k]]));
  Object.assign(process.env, pgEnv);
  try {
    return await openBenchDatabase();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

async function side(
  name: string,
  entry: string | undefined,
  nodeArgs: string[] = [],
  env: Record<string, string> = {},
  sql?: string,
  pgEnv: Record<string, string> = {},
): Promise<Side> {
  const db = await openWith(pgEnv);
  const service = await startService(
    db.url,
    { WORKERS: '1', ...env },
    { nodeArgs, ...(entry ? { entry } : {}) },
  );
  // After the service's start: it applies the migrations.
  if (sql) {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  }
  return { name, db, service, rates: [], cpuPerGame: [], backendsPerGame: [] };
}

/** User and system CPU ms of one process (/proc/<pid>/stat, 100 ticks per second). */
async function userSystemMs(pid: number): Promise<[number, number]> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [Number(fields[11]) * 10, Number(fields[12]) * 10];
}

/**
 * CPU ms of the PostgreSQL backends serving the side's database (their titles name it): the
 * server's background processes, shared with everything else on the server, are not counted.
 */
async function backendsMs(s: Side): Promise<number> {
  const name = new URL(s.db.url).pathname.slice(1);
  let total = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const title = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      if (!title.startsWith('postgres: ') || !title.includes(` ${name} `)) continue;
      const [user, system] = await userSystemMs(Number(pid));
      total += user + system;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

interface BatchResult {
  readonly rate: number;
  /** Service CPU ms per game, and its system part. */
  readonly cpu: number;
  readonly system: number;
  /** CPU ms per game of the database's backends and of this load generator. */
  readonly backends: number;
  readonly client: number;
  /** WAL bytes per game (the side has a server of its own unless a URL is given: then shared). */
  readonly wal: number;
}

/** The server's current WAL position, in bytes. */
async function walBytes(s: Side): Promise<number> {
  const client = new pg.Client({ connectionString: s.db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ at: string }>(
      "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS at",
    );
    return Number(rows[0]!.at);
  } finally {
    await client.end();
  }
}

async function batch(s: Side, games: number): Promise<BatchResult> {
  const cpu0 = await s.service.cpuMs();
  const [, sys0] = await userSystemMs(s.service.pid);
  const pg0 = await backendsMs(s);
  const wal0 = await walBytes(s);
  // A client of its own per batch: the other side's batch outlasts the server's keep-alive timeout,
  // and a socket the server closed meanwhile would fail the first request sent on it.
  const api: GraphqlClient = graphqlClient(s.service.url, 64);
  const client0 = process.cpuUsage();
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < games) await createBenchGame(api, 120, { layout: false });
    }),
  );
  api.close();
  const rate = games / ((performance.now() - t0) / 1000);
  const client = process.cpuUsage(client0);
  const wal1 = await walBytes(s);
  const [, sys1] = await userSystemMs(s.service.pid);
  return {
    rate,
    cpu: ((await s.service.cpuMs()) - cpu0) / games,
    system: (sys1 - sys0) / games,
    backends: ((await backendsMs(s)) - pg0) / games,
    client: (client.user + client.system) / 1000 / games,
    wal: (wal1 - wal0) / games,
  };
}

const sides: Side[] = [];
try {
  if (before)
    sides.push(
      await side(
        'before',
        before === 'this' ? undefined : before,
        beforeArgs,
        beforeEnv,
        process.env['PROBE_BEFORE_SQL'],
        beforePgEnv,
      ),
    );
  sides.push(await side(before ? 'after' : 'this', undefined));
  process.stdout.write(`create-probe: load average ${loadAverage()}; warm-up\n`);
  for (const s of sides) await batch(s, perBatch);
  let recorder: ChildProcess | null = null;
  const perfFile = `/tmp/zk-create-probe-${process.pid}.perf.data`;
  if (process.env['PROBE_PERF'] === '1') {
    const pid = String(sides.at(-1)!.service.pid);
    recorder = spawn('perf', ['record', '-g', '-e', 'cpu-clock', '-F', '999', '-p', pid, '-o', perfFile], {
      stdio: 'ignore',
    });
    await new Promise((r) => setTimeout(r, 500));
  }
  for (let b = 0; b < batches; b++) {
    const order = b % 2 === 0 ? sides : [...sides].reverse();
    for (const s of order) {
      const { rate, cpu, system, backends, client, wal } = await batch(s, perBatch);
      // The cores this run's processes kept busy: against the machine's, what was left to it.
      const cores = ((cpu + backends + client) * rate) / 1000;
      s.rates.push(rate);
      s.cpuPerGame.push(cpu);
      s.backendsPerGame.push(backends);
      process.stdout.write(
        `create-probe: ${s.name} batch ${b}: ${rate.toFixed(1)} games/s, CPU ${cpu.toFixed(2)} ms/game (system ${system.toFixed(2)}); backends ${backends.toFixed(2)}, load generator ${client.toFixed(2)} ms/game; ${cores.toFixed(2)} cores busy; WAL ${(wal / 1024).toFixed(0)} KiB/game (load ${loadAverage()})\n`,
      );
    }
  }
  if (recorder) {
    recorder.kill('SIGINT');
    await new Promise((r) => recorder.once('exit', r));
    process.stdout.write(`create-probe: perf data in ${perfFile}\n`);
  }
  for (const s of sides) {
    const r = summarize(s.rates);
    const c = summarize(s.cpuPerGame);
    process.stdout.write(
      `create-probe: ${s.name}: games/s median ${r.p50.toFixed(1)}; CPU ms/game median ${c.p50.toFixed(2)} ` +
        `(min ${Math.min(...s.cpuPerGame).toFixed(2)}, max ${Math.max(...s.cpuPerGame).toFixed(2)})\n`,
    );
  }
  if (sides.length === 2) {
    // Batch b of each side ran back to back: one pair. after / before, median and 95% interval.
    const [b, a] = sides as [Side, Side];
    const any = { atLeast: 0 } as const;
    for (const [what, x, y] of [
      ['games/s', a.rates, b.rates],
      ['service CPU per game', a.cpuPerGame, b.cpuPerGame],
      ['PostgreSQL CPU per game', a.backendsPerGame, b.backendsPerGame],
      [
        'service + PostgreSQL CPU per game',
        a.cpuPerGame.map((c, i) => c + a.backendsPerGame[i]!),
        b.cpuPerGame.map((c, i) => c + b.backendsPerGame[i]!),
      ],
    ] as const)
      process.stdout.write(
        `create-probe: after / before, ${what}: ${fmtRatioEstimate(pairedRatio(x, y, any))}\n`,
      );
  }
  process.stdout.write(`create-probe: load average at end ${loadAverage()}\n`);
} finally {
  for (const s of sides) {
    await s.service.stop();
    await s.db.release();
  }
}
