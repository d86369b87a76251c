/**
 * The clock case's arithmetic (bench/lib/clock-figures.ts), its settings (bench/clocks.ts), and a
 * case run on its own merged into the last whole run by name (`BENCH_MERGE=1`, bench/lib/docs.ts).
 */
import { describe, expect, it } from 'vitest';
import { clockBenchSettings } from '../../bench/clocks.js';
import { coreShare, expiryLateness, spreadDeadlines } from '../../bench/lib/clock-figures.js';
import { mergeResults, type BenchResults } from '../../bench/lib/docs.js';
import type { TargetCheck } from '../../bench/lib/report.js';
import { summarize } from '../../bench/lib/stats.js';

describe('the clock case’s figures', () => {
  it('spreads deadlines evenly over the span, the first at the start and the last at its end', () => {
    const d = spreadDeadlines(1_000, 1_000, 60_000);
    expect(d).toHaveLength(1_000);
    expect(d[0]).toBe(1_000);
    expect(d.at(-1)).toBe(61_000);
    const gaps = d.slice(1).map((x, i) => x - d[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(60);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(61);
    expect(spreadDeadlines(5, 1, 60_000)).toEqual([5]);
  });

  it('measures each expiry from its deadline, and counts the games with none and the extra ones', () => {
    const l = expiryLateness([
      { deadlineMs: 1_000, expiredAtMs: [1_120] },
      { deadlineMs: 2_000, expiredAtMs: [] },
      { deadlineMs: 3_000, expiredAtMs: [3_900, 3_050, 3_400] },
      { deadlineMs: 4_000, expiredAtMs: [3_990] },
    ]);
    // The first expiry of a game counts; the others are duplicates.
    expect(l.lateMs).toEqual([120, 50, -10]);
    expect(l).toMatchObject({ missing: 1, duplicates: 2, early: 1 });
    const s = summarize(l.lateMs);
    expect([s.p50, s.max]).toEqual([50, 120]);
  });

  it('gives CPU over a window as a share of one core', () => {
    expect(coreShare(200, 20_000)).toBeCloseTo(1);
    expect(coreShare(5, 0)).toBeNaN();
  });

  it('defaults to issue 40’s scale, and refuses a scale that is not a positive number', () => {
    expect(clockBenchSettings({})).toEqual({
      games: 10_000,
      expiries: 1_000,
      expirySeconds: 60,
      restSeconds: 20,
      pairs: 12,
    });
    expect(clockBenchSettings({ BENCH_CLOCK_GAMES: '300' }).games).toBe(300);
    expect(() => clockBenchSettings({ BENCH_CLOCK_EXPIRIES: '-1' })).toThrow(/BENCH_CLOCK_EXPIRIES/);
  });
});

const target = (name: string, met: boolean): TargetCheck => ({
  target: name,
  measured: '1',
  threshold: '≤ 2',
  met,
});

function results(
  cases: Record<string, { title: string }>,
  targets: TargetCheck[],
  date: string,
): BenchResults {
  return {
    machine: { date, loadAtStart: 1, loadAtEnd: 1 } as BenchResults['machine'],
    settings: {} as BenchResults['settings'],
    runSeconds: 100,
    targets,
    cases,
  };
}

describe('mergeResults', () => {
  it('replaces the cases run and their targets by name, keeping every other case, target and the machine', () => {
    const whole = results(
      { b1: { title: 'B1' }, clocks: { title: 'old clocks' } },
      [target('b1: peak', true), target('clocks: p99 (10 games)', false), target('shared', false)],
      'whole',
    );
    const run = results({ clocks: { title: 'Clocks' } }, [target('clocks: p99 (1000 games)', true)], 'apart');
    const merged = mergeResults(whole, run, { date: 'apart', loadAtStart: 3 });
    expect(merged.machine.date).toBe('whole');
    expect(Object.keys(merged.cases)).toEqual(['b1', 'clocks']);
    expect(merged.cases['clocks']).toEqual({
      title: 'Clocks',
      measuredAt: { date: 'apart', loadAtStart: 3 },
    });
    expect(merged.cases['b1']).toEqual({ title: 'B1' });
    expect(merged.targets.map((t) => t.target)).toEqual(['b1: peak', 'shared', 'clocks: p99 (1000 games)']);
  });
});
