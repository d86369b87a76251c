/**
 * Clocks (`BENCH_CASES=clocks`, issue 40 point 5). Two services on one database, `WORKERS=1` each:
 * the one measured, with its clock sweep at its default interval, and beside it one with no sweep
 * (`CLOCK_SWEEP_MS=0`), idle, whose CPU over the same windows is what an idle process costs.
 *
 * - At rest: BENCH_CLOCK_GAMES chess-clock games (a few cards each), created through the measured
 *   service, their clocks not started; a quiet window of BENCH_CLOCK_REST_SECONDS (both services'
 *   CPU, the measured one's RSS); then every clock started (hours on them) and the same window
 *   again. The sweep's cost = the measured service's CPU − the idle one's, as a share of one core.
 * - Expiries: BENCH_CLOCK_EXPIRIES more games, each created and started with the main time that puts
 *   its deadline on an even spread over BENCH_CLOCK_EXPIRY_SECONDS, the running games beside them;
 *   the bench waits (polling the log's count) until every one has expired (past 60 s after the
 *   last deadline, only while expiries are still being recorded: a late one is late, not missing),
 *   then reads each log: lateness = the CLOCK_EXPIRED event's `at` (its commit, the server's time)
 *   − the deadline the start answered, p50, p99 and max; no game without one (of those, how many
 *   the sweep had still not reached), none with two.
 * - A move with a running clock: B1's move by seat 0 on a game whose seat 0 clock runs, against the
 *   same move on a twin with no clock, BENCH_CLOCK_PAIRS paired one-client runs alternating which
 *   goes first (bench/lib/paired.ts); the service's CPU per move judged against ≤ 1.1×.
 *
 * The sweep's target is judged on the service's CPU (the measured service's − the idle one's); the
 * database's side, the CPU of the backends connected to the bench database over the same window,
 * is reported beside it (both services' connections: the idle one sends nothing at rest).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { coreShare, expiryLateness, spreadDeadlines, type ExpiryRecord } from './lib/clock-figures.js';
import { ApiMover, createBenchGame } from './lib/fixtures.js';
import { graphqlClient, type GraphqlClient } from './lib/graphql.js';
import { loadAverage } from './lib/machine.js';
import { estimateJson, pairedRuns } from './lib/paired.js';
import {
  figureTarget,
  ratioTarget,
  table,
  type BenchLog,
  type CaseDeps,
  type CaseReport,
} from './lib/report.js';
import { procCpuMs, startService, type ServiceProcess } from './lib/service.js';
import { fmtMs, fmtRatioEstimate, summarize, type LatencySummary } from './lib/stats.js';

export const CLOCKS_TITLE = 'Clocks: the sweep at rest, expiries on time, a move with a running clock';

/** The case's scale (environment variables, defaults as issue 40 states them). */
export interface ClockBenchSettings {
  /** Games whose clocks run through the quiet windows (`BENCH_CLOCK_GAMES`). */
  readonly games: number;
  /** Clocks that run out (`BENCH_CLOCK_EXPIRIES`)… */
  readonly expiries: number;
  /** …spread evenly over this many seconds (`BENCH_CLOCK_EXPIRY_SECONDS`). */
  readonly expirySeconds: number;
  /** Each quiet window (`BENCH_CLOCK_REST_SECONDS`). */
  readonly restSeconds: number;
  /** Paired runs of the move comparison (`BENCH_CLOCK_PAIRS`). */
  readonly pairs: number;
}

export function clockBenchSettings(env: NodeJS.ProcessEnv = process.env): ClockBenchSettings {
  const num = (name: string, fallback: number) => {
    const v = Number(env[name] || fallback);
    if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
    return v;
  };
  return {
    games: num('BENCH_CLOCK_GAMES', 10_000),
    expiries: num('BENCH_CLOCK_EXPIRIES', 1_000),
    expirySeconds: num('BENCH_CLOCK_EXPIRY_SECONDS', 60),
    restSeconds: num('BENCH_CLOCK_REST_SECONDS', 20),
    pairs: num('BENCH_CLOCK_PAIRS', 12),
  };
}

