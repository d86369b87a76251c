/** The bench's noise method (bench/lib/stats.ts) and the target verdicts built on it (bench/lib/report.ts). */
import { describe, expect, it } from 'vitest';
import { figureTarget, ratioTarget, stableTarget } from '../../bench/lib/report.js';
import { alternating, pairedRatio, repeatUntilStable } from '../../bench/lib/stats.js';

describe('pairedRatio', () => {
  it('meets an "at least" target only when the lower bound of its 95% interval is within', () => {
    const b = [100, 100, 100, 100, 100];
    expect(pairedRatio([60, 61, 59, 60, 62], b, { atLeast: 0.5 }).met).toBe(true);
    // A median above the threshold with a wide interval is not met.
    const noisy = pairedRatio([90, 20, 70, 30, 60], b, { atLeast: 0.5 });
    expect(noisy.median).toBeGreaterThanOrEqual(0.5);
    expect(noisy.met).toBe(false);
  });

  it('meets an "at most" target only when the upper bound is within, and never on fewer than 5 pairs', () => {
    expect(pairedRatio([105, 104, 106, 105, 105], [100, 100, 100, 100, 100], { atMost: 1.1 }).met).toBe(true);
    expect(pairedRatio([105, 104, 106, 105], [100, 100, 100, 100], { atMost: 1.1 }).met).toBe(false);
    expect(pairedRatio([115, 116, 114, 115, 115], [100, 100, 100, 100, 100], { atMost: 1.1 }).met).toBe(
      false,
    );
  });

  it('reports a target with its threshold, and "not measured" without pairs', () => {
    const t = ratioTarget(
      'x',
      pairedRatio([60, 61, 59, 60, 62], [100, 100, 100, 100, 100], { atLeast: 0.5 }),
    );
    expect(t).toMatchObject({ threshold: '≥ 0.5×', met: true });
    expect(ratioTarget('x', pairedRatio([], [], { atLeast: 0.5 })).met).toBeNull();
  });
});

describe('alternating', () => {
  it('runs the pairs in alternating order', async () => {
    const order: string[] = [];
    const { a, b } = await alternating(
      4,
      async (i) => (order.push(`a${i}`), i),
      async (i) => (order.push(`b${i}`), i),
    );
    expect(order).toEqual(['a0', 'b0', 'b1', 'a1', 'a2', 'b2', 'b3', 'a3']);
    expect([a, b]).toEqual([
      [0, 1, 2, 3],
      [0, 1, 2, 3],
    ]);
  });
});

describe('repeatUntilStable', () => {
  it('stops once the interval is narrower than asked', async () => {
    const f = await repeatUntilStable(async (i) => 5_000 + (i % 2) * 10, { maxWidth: 1024 });
    expect(f.stable).toBe(true);
    expect(f.n).toBe(5);
    expect(stableTarget('rss', f, { atMost: 10_240 }, String).met).toBe(true);
  });

  it('is "not stable", never met, when the figure does not settle or is negative', async () => {
    const noisy = await repeatUntilStable(async (i) => (i % 2 ? 30_000 : -30_000), {
      maxWidth: 1024,
      maxRuns: 8,
    });
    expect(noisy.stable).toBe(false);
    expect(stableTarget('rss', noisy, { atMost: 10_240 }, String)).toMatchObject({
      met: null,
      note: 'not stable',
    });
    const negative = await repeatUntilStable(async () => -22_000, { maxWidth: 1024 });
    expect(stableTarget('rss', negative, { atMost: 10_240 }, String).met).toBeNull();
  });

  it('is decided, however wide, once its whole interval is on one side of the threshold', async () => {
    const wobbly = (base: number) => (i: number) => Promise.resolve(base + (i % 2 ? 600 : -600));
    const below = await repeatUntilStable(wobbly(45_000), { maxWidth: 100, maxRuns: 8 });
    expect(below.stable).toBe(false);
    expect(stableTarget('heap', below, { atMost: 64_000 }, String).met).toBe(true);
    const above = await repeatUntilStable(wobbly(70_000), { maxWidth: 100, maxRuns: 8 });
    expect(stableTarget('heap', above, { atMost: 64_000 }, String).met).toBe(false);
    // Straddling the threshold without settling stays undecided.
    const straddling = await repeatUntilStable(wobbly(64_000), { maxWidth: 100, maxRuns: 8 });
    expect(stableTarget('heap', straddling, { atMost: 64_000 }, String).met).toBeNull();
  });
});

describe('figureTarget', () => {
  it('judges one figure against its threshold', () => {
    expect(figureTarget('p99', 40, { atMost: 50 }, String, ' ms')).toMatchObject({
      met: true,
      threshold: '≤ 50 ms',
    });
    expect(figureTarget('p99', Number.NaN, { atMost: 50 }, String).met).toBeNull();
  });
});
