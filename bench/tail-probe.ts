/**
 * A probe of B1's open loop alone (not part of `npm run bench`): the move's latency at a fixed
 * offered rate, with what explains its tail. One fresh service process per compiled entry
 * (PROBE_ENTRIES, comma-separated, the first is the before side; `entry?NAME=value&…` sets that
 * service's environment), started with B1's settings (bench/run.ts), each with its own PROBE_GAMES
 * games laid out as B1's; the six-round-trip baseline (bench/b1-move.ts `RawMover`) on games of its
 * own unless PROBE_BASELINE=0. Then PROBE_ROUNDS rounds; in each, for every rate of PROBE_RATES, one
 * open loop (bench/lib/runner.ts `openLoop`, PROBE_SECONDS after PROBE_WARMUP) per side, the order
 * of the sides rotating every round, so every side sees the same moments of the machine.
 *
 * Per run: p50/p90/p99/max from the scheduled arrival (as B1), the p99 of the move's own time (sent
 * to answered, without the wait for a free game), in how many of the run's 100 ms windows its
 * slowest 1% fell (a stall bunches them, queueing spreads them), PostgreSQL's CPU per move (the
 * server's processes), and for a
 * service from /proc and /metrics: CPU per move, its event-loop delay p99 and max, GC time per
 * second, retries (conflicts that took the locked path), its own mean time per move (door to
 * commit) and per mutation request (received to sent), its user and system CPU and context
 * switches per move, and how long its event loop's thread was runnable but waited for a core
 * (`/proc/<pid>/schedstat`; PostgreSQL's processes summed likewise). At the end, each service's medians and
 * each entry against the first with its 95% interval.
 *
 *     PROBE_ENTRIES=/work/main/dist/main.js,dist/main.js PROBE_RATES=200,400 npx tsx bench/tail-probe.ts
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { RawMover } from './b1-move.js';
import { connectClients, openBenchDatabase } from './lib/database.js';
import { ApiMover, createBenchGames, type BenchGame, type BenchSeat } from './lib/fixtures.js';
import { scrape, sumOf } from './lib/scrape.js';
import { graphqlClient, type GraphqlClient } from './lib/graphql.js';
import { openLoop } from './lib/runner.js';
import { readFile } from 'node:fs/promises';
import { processTree, startService, type ServiceProcess } from './lib/service.js';
import { fmtMs, fmtRatioEstimate, pairedRatio, summarize } from './lib/stats.js';

const entries = (process.env['PROBE_ENTRIES'] || 'dist/main.js').split(',');
const rates = (process.env['PROBE_RATES'] || '300').split(',').map(Number);
const rounds = Number(process.env['PROBE_ROUNDS'] || 4);
const seconds = Number(process.env['PROBE_SECONDS'] || 5);
const warmup = Number(process.env['PROBE_WARMUP'] || 1);
const gameCount = Number(process.env['PROBE_GAMES'] || 32);
const objects = Number(process.env['BENCH_GAME_OBJECTS'] || 150);
const withBaseline = process.env['PROBE_BASELINE'] !== '0';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ). */
const USER_HZ = 100;

/** CPU (user and system, ms) and context switches (voluntary: it waited) of each process, by pid. */
async function usage(pids: readonly number[]) {
  const out = new Map<
    number,
    { user: number; system: number; voluntary: number; involuntary: number; runWait: number }
  >();
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      // schedstat: ns on a core, ns runnable but waiting for one, timeslices (its main thread).
      const sched = (await readFile(`/proc/${pid}/schedstat`, 'utf8')).split(' ');
      out.set(pid, {
        runWait: Number(sched[1]) / 1e6,
        user: (Number(f[11]) * 1000) / USER_HZ,
        system: (Number(f[12]) * 1000) / USER_HZ,
        voluntary: Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0),
        involuntary: Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0),
      });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/**
 * What the processes alive at the end used since `before` (a process started meanwhile, all of
 * its use; one that ended meanwhile is not counted, so a backend that closed is missed, never negative).
 */
function used(before: Awaited<ReturnType<typeof usage>>, after: Awaited<ReturnType<typeof usage>>) {
  const sum = { user: 0, system: 0, voluntary: 0, involuntary: 0, runWait: 0 };
  for (const [pid, a] of after) {
    const b = before.get(pid) ?? { user: 0, system: 0, voluntary: 0, involuntary: 0, runWait: 0 };
    sum.runWait += a.runWait - b.runWait;
    sum.user += a.user - b.user;
    sum.system += a.system - b.system;
    sum.voluntary += a.voluntary - b.voluntary;
    sum.involuntary += a.involuntary - b.involuntary;
  }
  return sum;
}

/** The PostgreSQL server's processes (the postmaster's tree), found from one of its backends. */
async function postgresPids(client: pg.Client): Promise<number[]> {
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const postmaster = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  return processTree(postmaster);
}

interface Side {
  readonly name: string;
  readonly service: ServiceProcess | null;
  readonly movers: readonly { move(): Promise<unknown> }[];
}

