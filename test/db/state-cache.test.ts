import { describe, expect, it } from 'vitest';
import { lightState, StateCache } from '../../src/db/state-cache.js';
import type { GameState, ObjectState } from '../../src/rules/index.js';
import type { LoadedGame } from '../../src/db/state.js';

const game = (id: string, version: number) =>
  ({ game: { id, version }, spec: {}, players: [], state: {} }) as unknown as LoadedGame;

describe('StateCache', () => {
  it('answers for the version it holds and any earlier one, never with an older state', () => {
    const cache = new StateCache();
    cache.set(game('g', 3));
    expect(cache.atLeast('g', 3)?.game.version).toBe(3);
    // A reader told "version 2" while a commit of version 3 landed: version 3 is as current.
    expect(cache.atLeast('g', 2)?.game.version).toBe(3);
    expect(cache.atLeast('g', 4)).toBeUndefined();
    expect(cache.atLeast('h', 1)).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([2, 2]);
  });

  it('never replaces a newer version with an older one', () => {
    const cache = new StateCache();
    cache.set(game('g', 5));
    cache.set(game('g', 4));
    expect(cache.atLeast('g', 5)?.game.version).toBe(5);
    expect(cache.atLeast('g', 4)?.game.version).toBe(5);
  });

  it('drops the least recently used game beyond its limit', () => {
    const cache = new StateCache(2);
    cache.set(game('a', 1));
    cache.set(game('b', 1));
    cache.atLeast('a', 1); // a is now more recent than b
    cache.set(game('c', 1));
    expect(cache.size).toBe(2);
    expect(cache.atLeast('b', 1)).toBeUndefined();
    expect(cache.atLeast('a', 1)).toBeDefined();
    expect(cache.atLeast('c', 1)).toBeDefined();
  });
});

describe('lightState', () => {
  const state = (gameNo: number): GameState => {
    const players = [{ id: `p${gameNo}`, seat: 0 }];
    const zones = [{ id: `z${gameNo}`, type: 'hand', ownerId: `p${gameNo}`, index: 0 }];
    const objects = [0, 1].map((i): ObjectState => ({
      key: `k${gameNo}-${i}`,
      publicId: `o${gameNo}-${i}`,
      kind: 'card',
      ownerId: `p${gameNo}`,
      controllerId: `p${gameNo}`,
      zoneId: `z${gameNo}`,
      sortKey: i,
      faceUp: false,
      revealedTo: [],
      hostKey: null,
      card: {
        name: 'Forest',
        types: ['land'],
        subtypes: ['forest'],
        text: '',
        attributes: { rarity: 'basic' },
      },
      history: [],
    }));
    // As parsed from JSON: every object its own copies.
    return JSON.parse(JSON.stringify({ ruleset: 'mtg', players, zones, objects })) as GameState;
  };

  it('keeps every value and shares equal card faces within and across games', () => {
    const a = state(1);
    const b = state(2);
    const lightA = lightState(a);
    const lightB = lightState(b);
    expect(lightA).toEqual(a);
    expect(lightB).toEqual(b);
    expect(a.objects[0]!.card).not.toBe(a.objects[1]!.card);
    expect(lightA.objects[0]!.card).toBe(lightA.objects[1]!.card);
    expect(lightA.objects[0]!.card).toBe(lightB.objects[0]!.card);
    // Already light objects are kept as they are.
    expect(lightState(lightA).objects[0]).toBe(lightA.objects[0]);
  });
});