/** Targets (issue 40 point 5). */
const LATE_P99_MS = 1_000;
const SWEEP_CORE_PERCENT = 2;
const MOVE_AT_MOST = { atMost: 1.1 } as const;
/** Hours on the clocks that must not run out during the case. */
const LONG_MS = 4 * 3_600_000;
/** Requests in flight while setting up (set-up time is not measured). */
const SETUP_CONCURRENCY = 16;
/** Past the expiry window's end, how long with no new expiry before the rest count as missing. */
const STALLED_MS = 30_000;
/** Before each quiet window: the work just done (garbage collection, the pool) settles. */
const SETTLE_MS = 5_000;

const SERVICE_ENV = {
  WORKERS: '1',
  WORK_LIMIT_PER_PRINCIPAL: '64',
  WORK_LIMIT_PER_CLIENT: '64',
  REQUEST_LIMIT_PER_CLIENT: '16',
  REQUEST_QUEUE_PER_CLIENT: '256',
};

const CREATE = /* GraphQL */ `
  mutation BenchClockGame($input: CreateGameInput!) {
    createGame(input: $input) {
      game {
        id
      }
      seats {
        player {
          id
        }
      }
      refereeToken
    }
  }
`;
const START = /* GraphQL */ `
  mutation BenchStartClock($input: StartClockInput!) {
    startClock(input: $input) {
      events {
        seq
        clock {
          deadlineMs
        }
      }
    }
  }
`;
const LOG = /* GraphQL */ `
  query BenchClockLog($id: ID!, $after: Int!) {
    gameEvents(gameId: $id, afterSeq: $after, first: 50) {
      seq
      kind
      at
      clock {
        asOfMs
      }
    }
  }
`;

interface ClockGame {
  readonly id: string;
  readonly seat: string;
  readonly referee: string;
}
interface Started {
  readonly game: ClockGame;
  readonly seq: number;
  readonly deadlineMs: number;
}

const card = (seat: number, i: number) => ({ name: `Seat ${seat} card ${i}`, types: ['Creature'] });

/** A two-seat game of a few cards with a chess clock of `mainMs`, not started. */
async function clockGame(api: GraphqlClient, mainMs: number): Promise<ClockGame> {
  const input = {
    ruleset: 'mtg',
    waitForSeatEntropy: false,
    players: [0, 1].map((seat) => ({
      name: `Clock ${seat}`,
      deck: Array.from({ length: 4 }, (_, i) => card(seat, i)),
    })),
    clock: { kind: 'CHESS', mainMs: Math.round(mainMs), onExpire: 'LOSE' },
  };
  const { createGame } = await api.request<{
    createGame: { game: { id: string }; seats: { player: { id: string } }[]; refereeToken: string };
  }>(CREATE, { input });
  return { id: createGame.game.id, seat: createGame.seats[0]!.player.id, referee: createGame.refereeToken };
}

/** Starts a game's clocks with seat 0 running; answers the deadline the start set. */
async function startClock(api: GraphqlClient, game: ClockGame): Promise<Started> {
  const { startClock: s } = await api.request<{
    startClock: { events: { seq: number; clock: { deadlineMs: number | null } | null }[] };
  }>(START, { input: { gameId: game.id, playerId: game.seat } }, game.referee);
  const event = s.events.at(-1);
  const deadlineMs = event?.clock?.deadlineMs;
  if (!event || deadlineMs === null || deadlineMs === undefined)
    throw new Error('startClock set no deadline');
  return { game, seq: event.seq, deadlineMs };
}