interface Run {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** p99 of the move's own time (sent to answered), ms. */
  ownP99: number;
  /** The slowest 1% of the moves' own times: how many, and in how many 100 ms windows. */
  slowCount: number;
  slowWindows: number;
  dropped: number;
  errors: number;
  cpuMs: number;
  loopP99: number;
  loopMax: number;
  gcMsPerSecond: number;
  retries: number;
  moves: number;
  serviceMoveMs: number;
  serviceRequestMs: number;
  generatorLoopP99: number;
  /** Per move: the service's user and system CPU, its voluntary and involuntary context switches, ms / count. */
  user: number;
  system: number;
  voluntary: number;
  involuntary: number;
  /** Per move: CPU of every PostgreSQL process (the server's tree), ms. */
  postgresMs: number;
  /** Per move: time the service's main thread (its event loop) was runnable but waited for a core, ms. */
  serviceRunWait: number;
  /** Per move: the same summed over PostgreSQL's processes, ms. */
  postgresRunWait: number;
}

async function openRun(side: Side, rate: number): Promise<Run> {
  const before = side.service ? await scrape(side.service) : null;
  const cpu0 = side.service ? await side.service.cpuMs() : 0;
  const servicePids = side.service ? await processTree(side.service.pid) : [];
  const u0 = await usage(servicePids);
  const p0 = await usage(await postgresPids(pgProbe!));
  const own: number[] = [];
  /** When each counted move was sent, ms after the start (its own time is `own`'s same index). */
  const starts: number[] = [];
  const t0 = performance.now();
  const r = await openLoop({
    rate,
    seconds,
    warmupSeconds: warmup,
    slots: side.movers.length,
    op: async (slot) => {
      const s = performance.now();
      await side.movers[slot]!.move();
      if (s - t0 >= warmup * 1000) {
        own.push(performance.now() - s);
        starts.push(s - t0);
      }
    },
  });
  const cpu = side.service ? (await side.service.cpuMs()) - cpu0 : Number.NaN;
  const u = used(u0, await usage(servicePids));
  const pgUse = used(p0, await usage(await postgresPids(pgProbe!)));
  const per = Math.max(1, r.completed);
  const after = side.service ? await scrape(side.service) : null;
  const delta = (prefix: string) =>
    after && before ? sumOf(after, prefix) - sumOf(before, prefix) : Number.NaN;
  const mutation = 'graphql_request_duration_seconds_{p}{operation_type="mutation"}';
  const moves = delta('move_duration_seconds_count');
  // The slowest 1% of own times, and in how many 100 ms windows they fell: a stall bunches them
  // into a few windows, queueing at a high load spreads them over many.
  const p99 = summarize(own).p99;
  const windows = new Set<number>();
  let slowCount = 0;
  for (const [i, t] of own.entries())
    if (t >= p99) {
      slowCount++;
      windows.add(Math.floor(starts[i]! / 100));
    }
  return {
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    ownP99: p99,
    slowCount,
    slowWindows: windows.size,
    dropped: r.dropped,
    errors: r.errors,
    cpuMs: cpu / Math.max(1, r.completed),
    loopP99: after ? (after.get('nodejs_eventloop_lag_p99_seconds') ?? Number.NaN) * 1000 : Number.NaN,
    loopMax: after ? (after.get('nodejs_eventloop_lag_max_seconds') ?? Number.NaN) * 1000 : Number.NaN,
    gcMsPerSecond: (delta('nodejs_gc_duration_seconds_sum') * 1000) / (seconds + warmup),
    retries: delta('transaction_retries_total'),
    moves,
    serviceMoveMs: (delta('move_duration_seconds_sum') / Math.max(1, moves)) * 1000,
    serviceRequestMs:
      (delta(mutation.replace('{p}', 'sum')) / Math.max(1, delta(mutation.replace('{p}', 'count')))) * 1000,
    generatorLoopP99: r.generatorLoopDelay.p99,
    user: u.user / per,
    system: u.system / per,
    voluntary: u.voluntary / per,
    involuntary: u.involuntary / per,
    postgresMs: (pgUse.user + pgUse.system) / per,
    serviceRunWait: u.runWait / per,
    postgresRunWait: pgUse.runWait / per,
  };
}

const seatOf = (g: BenchGame, i: number): BenchSeat => g.seats[i % g.seats.length]!;

