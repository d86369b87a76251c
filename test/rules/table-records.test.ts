/**
 * The records of the table (an object's statuses, a holder's counters) as the planner writes them
 * and GraphQL lists them: written in key order by adding keys only, listed in key order whatever
 * order they arrive in (a jsonb column orders keys by length first).
 */
import { describe, expect, it } from 'vitest';
import { counterList, statusList } from '../../src/render/table.js';
import { withCounter, withEntry, withTableState } from '../../src/rules/table.js';
import { card, newGame, put } from './helpers.js';

describe('table records', () => {
  it('sets, replaces and removes one entry, keys in order, the input unchanged', () => {
    const before = Object.freeze({ charge: 3, loyalty: 4 });
    expect(Object.entries(withEntry(before, '+1/+1', 1))).toEqual([
      ['+1/+1', 1],
      ['charge', 3],
      ['loyalty', 4],
    ]);
    expect(Object.entries(withEntry(before, 'lore', 2))).toEqual([
      ['charge', 3],
      ['lore', 2],
      ['loyalty', 4],
    ]);
    expect(Object.entries(withEntry(before, 'poison', 1))).toEqual([
      ['charge', 3],
      ['loyalty', 4],
      ['poison', 1],
    ]);
    expect(Object.entries(withEntry(before, 'charge', 5))).toEqual([
      ['charge', 5],
      ['loyalty', 4],
    ]);
    expect(Object.entries(withEntry(before, 'charge', undefined))).toEqual([['loyalty', 4]]);
    expect(withEntry(undefined, 'tapped', 'tapped')).toEqual({ tapped: 'tapped' });
    expect(before).toEqual({ charge: 3, loyalty: 4 });
  });

  it('drops an object counter at 0 and keeps a player or zone counter at 0 (MTG 122.1, 119.1)', () => {
    expect(withCounter({ charge: 1, lore: 2 }, 'charge', 0)).toEqual({ lore: 2 });
    expect(withCounter({ life: 1, poison: 2 }, 'life', 0, true)).toEqual({ life: 0, poison: 2 });
  });

  it('lists records in key order whatever order their keys come in', () => {
    expect(counterList({ poison: 1, life: 20, '+1/+1': 2 })).toEqual([
      { kind: '+1/+1', amount: 2 },
      { kind: 'life', amount: 20 },
      { kind: 'poison', amount: 1 },
    ]);
    expect(counterList({ charge: 3, loyalty: 4 })).toEqual([
      { kind: 'charge', amount: 3 },
      { kind: 'loyalty', amount: 4 },
    ]);
    expect(counterList(undefined)).toEqual([]);
    expect(statusList({ tapped: 'tapped', flipped: 'flipped' })).toEqual([
      { name: 'flipped', value: 'flipped' },
      { name: 'tapped', value: 'tapped' },
    ]);
  });

  it('replaces an object’s statuses and counters, leaving out empty ones, every other field kept', () => {
    const [obj] = put(newGame('mtg'), 'battlefield:shared:0', [card('Forest')]).objects;
    if (!obj) throw new Error('no object');
    const tapped = withTableState(obj, { tapped: 'tapped' }, { charge: 1 });
    expect(tapped).toEqual({ ...obj, statuses: { tapped: 'tapped' }, counters: { charge: 1 } });
    const cleared = withTableState(tapped, {}, undefined);
    expect(cleared).toEqual(obj);
    expect('statuses' in cleared || 'counters' in cleared).toBe(false);
  });
});