/** Runs `fn` over `count` indexes, `limit` at a time, in index order. */
async function inPool(count: number, limit: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

/** A quiet window: both services' CPU per second, and the measured one's memory at its end. */
interface Rest {
  readonly sweepingCpuMsPerS: number;
  readonly idleCpuMsPerS: number;
  /** The bench database's backends (both services' connections), CPU per second. */
  readonly databaseCpuMsPerS: number;
  /** (sweeping − idle) as a percentage of one core. */
  readonly sweepCorePercent: number;
  /** The same with the database's backends added: the sweep's whole cost. */
  readonly sweepWithDatabaseCorePercent: number;
  readonly rssBytes: number;
  readonly heapUsedBytes: number | null;
}

/** CPU so far (ms) of each backend connected to the bench database, by pid (from /proc). */
async function backendsCpuMs(db: pg.Client): Promise<Map<number, number>> {
  const r = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  const out = new Map<number, number>();
  for (const { pid } of r.rows) out.set(pid, await procCpuMs(pid).catch(() => 0));
  return out;
}

/** The backends' CPU between two readings (a backend that started between them counts whole). */
function backendsDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

async function restWindow(
  sweeping: ServiceProcess,
  idle: ServiceProcess,
  db: pg.Client,
  seconds: number,
): Promise<Rest> {
  await sleep(SETTLE_MS);
  const [a0, b0, d0] = [await sweeping.cpuMs(), await idle.cpuMs(), await backendsCpuMs(db)];
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const [a1, b1, d1] = [await sweeping.cpuMs(), await idle.cpuMs(), await backendsCpuMs(db)];
  const wallMs = performance.now() - t0;
  const memory = await sweeping.memory();
  const database = backendsDelta(d0, d1);
  return {
    sweepingCpuMsPerS: ((a1 - a0) * 1000) / wallMs,
    idleCpuMsPerS: ((b1 - b0) * 1000) / wallMs,
    databaseCpuMsPerS: (database * 1000) / wallMs,
    sweepCorePercent: coreShare(a1 - a0 - (b1 - b0), wallMs),
    sweepWithDatabaseCorePercent: coreShare(a1 - a0 - (b1 - b0) + database, wallMs),
    rssBytes: memory.rssBytes,
    heapUsedBytes: memory.heapUsedBytes,
  };
}

/** Creates the running games and measures both quiet windows; answers the creation rate too. */
async function atRest(
  api: GraphqlClient,
  services: { sweeping: ServiceProcess; idle: ServiceProcess; db: pg.Client },
  s: ClockBenchSettings,
  log: BenchLog,
) {
  const { sweeping, idle, db } = services;
  const games: ClockGame[] = [];
  const t0 = performance.now();
  await inPool(s.games, SETUP_CONCURRENCY, async () => {
    games.push(await clockGame(api, LONG_MS));
  });
  const createSeconds = (performance.now() - t0) / 1000;
  log(`clocks: ${s.games} games created in ${createSeconds.toFixed(0)} s; quiet window, clocks not started`);
  const unstarted = await restWindow(sweeping, idle, db, s.restSeconds);
  const t1 = performance.now();
  await inPool(games.length, SETUP_CONCURRENCY, async (i) => {
    await startClock(api, games[i]!);
  });
  const startSeconds = (performance.now() - t1) / 1000;
  log(`clocks: ${s.games} clocks started in ${startSeconds.toFixed(0)} s; quiet window, clocks running`);
  const running = await restWindow(sweeping, idle, db, s.restSeconds);
  for (const [name, w] of [
    ['not started', unstarted],
    ['running', running],
  ] as const)
    log(
      `  ${name}: sweeping service ${w.sweepingCpuMsPerS.toFixed(2)} ms/s, idle one ${w.idleCpuMsPerS.toFixed(2)} ms/s ` +
        `(sweep ${w.sweepCorePercent.toFixed(3)}% of a core), database ${w.databaseCpuMsPerS.toFixed(2)} ms/s, ` +
        `RSS ${(w.rssBytes / 2 ** 20).toFixed(1)} MiB`,
    );
  return {
    unstarted,
    running,
    createPerSecond: s.games / createSeconds,
    startPerSecond: s.games / startSeconds,
  };
}

/** How many of `ids` have a CLOCK_EXPIRED in their log (read straight from the database). */
async function expiredCount(db: pg.Client, ids: readonly string[]): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM game_event WHERE kind::text = 'CLOCK_EXPIRED' AND game_id = ANY($1::uuid[])`,
    [ids],
  );
  return r.rows[0]?.n ?? 0;
}

/** Creates and starts games whose deadlines spread evenly over the span, `leadMs` from now. */
async function expiringGames(api: GraphqlClient, s: ClockBenchSettings, leadMs: number): Promise<Started[]> {
  const planned = spreadDeadlines(Date.now() + leadMs, s.expiries, s.expirySeconds * 1000);
  const started: Started[] = new Array<Started>(s.expiries);
  await inPool(s.expiries, SETUP_CONCURRENCY, async (i) => {
    const game = await clockGame(api, Math.max(1_000, planned[i]! - Date.now()));
    started[i] = await startClock(api, game);
  });
  return started;
}

/** Each game's CLOCK_EXPIRED instants after its start: by `at` (the commit) and by the clock's `asOfMs`. */
async function expiryRecords(api: GraphqlClient, adminToken: string, started: readonly Started[]) {
  const byAt: ExpiryRecord[] = new Array<ExpiryRecord>(started.length);
  const byAsOf: ExpiryRecord[] = new Array<ExpiryRecord>(started.length);
  await inPool(started.length, 8, async (i) => {
    const g = started[i]!;
    const { gameEvents } = await api.request<{
      gameEvents: { kind: string; at: string; clock: { asOfMs: number } | null }[];
    }>(LOG, { id: g.game.id, after: g.seq }, adminToken);
    const expired = gameEvents.filter((e) => e.kind === 'CLOCK_EXPIRED');
    byAt[i] = { deadlineMs: g.deadlineMs, expiredAtMs: expired.map((e) => Date.parse(e.at)) };
    byAsOf[i] = { deadlineMs: g.deadlineMs, expiredAtMs: expired.map((e) => e.clock?.asOfMs ?? Number.NaN) };
  });
  return { byAt: expiryLateness(byAt), byAsOf: expiryLateness(byAsOf) };
}

/** The expiry minute: set up ahead of it, wait until every clock has run out, read the logs. */
async function expiries(
  api: GraphqlClient,
  service: ServiceProcess,
  db: pg.Client,
  s: ClockBenchSettings,
  createPerSecond: number,
  log: BenchLog,
) {
  // Set-up (a create and a start per game) ends well before the first deadline.
  const leadMs = Math.max(15_000, (3 * 1000 * s.expiries) / createPerSecond + 5_000);
  const t0 = Date.now();
  const started = await expiringGames(api, s, leadMs);
  const deadlines = started.map((g) => g.deadlineMs);
  const [first, last] = [Math.min(...deadlines), Math.max(...deadlines)];
  log(
    `clocks: ${s.expiries} clocks set up in ${((Date.now() - t0) / 1000).toFixed(0)} s, ` +
      `deadlines over ${((last - first) / 1000).toFixed(1)} s from ${((first - Date.now()) / 1000).toFixed(1)} s from now`,
  );
  const ids = started.map((g) => g.game.id);
  // The service's CPU from just before the first deadline to the last expiry: the sweep's work (and
  // the little an idle service spends), per expiry, whatever else loads the machine.
  await sleep(Math.max(0, first - Date.now() - 1_000));
  const cpu0 = await service.cpuMs();
  // Waits on the log until every game has its expiry. Past the last deadline + 60 s it waits only
  // while expiries are still being recorded: a sweep that fell behind records them late (its
  // lateness is counted as it is), and only a clock none is recorded for over STALLED_MS is missing.
  let n = await expiredCount(db, ids);
  let grewAt = Date.now();
  while (n < ids.length && (Date.now() < last + 60_000 || Date.now() - grewAt < STALLED_MS)) {
    await sleep(1_000);
    const now = await expiredCount(db, ids);
    if (now > n) grewAt = Date.now();
    n = now;
  }
  const cpuPerExpiryMs = n > 0 ? ((await service.cpuMs()) - cpu0) / n : Number.NaN;
  log(`clocks: service CPU over the expiries ${cpuPerExpiryMs.toFixed(2)} ms per expiry`);
  // A few sweeps more: a second expiry of one game would show now.
  await sleep(2_000);
  log(`clocks: ${n} of ${ids.length} expired; reading their logs`);
  const records = await expiryRecords(api, service.adminToken, started);
  const stillDue = await dueWithoutExpiry(db, ids);
  if (stillDue > 0) log(`clocks: ${stillDue} games without an expiry are still due (the sweep stalled)`);
  return { spreadMs: last - first, setUpBeforeFirstMs: first - t0, stillDue, cpuPerExpiryMs, ...records };
}

/**
 * Of `ids`, the games with no CLOCK_EXPIRED whose clock is still due (active, its deadline passed
 * by the database's time): the sweep has not reached them. A game missing its expiry that is not
 * still due lost it (its clock changed with no expiry recorded).
 */
async function dueWithoutExpiry(db: pg.Client, ids: readonly string[]): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM game g
     WHERE g.id = ANY($1::uuid[]) AND g.status = 'ACTIVE' AND g.clock_deadline <= zk_now()
       AND NOT EXISTS (SELECT 1 FROM game_event e WHERE e.game_id = g.id AND e.kind::text = 'CLOCK_EXPIRED')`,
    [ids],
  );
  return r.rows[0]?.n ?? 0;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const pct = (v: number) => `${v.toFixed(3)}%`;

