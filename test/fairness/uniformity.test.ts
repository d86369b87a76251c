/**
 * zk-rng/1 uniformity from fixed seeds (docs/fairness.md): every order of 5 cards appears over
 * 120,000 shuffles and chi-square over the 120 orders gives p > 0.001; the same over 100,000 d6
 * rolls, through the planner's roll act. (Chi-square cannot see modulo bias; the rejection step is checked by its vector.)
 */
import { describe, expect, it } from 'vitest';
import { actKey, ActStream, INITIAL_ENTROPY } from '../../src/fairness/zk-rng.js';
import { ActLog, fisherYates } from '../../src/rules/planner/acts.js';
import type { PlanContext } from '../../src/rules/index.js';

const SEED = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
const stream = (seq: number) =>
  new ActStream(actKey(SEED, { gameId: 'uniformity', seq, index: 0, entropy: INITIAL_ENTROPY }));

/** Upper tail of the chi-square distribution (Wilson–Hilferty), ample for p near 0.001 at these degrees. */
function chiSquareP(stat: number, df: number): number {
  const z = (Math.cbrt(stat / df) - (1 - 2 / (9 * df))) / Math.sqrt(2 / (9 * df));
  // Abramowitz–Stegun 26.2.17 for the normal upper tail.
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
  const tail =
    d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? tail : 1 - tail;
}

function chiSquare(counts: readonly number[], total: number): number {
  const expected = total / counts.length;
  return counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
}

/** Synchronous and CPU-bound: seconds alone, half a minute and more on a busy machine. */
const SLOW = 180_000;

describe('zk-rng/1 uniformity', () => {
  it(
    '120,000 shuffles of 5 cards: all 120 orders, chi-square p > 0.001',
    () => {
      const counts = new Map<string, number>();
      const N = 120_000;
      for (let seq = 1; seq <= N; seq++) {
        const s = stream(seq);
        const order = fisherYates(['a', 'b', 'c', 'd', 'e'], 5, (n) => s.int(n)).join('');
        counts.set(order, (counts.get(order) ?? 0) + 1);
      }
      expect(counts.size).toBe(120);
      expect(chiSquareP(chiSquare([...counts.values()], N), 119)).toBeGreaterThan(0.001);
    },
    SLOW,
  );

  it(
    '100,000 d6 rolls (rollDice’s act): all six faces, chi-square p > 0.001',
    () => {
      const counts = [0, 0, 0, 0, 0, 0];
      const N = 100_000;
      const ctx = (seq: number): PlanContext => ({
        newId: () => '',
        randomAct: () => {
          const s = stream(seq);
          return (n) => s.int(n);
        },
        randomScheme: 'zk-rng/1',
        actorId: null,
        foldEntropy: () => '',
      });
      for (let seq = 1; seq <= N; seq++)
        counts[
          new ActLog({ ruleset: 'mtg', players: [], zones: [], objects: [] }).roll(ctx(seq), 0, 6, 1)[0]! - 1
        ]! += 1;
      expect(counts.every((c) => c > 0)).toBe(true);
      expect(chiSquareP(chiSquare(counts, N), 5)).toBeGreaterThan(0.001);
    },
    SLOW,
  );
});