const db = await openBenchDatabase();
const sides: Side[] = [];
const apis: GraphqlClient[] = [];
const services: ServiceProcess[] = [];
let clients: pg.Client[] = [];
let pgProbe: pg.Client | undefined;
try {
  pgProbe = (await connectClients(db.url, 1))[0];
  for (const entry of entries) {
    const [file = 'dist/main.js', query = ''] = entry.split('?');
    const service = await startService(
      db.url,
      {
        // B1's settings (bench/run.ts).
        WORKERS: '1',
        WORK_LIMIT_PER_PRINCIPAL: '64',
        WORK_LIMIT_PER_CLIENT: '64',
        REQUEST_LIMIT_PER_CLIENT: '8',
        REQUEST_QUEUE_PER_CLIENT: '256',
        ...Object.fromEntries(new URLSearchParams(query)),
      },
      { entry: file },
    );
    services.push(service);
    const api = graphqlClient(service.url);
    apis.push(api);
    const games = await createBenchGames(api, gameCount, objects, { layout: true });
    sides.push({ name: entry, service, movers: games.map((g, i) => new ApiMover(api, g, seatOf(g, i))) });
  }
  if (withBaseline) {
    const api = apis[0]!;
    const games = await createBenchGames(api, gameCount, objects, { layout: true });
    const probe = new ApiMover(api, games[0]!, seatOf(games[0]!, 0));
    await probe.move();
    await probe.move();
    clients = await connectClients(db.url, gameCount);
    const payload = (
      await clients[0]!.query<{ payload: string }>(
        'SELECT payload::text AS payload FROM game_event WHERE game_id = $1 ORDER BY seq DESC LIMIT 1',
        [games[0]!.id],
      )
    ).rows[0]!.payload;
    sides.unshift({
      name: 'baseline',
      service: null,
      movers: games.map((g, i) => new RawMover(clients[i]!, g, seatOf(g, i), payload)),
    });
  }
  // Warm-up: every side once at the first rate, uncounted.
  for (const side of sides) await openRun(side, rates[0]!);
  const results = new Map<string, Run[]>();
  for (let round = 0; round < rounds; round++) {
    for (const rate of rates) {
      const order = sides.map((_, i) => sides[(i + round) % sides.length]!);
      for (const side of order) {
        const r = await openRun(side, rate);
        const key = `${side.name} @${rate}`;
        results.set(key, [...(results.get(key) ?? []), r]);
        process.stdout.write(
          `round ${round + 1} ${key}/s: PostgreSQL ${fmtMs(r.postgresMs)} ms/move, waited for a core ${fmtMs(r.postgresRunWait)} ms/move; p50 ${fmtMs(r.p50)} p90 ${fmtMs(r.p90)} p99 ${fmtMs(r.p99)} max ${fmtMs(r.max)} ms, ` +
            `own p99 ${fmtMs(r.ownP99)}, slowest 1% (${r.slowCount}) in ${r.slowWindows} of ${seconds * 10} windows, dropped ${r.dropped}, errors ${r.errors}, gen loop p99 ${fmtMs(r.generatorLoopP99)}` +
            (side.service
              ? `; service: CPU ${fmtMs(r.cpuMs)} ms/move, its loop waited for a core ${fmtMs(r.serviceRunWait)} ms/move, loop p99 ${fmtMs(r.loopP99)} max ${fmtMs(r.loopMax)} ms, ` +
                `GC ${fmtMs(r.gcMsPerSecond)} ms/s, user ${fmtMs(r.user)} system ${fmtMs(r.system)} ms/move, switches ${r.voluntary.toFixed(1)}+${r.involuntary.toFixed(1)}/move, retries ${r.retries}/${r.moves}, door→commit ${fmtMs(r.serviceMoveMs)} ms, request ${fmtMs(r.serviceRequestMs)} ms`
              : '') +
            '\n',
        );
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  for (const [key, rs] of results) {
    const m = (f: (r: Run) => number) => fmtMs(median(rs.map(f)));
    process.stdout.write(
      `${key}/s: median over ${rs.length}: p50 ${m((r) => r.p50)} p99 ${m((r) => r.p99)} ms (range ${fmtMs(Math.min(...rs.map((r) => r.p99)))}–${fmtMs(Math.max(...rs.map((r) => r.p99)))}), ` +
        `CPU ${m((r) => r.cpuMs)} ms/move (user ${m((r) => r.user)}, system ${m((r) => r.system)}), switches ${m((r) => r.voluntary)}/move, loop waited for a core ${m((r) => r.serviceRunWait)} ms/move, PostgreSQL ${m((r) => r.postgresMs)} ms/move (waited ${m((r) => r.postgresRunWait)}), loop p99 ${m((r) => r.loopP99)} ms, GC ${m((r) => r.gcMsPerSecond)} ms/s\n`,
    );
  }
  for (const rate of rates) {
    const first = results.get(`${entries[0]} @${rate}`)!;
    const base = results.get(`baseline @${rate}`);
    for (const entry of entries) {
      const rs = results.get(`${entry} @${rate}`)!;
      const ratio = (a: Run[], b: Run[], f: (r: Run) => number) =>
        fmtRatioEstimate(pairedRatio(a.map(f), b.map(f), { atMost: 2 }));
      if (base)
        process.stdout.write(
          `@${rate}/s ${entry} / baseline: p99 ${ratio(rs, base, (r) => r.p99)}, p50 ${ratio(rs, base, (r) => r.p50)}\n`,
        );
      if (entry !== entries[0])
        process.stdout.write(
          `@${rate}/s ${entry} / ${entries[0]}: p99 ${ratio(rs, first, (r) => r.p99)}, p50 ${ratio(rs, first, (r) => r.p50)}, CPU ${ratio(rs, first, (r) => r.cpuMs)}\n`,
        );
    }
  }
} finally {
  for (const a of apis) a.close();
  await Promise.all([...clients, ...(pgProbe ? [pgProbe] : [])].map((c) => c.end().catch(() => undefined)));
  for (const s of services) await s.stop();
  await db.release();
}
