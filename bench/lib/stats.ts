/**
 * Latency samples and their summary. Samples are kept whole (a run records at most a few hundred
 * thousand numbers), so percentiles are exact rather than bucketed.
 */

export interface LatencySummary {
  readonly count: number;
  /** Milliseconds. */
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

export class Latencies {
  readonly #samples: number[] = [];

  /** Records one latency in milliseconds. */
  add(ms: number): void {
    this.#samples.push(ms);
  }

  get count(): number {
    return this.#samples.length;
  }

  summary(): LatencySummary {
    return summarize(this.#samples);
  }
}

/** Nearest-rank percentile of sorted samples (`q` in 0..1). */
function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((s, x) => s + x, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

/** `1.23 ms`, `123 ms`: three significant figures, enough for a table. */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms < 10) return ms.toFixed(2);
  if (ms < 100) return ms.toFixed(1);
  return ms.toFixed(0);
}

export function fmtRate(perSecond: number): string {
  if (!Number.isFinite(perSecond)) return 'n/a';
  return perSecond >= 100 ? perSecond.toFixed(0) : perSecond.toFixed(1);
}

/** `service / baseline` as `0.42×`. */
export function fmtRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'n/a';
}

/*
 * The noise method, one for every target (BENCHMARKS.md, "How it is measured"):
 * - a ratio target is measured as at least MIN_PAIRS paired runs of the two sides, alternating
 *   which side goes first (A B, B A, A B …) so that a drift of the machine hits both alike;
 * - each pair gives one ratio; the estimate is the ratios' median, the interval a 95% Student-t
 *   interval of their mean on the log scale (ratios multiply, so their logs add);
 * - a target is met only when the whole interval is on the right side of its threshold: for
 *   "at most" the upper bound, for "at least" the lower bound, must be within it;
 * - an absolute figure (memory) repeats until its 95% interval is narrower than a given width,
 *   bounded in time; an interval wholly on one side of its threshold decides it, and one that
 *   straddles the threshold without settling is "not stable", never met.
 */

/** Paired runs a ratio target needs before it can be met. */
export const MIN_PAIRS = 5;

/** Which side of a number a figure must stay on. */
export type Threshold = { readonly atMost: number } | { readonly atLeast: number };

/** `≤ 1.1×` / `≥ 0.5×`, for tables. */
export function fmtThreshold(t: Threshold, unit = '×'): string {
  return 'atMost' in t ? `≤ ${t.atMost}${unit}` : `≥ ${t.atLeast}${unit}`;
}

/** Two-sided 95% Student-t quantiles by degrees of freedom (1..30); 1.96 beyond. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];
const t95 = (df: number): number => (df < 1 ? Number.NaN : (T95[df - 1] ?? 1.96));

export interface Interval {
  readonly n: number;
  readonly mean: number;
  /** 95% interval of the mean: [low, high]. NaN bounds with fewer than two samples. */
  readonly ci95: readonly [number, number];
  /** high − low. */
  readonly width: number;
}

/** The mean of `samples` and its 95% Student-t interval. */
export function meanInterval(samples: readonly number[]): Interval {
  const n = samples.length;
  const mean = n === 0 ? Number.NaN : samples.reduce((s, x) => s + x, 0) / n;
  if (n < 2) return { n, mean, ci95: [Number.NaN, Number.NaN], width: Number.NaN };
  const variance = samples.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  const half = t95(n - 1) * Math.sqrt(variance / n);
  return { n, mean, ci95: [mean - half, mean + half], width: 2 * half };
}

/** Whether the whole interval is within the threshold (false when it is unknown). */
export function within(ci95: readonly [number, number], threshold: Threshold): boolean {
  const [low, high] = ci95;
  if (!Number.isFinite(low) || !Number.isFinite(high)) return false;
  return 'atMost' in threshold ? high <= threshold.atMost : low >= threshold.atLeast;
}

export interface RatioEstimate {
  /** Pairs measured. */
  readonly n: number;
  /** Median of the per-pair ratios a[i] / b[i]. */
  readonly median: number;
  /** 95% interval of the (geometric) mean ratio. */
  readonly ci95: readonly [number, number];
  readonly threshold: Threshold;
  /** Met only with ≥ MIN_PAIRS pairs and the whole interval within the threshold. */
  readonly met: boolean;
  /** The per-pair ratios, in run order. */
  readonly ratios: readonly number[];
}