function restRow(w: Rest): string[] {
  const perS = (v: number) => `${v.toFixed(2)} ms/s`;
  return [
    perS(w.sweepingCpuMsPerS),
    perS(w.idleCpuMsPerS),
    perS(w.databaseCpuMsPerS),
    pct(w.sweepCorePercent),
    pct(w.sweepWithDatabaseCorePercent),
    mib(w.rssBytes),
  ];
}

function lateRow(name: string, l: LatencySummary): string[] {
  return [name, fmtMs(l.p50), fmtMs(l.p99), fmtMs(l.max)];
}

export async function runClocks(deps: CaseDeps): Promise<CaseReport> {
  const { log, config } = deps;
  const s = clockBenchSettings();
  const loadAtStart = loadAverage();
  log(
    `clocks: ${s.games} running clocks, ${s.expiries} expiries over ${s.expirySeconds} s; load average ${loadAtStart}`,
  );
  const sweeping = await startService(deps.databaseUrl, SERVICE_ENV);
  const idle = await startService(deps.databaseUrl, { ...SERVICE_ENV, CLOCK_SWEEP_MS: '0' });
  const api = graphqlClient(sweeping.url);
  const db = new pg.Client({ connectionString: deps.databaseUrl });
  await db.connect();
  try {
    const rest = await atRest(api, { sweeping, idle, db }, s, log);
    const expiry = await expiries(api, sweeping, db, s, rest.createPerSecond, log);
    const late = summarize(expiry.byAt.lateMs);
    const lateAsOf = summarize(expiry.byAsOf.lateMs);
    log(
      `  lateness p50 ${fmtMs(late.p50)} ms, p99 ${fmtMs(late.p99)} ms, max ${fmtMs(late.max)} ms; ` +
        `missing ${expiry.byAt.missing}, duplicates ${expiry.byAt.duplicates}, early ${expiry.byAt.early}`,
    );
    const move = await pairedMoves(api, sweeping, config.gameObjects, s.pairs, log);
    return report(s, loadAtStart, rest, { ...expiry, late, lateAsOf }, move);
  } finally {
    api.close();
    await db.end();
    await idle.stop();
    await sweeping.stop();
  }
}

