/**
 * The clock case's arithmetic (bench/clocks.ts), pure so that it is tested on its own: deadlines
 * spread evenly over a span, each expiry's lateness after its deadline with the misses and the
 * duplicates, and CPU over a quiet window as a share of one core.
 */

/** `count` deadlines (epoch ms) from `firstMs`, spread evenly over `spanMs` (the last at the end). */
export function spreadDeadlines(firstMs: number, count: number, spanMs: number): number[] {
  if (count <= 0) return [];
  if (count === 1) return [firstMs];
  const step = spanMs / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round(firstMs + i * step));
}

/** One game's clock: its deadline, and the instants of every CLOCK_EXPIRED its log holds. */
export interface ExpiryRecord {
  readonly deadlineMs: number;
  readonly expiredAtMs: readonly number[];
}

export interface ExpiryLateness {
  /** Per game that expired: its first CLOCK_EXPIRED's instant − its deadline (ms). */
  readonly lateMs: number[];
  /** Games whose log holds no CLOCK_EXPIRED. */
  readonly missing: number;
  /** CLOCK_EXPIRED events beyond the first in a game's log. */
  readonly duplicates: number;
  /** Expiries recorded before their deadline (a flag that fell early). */
  readonly early: number;
}

/** Each game's lateness, and how many games got no expiry or more than one. */
export function expiryLateness(records: readonly ExpiryRecord[]): ExpiryLateness {
  const lateMs: number[] = [];
  let missing = 0;
  let duplicates = 0;
  let early = 0;
  for (const r of records) {
    if (r.expiredAtMs.length === 0) {
      missing += 1;
      continue;
    }
    const first = Math.min(...r.expiredAtMs);
    duplicates += r.expiredAtMs.length - 1;
    if (first < r.deadlineMs) early += 1;
    lateMs.push(first - r.deadlineMs);
  }
  return { lateMs, missing, duplicates, early };
}

/** CPU time used over a window, as a percentage of one core (`cpuMs` over `wallMs`). */
export function coreShare(cpuMs: number, wallMs: number): number {
  return wallMs > 0 ? (100 * cpuMs) / wallMs : Number.NaN;
}
