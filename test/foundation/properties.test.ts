/**
 * The property suites' fast-check defaults (test/support/fast-check.ts, a vitest setup file): a
 * property that runs out of time before its cases are done fails; it never passes on fewer cases.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';

it('a property interrupted by its time limit fails, naming how far it got', async () => {
  let ran = 0;
  const slow = fc.asyncProperty(fc.integer(), async () => {
    ran++;
    await new Promise((r) => setTimeout(r, 20));
  });
  await expect(fc.assert(slow, { numRuns: 1_000, interruptAfterTimeLimit: 100 })).rejects.toThrow(
    /interrupted/i,
  );
  expect(ran).toBeGreaterThan(0);
  expect(ran).toBeLessThan(1_000);
});

it('a property given the time it needs passes with every case run', async () => {
  let ran = 0;
  await fc.assert(
    fc.property(fc.integer(), () => {
      ran++;
    }),
    { numRuns: 50, interruptAfterTimeLimit: 60_000 },
  );
  expect(ran).toBe(50);
});