/** B1's move by seat 0 on a game whose seat 0 clock runs ÷ on a twin with no clock. */
async function pairedMoves(
  api: GraphqlClient,
  service: ServiceProcess,
  objects: number,
  pairs: number,
  log: BenchLog,
) {
  const clocked = await createBenchGame(api, objects, {
    layout: true,
    clock: { kind: 'CHESS', mainMs: LONG_MS },
  });
  const plain = await createBenchGame(api, objects, { layout: true });
  const seat = clocked.seats[0]!;
  await api.request(START, { input: { gameId: clocked.id, playerId: seat.playerId } }, clocked.refereeToken);
  const a = new ApiMover(api, clocked, seat);
  const b = new ApiMover(api, plain, plain.seats[0]!);
  const compare = pairedRuns(service, log, {
    pairs,
    seconds: 2,
    warmupSeconds: 0.5,
    threshold: MOVE_AT_MOST,
  });
  const { cpu, latency } = await compare(
    ['clock running', 'no clock'],
    () => a.move(),
    () => b.move(),
  );
  log(
    `  a move with a running clock ÷ without: CPU ${fmtRatioEstimate(cpu)}, p50 ${fmtRatioEstimate(latency)}`,
  );
  return { cpu, latency };
}

type RestFigures = Awaited<ReturnType<typeof atRest>>;
type ExpiryFigures = Awaited<ReturnType<typeof expiries>> & {
  late: LatencySummary;
  lateAsOf: LatencySummary;
};
type MoveFigures = Awaited<ReturnType<typeof pairedMoves>>;

