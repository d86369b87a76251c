/**
 * Run settings from the environment. Defaults give a complete run in about four minutes on a
 * two-core machine; every duration and size can be changed without editing code.
 */

function num(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number, got ${raw}`);
  return v;
}

function list(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (!raw) return fallback;
  const values = raw.split(',').map((s) => Number(s.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 1))
    throw new Error(`${name} must list positive integers`);
  return values;
}

export interface BenchConfig {
  /** Measured seconds of each closed- or open-loop run (`BENCH_SECONDS`). */
  readonly seconds: number;
  /** Unmeasured warm-up before each run (`BENCH_WARMUP_SECONDS`). */
  readonly warmupSeconds: number;
  /** Concurrent clients for B1 and B2 (`BENCH_CONCURRENCY`, comma-separated). */
  readonly concurrency: number[];
  /** Run B1's variant with every client on one game (`BENCH_CONTENDED=0` skips it). */
  readonly contended: boolean;
  /** Objects per game (`BENCH_GAME_OBJECTS`). */
  readonly gameObjects: number;
  /** Measured seconds of each fanout scenario (`BENCH_FANOUT_SECONDS`). */
  readonly fanoutSeconds: number;
  /** Moves per second on the one game of 100 subscribers (`BENCH_FANOUT_MOVES_1`). */
  readonly fanoutMovesOneGame: number;
  /** Moves per second spread over the 100 games of 10 subscribers each (`BENCH_FANOUT_MOVES_100`). */
  readonly fanoutMovesManyGames: number;
  /** Idle subscriptions opened for the memory case (`BENCH_IDLE_SUBSCRIPTIONS`). */
  readonly idleSubscriptions: number;
  /** Log lengths the aging case measures at (`BENCH_AGING_AGES`, comma-separated). */
  readonly agingAges: number[];
  /** Games created and moved once for the aging case's memory figures (`BENCH_AGING_ACTIVE_GAMES`). */
  readonly agingActiveGames: number;
  /** Unique queries (and as many APQ registrations) the hostile case floods with (`BENCH_HOSTILE_QUERIES`). */
  readonly hostileQueries: number;
  /** Cases to run (`BENCH_CASES`, e.g. `b1,b2`); all by default. */
  readonly cases: ReadonlySet<string>;
  /** Where the report goes (`BENCH_OUTPUT`); empty to skip writing. */
  readonly output: string;
}

export const ALL_CASES = [
  'b1',
  'b2',
  'b3',
  'b4',
  'memory',
  'profile',
  'aging',
  'hostile',
  'stalled',
  'validation',
  'wsflood',
  'table',
  'identity',
  'rewind',
  'spectators',
  'clocks',
] as const;

/** Cases run only when `BENCH_CASES` names them: each compare needs another build (BENCH_COMPARE_ENTRY). */
const NAMED_ONLY_CASES = ['compare', 'compare-fair', 'compare-refactor'] as const;

export function loadBenchConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const cases = (env['BENCH_CASES'] ?? ALL_CASES.join(','))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const c of cases)
    if (![...ALL_CASES, ...NAMED_ONLY_CASES].includes(c as never))
      throw new Error(`BENCH_CASES: unknown case ${c}`);
  return {
    seconds: num(env, 'BENCH_SECONDS', 5),
    warmupSeconds: num(env, 'BENCH_WARMUP_SECONDS', 1),
    concurrency: list(env, 'BENCH_CONCURRENCY', [1, 8, 32]),
    contended: env['BENCH_CONTENDED'] !== '0',
    gameObjects: num(env, 'BENCH_GAME_OBJECTS', 150),
    fanoutSeconds: num(env, 'BENCH_FANOUT_SECONDS', 10),
    fanoutMovesOneGame: num(env, 'BENCH_FANOUT_MOVES_1', 5),
    fanoutMovesManyGames: num(env, 'BENCH_FANOUT_MOVES_100', 20),
    idleSubscriptions: num(env, 'BENCH_IDLE_SUBSCRIPTIONS', 1000),
    agingAges: list(env, 'BENCH_AGING_AGES', [200, 2_000, 10_000]),
    agingActiveGames: num(env, 'BENCH_AGING_ACTIVE_GAMES', 3_000),
    hostileQueries: num(env, 'BENCH_HOSTILE_QUERIES', 10_000),
    cases: new Set(cases),
    output: env['BENCH_OUTPUT'] ?? 'BENCHMARKS.md',
  };
}
