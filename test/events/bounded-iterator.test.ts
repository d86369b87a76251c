/**
 * BoundedIterator on its own: a value that cannot be built ends the stream with that error, whether
 * the consumer is already waiting on `next()` or reads later; nothing is left pending.
 */
import { describe, expect, it } from 'vitest';
import { BoundedIterator } from '../../src/events/bounded-iterator.js';

const boom = new Error('cannot build');
const failing = (): number => {
  throw boom;
};
/** Settles `p`, or says it is still pending after the deadline (a generous one). */
const settled = <T>(p: Promise<T>, ms = 5_000) =>
  Promise.race([
    p.then(
      (value) => ({ state: 'resolved' as const, value }),
      (error: unknown) => ({ state: 'rejected' as const, error }),
    ),
    new Promise<{ state: 'pending' }>((resolve) => setTimeout(() => resolve({ state: 'pending' }), ms)),
  ]);

describe('BoundedIterator', () => {
  it('rejects a pending next() when the offered value throws, and ends once', async () => {
    expect.assertions(4);
    let ends = 0;
    const it = new BoundedIterator<number>(4, 2, () => ends++);
    const pending = it.next();
    expect(it.offer(failing)).toBe(true);
    expect(await settled(pending)).toEqual({ state: 'rejected', error: boom });
    expect(await it.next()).toEqual({ value: undefined, done: true });
    expect(ends).toBe(1);
  });

  it('delivers what was queued, then the error, when nobody was waiting', async () => {
    expect.assertions(4);
    const it = new BoundedIterator<number>(4, 2, () => undefined);
    it.offer(() => 1);
    it.offer(failing);
    expect(it.ended).toBe(true);
    expect(await it.next()).toEqual({ value: 1, done: false });
    expect(await settled(it.next())).toEqual({ state: 'rejected', error: boom });
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });

  it('builds nothing when full, and drops offers once ended', () => {
    let built = 0;
    const it = new BoundedIterator<number>(1, 0, () => undefined);
    expect(it.offer(() => ++built)).toBe(true);
    expect(it.offer(() => ++built)).toBe(false);
    void it.return();
    expect(it.offer(() => ++built)).toBe(true);
    expect(built).toBe(1);
  });
});