function report(
  s: ClockBenchSettings,
  loadAtStart: number,
  rest: RestFigures,
  expiry: ExpiryFigures,
  move: MoveFigures,
): CaseReport {
  const { unstarted, running } = rest;
  const markdown = [
    `${s.games} two-seat chess-clock games on one service (\`WORKERS=1\`, its sweep every 250 ms); beside it an ` +
      `idle service with no sweep on the same database. Quiet windows of ${s.restSeconds} s each (after ${SETTLE_MS / 1000} s to settle). ` +
      `Then ${s.expiries} clocks set to run out evenly over ${s.expirySeconds} s (deadlines spread over ` +
      `${(expiry.spreadMs / 1000).toFixed(1)} s) with the ${s.games} still running; then ${s.pairs} pairs of 2 s one-client ` +
      `runs of B1's move. Load average at the start ${loadAtStart}.`,
    '',
    table(
      [
        'at rest',
        'service CPU',
        'idle service CPU',
        'database backends CPU',
        'sweep: service − idle',
        'sweep with the database',
        'service RSS',
      ],
      [
        [`${s.games} games, clocks not started`, ...restRow(unstarted)],
        [`${s.games} games, clocks running`, ...restRow(running)],
      ],
    ),
    '',
    table(
      [
        `CLOCK_EXPIRED after its deadline (${expiry.late.count} expiries)`,
        'p50 (ms)',
        'p99 (ms)',
        'max (ms)',
      ],
      [
        lateRow('the event’s `at` (its commit) − deadline', expiry.late),
        lateRow('the event’s clock `asOfMs` (the sweep’s claim) − deadline', expiry.lateAsOf),
      ],
    ),
    '',
    `Missing (no CLOCK_EXPIRED in the log once none was recorded for ${STALLED_MS / 1000} s, and not before 60 s after the last deadline) ` +
      `${expiry.byAt.missing}, of which still due (the sweep had not reached them) ${expiry.stillDue}; duplicates ${expiry.byAt.duplicates}, ` +
      `before the deadline ${expiry.byAt.early}. The service's CPU from 1 s before the first deadline to the last expiry: ` +
      `${expiry.cpuPerExpiryMs.toFixed(2)} ms per expiry.`,
    '',
    table(
      ['a move with a running clock ÷ one without', 'ratio'],
      [
        ['service CPU per move', fmtRatioEstimate(move.cpu)],
        ['latency p50', fmtRatioEstimate(move.latency)],
      ],
    ),
  ].join('\n');
  return {
    title: CLOCKS_TITLE,
    markdown,
    targets: [
      figureTarget(
        `clocks: CLOCK_EXPIRED p99 after its deadline ≤ ${LATE_P99_MS} ms (${s.expiries} in ${s.expirySeconds} s)`,
        expiry.late.p99,
        { atMost: LATE_P99_MS },
        (v) => `${fmtMs(v)} ms`,
        ' ms',
      ),
      figureTarget(
        'clocks: every CLOCK_EXPIRED once (missing + duplicates)',
        expiry.byAt.missing + expiry.byAt.duplicates,
        { atMost: 0 },
        String,
      ),
      figureTarget(
        `clocks: the sweep at rest with ${s.games} clocks running < ${SWEEP_CORE_PERCENT}% of one core (service − idle service)`,
        running.sweepCorePercent,
        { atMost: SWEEP_CORE_PERCENT },
        pct,
        '%',
      ),
      ratioTarget('clocks: a move with a running clock ≤ 1.1× one without: service CPU', move.cpu),
    ],
    results: {
      loadAtStart,
      settings: s,
      createPerSecond: rest.createPerSecond,
      startPerSecond: rest.startPerSecond,
      atRest: { unstarted, running },
      sweepCorePercent: running.sweepCorePercent,
      sweepWithDatabaseCorePercent: running.sweepWithDatabaseCorePercent,
      expiry: {
        spreadMs: expiry.spreadMs,
        lateMs: expiry.late,
        lateAsOfMs: expiry.lateAsOf,
        missing: expiry.byAt.missing,
        stillDue: expiry.stillDue,
        cpuPerExpiryMs: expiry.cpuPerExpiryMs,
        duplicates: expiry.byAt.duplicates,
        early: expiry.byAt.early,
      },
      moveCpuClockOverNone: estimateJson(move.cpu),
      moveP50ClockOverNone: estimateJson(move.latency),
    },
  };
}
