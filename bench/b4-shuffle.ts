/**
 * B4, a 60-card shuffle: `shuffleZone` on a seat's 60-card library over HTTP, closed loop, each
 * client on its own game. Every shuffle is a zk-rng/1 random act (docs/fairness.md): one per-act
 * key and the HMAC blocks of its draws. The target compares the service's CPU per shuffle with the
 * figure measured before zk-rng/1 (the same case run on the code it replaced, on the same machine),
 * when one is given; the side-by-side comparison is the compare case (bench/compare.ts) with that
 * code's build as BENCH_COMPARE_ENTRY.
 */
import type { BenchConfig } from './lib/config.js';
import { createBenchGames, type BenchGame } from './lib/fixtures.js';
import type { GraphqlClient } from './lib/graphql.js';
import { table, type BenchLog, type CaseReport } from './lib/report.js';
import { closedLoop, type RunResult } from './lib/runner.js';
import { fmtMs, fmtRate } from './lib/stats.js';

/**
 * Service CPU per 60-card shuffle at one client before zk-rng/1, ms (BENCH_SHUFFLE_BASELINE_MS):
 * this case run on the code it replaced (2771c65, draws from `crypto.randomInt`) on this machine.
 * No default: a figure from another machine would compare two machines, not two versions.
 */
const BEFORE_ZK_RNG_CPU_MS = Number(process.env['BENCH_SHUFFLE_BASELINE_MS'] || Number.NaN);
/** The target: within 1.2× of that. */
const MAX_RATIO = 1.2;
/** B4's mutation: one shuffle of a seat's library, answering only the new version. */
export const SHUFFLE = `mutation BenchShuffle($input: ShuffleZoneInput!) { shuffleZone(input: $input) { version } }`;

interface Deps {
  readonly api: GraphqlClient;
  readonly config: BenchConfig;
  readonly log: BenchLog;
  readonly serviceCpuMs: () => Promise<number>;
}

async function run(deps: Deps, games: readonly BenchGame[], concurrency: number) {
  const cpu0 = await deps.serviceCpuMs();
  const result: RunResult = await closedLoop({
    concurrency,
    seconds: deps.config.seconds,
    warmupSeconds: deps.config.warmupSeconds,
    op: async (slot) => {
      const game = games[slot % games.length]!;
      const seat = game.seats[0]!;
      await deps.api.request(SHUFFLE, { input: { gameId: game.id, zoneId: seat.libraryId } }, seat.token);
    },
  });
  const cpuMs = ((await deps.serviceCpuMs()) - cpu0) / Math.max(1, result.completed);
  return { result, cpuMs };
}

export async function runB4(deps: Deps): Promise<CaseReport> {
  const levels = [1, 8];
  // Two seats of 60 cards each, every card in its library.
  const games = await createBenchGames(deps.api, Math.max(...levels), 120, {
    layout: false,
    seatEntropy: true,
  });
  const rows: string[][] = [];
  const results: Record<string, unknown> = {};
  let cpuAtOne = Number.NaN;
  for (const c of levels) {
    const { result, cpuMs } = await run(deps, games, c);
    deps.log(`b4: ${c} clients ${fmtRate(result.throughput)}/s, ${cpuMs.toFixed(3)} ms CPU per shuffle`);
    if (c === 1) cpuAtOne = cpuMs;
    rows.push([
      String(c),
      fmtRate(result.throughput),
      fmtMs(result.latency.p50),
      fmtMs(result.latency.p99),
      cpuMs.toFixed(3),
    ]);
    results[`c${c}`] = {
      throughput: result.throughput,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      cpuMsPerShuffle: cpuMs,
      errors: result.errors,
    };
  }
  const ratio = BEFORE_ZK_RNG_CPU_MS > 0 ? cpuAtOne / BEFORE_ZK_RNG_CPU_MS : Number.NaN;
  const noBaseline = 'no baseline given (BENCH_SHUFFLE_BASELINE_MS; or BENCH_CASES=compare)';
  results['baselineCpuMs'] = BEFORE_ZK_RNG_CPU_MS > 0 ? BEFORE_ZK_RNG_CPU_MS : null;
  results['ratio'] = Number.isNaN(ratio) ? null : ratio;
  results['threshold'] = MAX_RATIO;
  return {
    title: 'B4, a 60-card shuffle (`shuffleZone`)',
    markdown: table(['clients', 'shuffles/s', 'p50', 'p99', 'service CPU ms / shuffle'], rows),
    targets: [
      {
        target: `60-card shuffle CPU within ${MAX_RATIO}× of before zk-rng/1`,
        measured: Number.isNaN(ratio)
          ? noBaseline
          : `${ratio.toFixed(2)}× (${cpuAtOne.toFixed(3)} vs ${BEFORE_ZK_RNG_CPU_MS} ms)`,
        threshold: `≤ ${MAX_RATIO}×`,
        met: Number.isNaN(ratio) ? null : ratio <= MAX_RATIO,
        ...(Number.isNaN(ratio) ? { note: 'no before-figure from this machine' } : {}),
      },
    ],
    results,
  };
}
