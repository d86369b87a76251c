/**
 * What each case hands back to the runner: a Markdown section (printed as is and written to
 * BENCHMARKS.md) and target checks for the summary.
 */

import type { BenchConfig } from './config.js';
import {
  figureVerdict,
  fmtRatioEstimate,
  fmtThreshold,
  within,
  type RatioEstimate,
  type StableFigure,
  type Threshold,
} from './stats.js';

export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  /** The threshold the figure is judged against (`≤ 1.1×`, `≥ 0.5×`, `≤ 10 KiB`). */
  readonly threshold: string;
  /**
   * Derived from the threshold by {@link ratioTarget}, {@link figureTarget} or
   * {@link stableTarget}; null when the case could not measure it or the figure is not stable.
   */
  readonly met: boolean | null;
  /** Why `met` is null, when it is: `not measured` or `not stable`. */
  readonly note?: string;
}

/** A ratio target judged by the noise method (`pairedRatio`): met only if its interval is within. */
export function ratioTarget(target: string, estimate: RatioEstimate): TargetCheck {
  const measured = fmtRatioEstimate(estimate);
  const threshold = fmtThreshold(estimate.threshold);
  if (estimate.n === 0) return { target, measured, threshold, met: null, note: 'not measured' };
  return { target, measured, threshold, met: estimate.met };
}

/**
 * A target on one figure measured once (a count, a percentile of one run). `value` NaN means not
 * measured. Prefer {@link ratioTarget} or {@link stableTarget} when the figure is noisy.
 */
export function figureTarget(
  target: string,
  value: number,
  threshold: Threshold,
  format: (v: number) => string,
  unit = '',
): TargetCheck {
  const t = fmtThreshold(threshold, unit);
  if (!Number.isFinite(value))
    return { target, measured: 'n/a', threshold: t, met: null, note: 'not measured' };
  return { target, measured: format(value), threshold: t, met: within([value, value], threshold) };
}

/** A target on a repeated figure (`repeatUntilStable`): null ("not stable") unless `figureVerdict` decides it. */
export function stableTarget(
  target: string,
  figure: StableFigure,
  threshold: Threshold,
  format: (v: number) => string,
  unit = '',
): TargetCheck {
  const verdict = figureVerdict(figure, threshold);
  const [lo, hi] = figure.ci95;
  const measured = `${format(figure.mean)} (95% ${format(lo)}–${format(hi)}, ${figure.n} runs)`;
  const t = fmtThreshold(threshold, unit);
  if (verdict === 'not stable') return { target, measured, threshold: t, met: null, note: 'not stable' };
  return { target, measured, threshold: t, met: verdict === 'met' };
}

/** `yes`, `**no**`, `not measured`, `not stable`: the summary table's word, from the threshold alone. */
export function metWord(t: TargetCheck): string {
  if (t.met === null) return t.note ?? 'not measured';
  return t.met ? 'yes' : '**no**';
}

/** What a case that starts its own services is given: the bench database, the settings, the log. */
export interface CaseDeps {
  readonly databaseUrl: string;
  readonly config: BenchConfig;
  readonly log: BenchLog;
}

export interface CaseReport {
  /** The case's name in bench/results.json (`b1`, `memory`…); the title when unset. */
  readonly id?: string;
  readonly title: string;
  /** Markdown: tables and short notes. */
  readonly markdown: string;
  readonly targets: readonly TargetCheck[];
  /** Named figures for bench/results.json (milliseconds, per-second rates, bytes). */
  readonly results?: Record<string, unknown>;
}

/** A Markdown table. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Progress output of a case (printed as it goes). */
export type BenchLog = (message: string) => void;
