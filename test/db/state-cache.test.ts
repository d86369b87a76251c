import { describe, expect, it } from 'vitest';
import { StateCache } from '../../src/db/state-cache.js';
import type { LoadedGame } from '../../src/db/state.js';

const game = (id: string, version: number) =>
  ({ game: { id, version }, spec: {}, players: [], state: {} }) as unknown as LoadedGame;

describe('StateCache', () => {
  it('answers only for the exact version it holds', () => {
    const cache = new StateCache();
    cache.set(game('g', 3));
    expect(cache.get('g', 3)?.game.version).toBe(3);
    expect(cache.get('g', 4)).toBeUndefined();
    expect(cache.get('g', 2)).toBeUndefined();
  });

  it('never replaces a newer version with an older one', () => {
    const cache = new StateCache();
    cache.set(game('g', 5));
    cache.set(game('g', 4));
    expect(cache.get('g', 5)).toBeDefined();
    expect(cache.get('g', 4)).toBeUndefined();
  });

  it('drops the least recently used game beyond its limit', () => {
    const cache = new StateCache(2);
    cache.set(game('a', 1));
    cache.set(game('b', 1));
    cache.get('a', 1); // a is now more recent than b
    cache.set(game('c', 1));
    expect(cache.size).toBe(2);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('c', 1)).toBeDefined();
  });
});
