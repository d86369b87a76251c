/**
 * Paired one-client comparisons on one service (the noise method of bench/lib/stats.ts): closed-loop
 * runs of two operations, alternating which goes first; per run the service's CPU per operation and
 * the latency p50; each ratio judged against a threshold.
 *
 * One uncounted pair runs first: the first runs of a fresh process pay for compiling and optimising
 * each side's path, so the side that goes first in the first pair would look slower for a reason
 * that has nothing to do with what is compared.
 */
import type { BenchLog } from './report.js';
import { closedLoop } from './runner.js';
import type { ServiceProcess } from './service.js';
import { alternating, fmtMs, pairedRatio, type RatioEstimate, type Threshold } from './stats.js';

/** One run's figures: the service's CPU per operation and the latency p50 (ms), both after the warm-up. */
export interface Sample {
  readonly cpuMs: number;
  readonly p50Ms: number;
  readonly opsPerSecond: number;
  readonly errors: number;
}

/** A ratio estimate as bench/results.json keeps it. */
export function estimateJson(e: RatioEstimate) {
  return { median: e.median, ci95: e.ci95, pairs: e.n, threshold: e.threshold, met: e.met, ratios: e.ratios };
}

/** The paired comparison of `service`: `compare(names, a, b)` runs `pairs` pairs of `a` and `b`. */
export function pairedRuns(
  service: Pick<ServiceProcess, 'cpuMs'>,
  log: BenchLog,
  opts: { pairs: number; seconds: number; warmupSeconds: number; threshold: Threshold },
) {
  /** One closed-loop run of `op` by one client: the service's CPU per operation and the p50. */
  const measure = async (name: string, op: () => Promise<unknown>): Promise<Sample> => {
    const loop = async (seconds: number) =>
      closedLoop({
        concurrency: 1,
        seconds,
        warmupSeconds: 0,
        op: async () => {
          await op();
        },
      });
    // The warm-up apart, so that the CPU read covers exactly the operations counted.
    await loop(opts.warmupSeconds);
    const cpu0 = await service.cpuMs();
    const r = await loop(opts.seconds);
    const cpuMs = r.completed ? ((await service.cpuMs()) - cpu0) / r.completed : Number.NaN;
    log(
      `  ${name}: ${r.throughput.toFixed(0)}/s, p50 ${fmtMs(r.latency.p50)} ms, service CPU ${fmtMs(cpuMs)} ms/op${r.errors ? ` (${r.errors} errors: ${r.firstError ?? ''})` : ''}`,
    );
    return { cpuMs, p50Ms: r.latency.p50, opsPerSecond: r.throughput, errors: r.errors };
  };
  return async (names: [string, string], a: () => Promise<unknown>, b: () => Promise<unknown>) => {
    const as: Sample[] = [];
    const bs: Sample[] = [];
    log(`  ${names[0]} / ${names[1]}: one uncounted pair first`);
    await measure(names[0], a);
    await measure(names[1], b);
    await alternating(
      opts.pairs,
      async () => (as.push(await measure(names[0], a)), 0),
      async () => (bs.push(await measure(names[1], b)), 0),
    );
    const cpu = pairedRatio(
      as.map((s) => s.cpuMs),
      bs.map((s) => s.cpuMs),
      opts.threshold,
    );
    const latency = pairedRatio(
      as.map((s) => s.p50Ms),
      bs.map((s) => s.p50Ms),
      opts.threshold,
    );
    return { cpu, latency, runs: { [names[0]]: as, [names[1]]: bs }, samples: [as, bs] as const };
  };
}
