/**
 * The sweep's claims (issue 40, "1,000 clocks expiring in the same minute"): due games are claimed
 * several at a time, the earliest deadline first, and a tick that stops at its cap with clocks
 * still due is followed by the next at once, not after the interval. A store double stands in for
 * the database here (the claims themselves, SKIP LOCKED and exactly-once, are clock.test.ts's):
 * it hands out due games in deadline order and records every claim.
 */
import { describe, expect, it } from 'vitest';
import { startClockSweep, SWEEP_CLAIM } from '../../src/authority/clock-sweep.js';
import type { AuthorityDeps } from '../../src/authority/pipeline.js';
import type { SweepResult } from '../../src/db/index.js';
import { until } from '../support/wait.js';

/** A store whose `due` games (ids in deadline order) are handed out by claims, and counted. */
function dueStore(count: number) {
  const due = Array.from({ length: count }, (_, i) => `game-${String(i).padStart(4, '0')}`);
  const seen = { ticks: 0, claims: [] as string[][] };
  const store = {
    sweepTick: () => {
      seen.ticks += 1;
      return Promise.resolve({ now: Date.now(), previous: Date.now(), due: due.length > 0 });
    },
    recordTick: () => Promise.resolve(),
    tickingGames: () => Promise.resolve([]),
    withDueGames: async (limit: number): Promise<SweepResult[]> => {
      // Another claim's transaction runs meanwhile (the workers' claims overlap).
      await Promise.resolve();
      const claimed = due.splice(0, limit);
      seen.claims.push(claimed);
      return claimed.map((gameId) => ({ gameId, result: null }));
    },
  };
  const noop = () => undefined;
  const deps = {
    store,
    logger: { warn: noop, error: noop, info: noop },
    fanout: { publish: () => Promise.resolve() },
  } as unknown as AuthorityDeps;
  return { deps, due, seen };
}

describe('the clock sweep drains a backlog', () => {
  it('claims several due games at a time, the earliest deadline first, and goes on without waiting for the interval', async () => {
    const { deps, due, seen } = dueStore(200);
    // An hour between ticks: a backlog drained at all is drained by ticks that follow at once.
    const sweep = startClockSweep(deps, { intervalMs: 3_600_000, outageMs: 3_600_000, batch: 40 });
    try {
      await until(() => due.length === 0 && seen.ticks >= 6, 'the backlog to drain');
    } finally {
      await sweep.stop();
    }
    // Five ticks stopped at their cap of 40; the sixth found nothing due and claimed nothing.
    expect(seen.ticks).toBe(6);
    const claimed = seen.claims.flat();
    expect(claimed).toEqual([...claimed].sort());
    expect(new Set(claimed).size).toBe(200);
    expect(Math.max(...seen.claims.map((c) => c.length))).toBe(SWEEP_CLAIM);
    expect(seen.claims.length).toBeLessThan(200 / 2);
  });

  it('a claim that comes back short ends the tick: what is left is locked or not due', async () => {
    const { deps, seen } = dueStore(SWEEP_CLAIM + 3);
    const sweep = startClockSweep(deps, { intervalMs: 3_600_000, outageMs: 3_600_000, batch: 200 });
    try {
      await until(() => seen.ticks >= 1 && seen.claims.flat().length === SWEEP_CLAIM + 3, 'the first tick');
    } finally {
      await sweep.stop();
    }
    expect(seen.ticks).toBe(1);
    // The first claim alone, full; then the workers', the first short one ending the tick.
    expect(seen.claims[0]).toHaveLength(SWEEP_CLAIM);
    expect(seen.claims.length).toBeLessThanOrEqual(3);
  });
});