/**
 * The ratio `a / b` from paired samples (`a[i]` and `b[i]` measured back to back), judged against
 * `threshold`. Pairs with a non-finite or non-positive side are dropped (they have no ratio).
 */
export function pairedRatio(a: readonly number[], b: readonly number[], threshold: Threshold): RatioEstimate {
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (Number.isFinite(x) && Number.isFinite(y) && x > 0 && y > 0) ratios.push(x / y);
  }
  const sorted = [...ratios].sort((p, q) => p - q);
  const mid = sorted.length / 2;
  const median =
    sorted.length === 0
      ? Number.NaN
      : sorted.length % 2
        ? sorted[Math.floor(mid)]!
        : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const logs = meanInterval(ratios.map(Math.log));
  const ci95 = [Math.exp(logs.ci95[0]), Math.exp(logs.ci95[1])] as const;
  return {
    n: ratios.length,
    median,
    ci95,
    threshold,
    met: ratios.length >= MIN_PAIRS && within(ci95, threshold),
    ratios,
  };
}

/** `0.62× (95% 0.55–0.70, 5 pairs)`. */
export function fmtRatioEstimate(r: RatioEstimate): string {
  const [lo, hi] = r.ci95;
  const ci = Number.isFinite(lo) ? `95% ${lo.toFixed(2)}–${hi.toFixed(2)}` : 'no interval';
  return `${fmtRatio(r.median)} (${ci}, ${r.n} pairs)`;
}

/**
 * Runs `pairs` paired measurements of two sides, alternating which goes first, and returns each
 * side's samples in pair order. `runA` / `runB` return one sample each (a rate, a latency…).
 */
export async function alternating(
  pairs: number,
  runA: (pair: number) => Promise<number>,
  runB: (pair: number) => Promise<number>,
): Promise<{ a: number[]; b: number[] }> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      a.push(await runA(i));
      b.push(await runB(i));
    } else {
      b.push(await runB(i));
      a.push(await runA(i));
    }
  }
  return { a, b };
}

export interface StableFigure extends Interval {
  /** The interval became narrower than `maxWidth` before the limits ran out. */
  readonly stable: boolean;
  readonly samples: readonly number[];
}

/**
 * Repeats `measure` (at least `minRuns` times) until the 95% interval of its mean is narrower than
 * `maxWidth`, or `maxRuns` runs or `maxMs` have passed. A figure that did not settle is not stable.
 */
export async function repeatUntilStable(
  measure: (run: number) => Promise<number>,
  options: { maxWidth: number; minRuns?: number; maxRuns?: number; maxMs?: number },
): Promise<StableFigure> {
  const { maxWidth, minRuns = MIN_PAIRS, maxRuns = 30, maxMs = 120_000 } = options;
  const samples: number[] = [];
  const start = Date.now();
  for (;;) {
    samples.push(await measure(samples.length));
    const interval = meanInterval(samples);
    const settled = samples.length >= minRuns && interval.width < maxWidth;
    if (settled || samples.length >= maxRuns || Date.now() - start > maxMs)
      return { ...interval, stable: settled, samples };
  }
}

/**
 * The verdict on an absolute figure with a threshold. With at least MIN_PAIRS runs, an interval
 * wholly on one side of the threshold decides it, however wide: more runs would only narrow an
 * interval that is already decided. An interval that straddles the threshold is decided only
 * once it settled ("missed"); until then it is "not stable". For a quantity that cannot be
 * negative, an interval reaching below zero is noise, never a verdict.
 */
export function figureVerdict(
  figure: StableFigure,
  threshold: Threshold,
  nonNegative = true,
): 'met' | 'missed' | 'not stable' {
  if (nonNegative && !(figure.ci95[0] >= 0)) return 'not stable';
  const enough = figure.samples.length >= MIN_PAIRS;
  if (enough && within(figure.ci95, threshold)) return 'met';
  if (enough && beyond(figure.ci95, threshold)) return 'missed';
  return figure.stable ? 'missed' : 'not stable';
}

/** The whole interval is on the wrong side of the threshold. */
function beyond(ci95: readonly [number, number], threshold: Threshold): boolean {
  const [low, high] = ci95;
  if (!Number.isFinite(low) || !Number.isFinite(high)) return false;
  return 'atMost' in threshold ? low > threshold.atMost : high < threshold.atLeast;
}
