/**
 * What each case hands back to the runner: a Markdown section (printed as is and written to
 * BENCHMARKS.md) and target checks for the summary.
 */

export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  /** null when the case could not measure it. */
  readonly met: boolean | null;
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
