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
