import { describe, expect, it } from 'vitest';
import { initialZones, zoneObjects, type Move } from '../../src/rules/index.js';
import { byKey, card, ids, newGame, ok, put, rejected, spec, testCtx } from './helpers.js';
import { builtinRulesets } from '../support/rulesets.js';

const move = (
  select: Move extends infer M ? (M extends { kind: 'moveObjects'; select: infer S } ? S : never) : never,
  zoneId = 'graveyard:p0:0',
): Move => ({
  kind: 'moveObjects',
  select,
  to: { kind: 'zone', zoneId },
  placement: { kind: 'top' },
  by: 'rule',
});

describe('planner input validation', () => {
  it('activePlayerId is refused outside MTG: only MTG 405.3 orders simultaneous arrivals APNAP', () => {
    for (const id of ['fab', 'netrunner'] as const) {
      const g = put(newGame(id), `hand:p0:0`, [card('a'), card('b')]);
      const r = rejected(
        g.state,
        {
          kind: 'moveObjects',
          select: { kind: 'ids', ids: ids(g.objects) },
          to: { kind: 'type', type: id === 'fab' ? 'graveyard' : 'discard', ownerId: 'p0' },
          placement: { kind: 'top' },
          by: 'effect',
          activePlayerId: 'p0',
        },
        'BAD_ORDER',
      );
      expect(r.rule).toBe('input');
    }
  });

  const base = put(newGame('mtg'), 'hand:p0:0', [card('a'), card('b')]);

  it('invalid input is a typed rejection and leaves the state untouched', () => {
    const frozen = structuredClone(base.state);
    rejected(base.state, move({ kind: 'ids', ids: ['nope'] }), 'UNKNOWN_OBJECT');
    rejected(base.state, move({ kind: 'ids', ids: [] }), 'BAD_SELECTOR');
    rejected(
      base.state,
      move({ kind: 'ids', ids: [base.objects[0]!.publicId, base.objects[0]!.publicId] }),
      'BAD_SELECTOR',
    );
    rejected(base.state, move({ kind: 'top', zoneId: 'hand:p0:0', count: 0 }), 'BAD_SELECTOR');
    rejected(base.state, move({ kind: 'top', zoneId: 'hand:p0:0', count: 3 }), 'BAD_SELECTOR');
    rejected(base.state, move({ kind: 'top', zoneId: 'nowhere', count: 1 }), 'UNKNOWN_ZONE');
    rejected(base.state, move({ kind: 'top', zoneId: 'hand:p0:0', count: 1 }, 'nowhere'), 'UNKNOWN_ZONE');
    rejected(
      base.state,
      {
        ...move({ kind: 'top', zoneId: 'hand:p0:0', count: 1 }),
        placement: { kind: 'index', index: -1 },
      } as Move,
      'BAD_PLACEMENT',
    );
    rejected(
      base.state,
      {
        ...move({ kind: 'top', zoneId: 'hand:p0:0', count: 2 }),
        order: [base.objects[0]!.publicId, 'x'],
      } as Move,
      'BAD_ORDER',
    );
    rejected(
      base.state,
      {
        kind: 'moveObjects',
        select: { kind: 'top', zoneId: 'hand:p0:0', count: 1 },
        to: { kind: 'type', type: 'moon', ownerId: 'p0' },
        placement: { kind: 'top' },
        by: 'rule',
      },
      'UNKNOWN_ZONE_TYPE',
    );
    rejected(
      base.state,
      {
        kind: 'moveObjects',
        select: { kind: 'top', zoneId: 'hand:p0:0', count: 1 },
        to: { kind: 'type', type: 'graveyard', ownerId: 'ghost' },
        placement: { kind: 'top' },
        by: 'rule',
      },
      'UNKNOWN_PLAYER',
    );
    rejected(
      base.state,
      { kind: 'reveal', select: { kind: 'top', zoneId: 'hand:p0:0', count: 1 }, to: ['ghost'] },
      'UNKNOWN_PLAYER',
    );
    rejected(
      base.state,
      { kind: 'reorder', zoneId: 'hand:p0:0', order: [base.objects[1]!.publicId, 'nope'], by: 'effect' },
      'BAD_ORDER',
    );
    rejected(
      base.state,
      {
        kind: 'createToken',
        card: card('t'),
        to: { kind: 'zone', zoneId: 'battlefield:shared:0' },
        placement: { kind: 'top' },
        ownerId: 'p0',
        count: 0,
      },
      'BAD_SELECTOR',
    );
    rejected(
      base.state,
      {
        kind: 'detach',
        select: { kind: 'top', zoneId: 'hand:p0:0', count: 1 },
        to: { kind: 'zone', zoneId: 'graveyard:p0:0' },
        placement: { kind: 'top' },
        by: 'rule',
      },
      'NOT_ATTACHED',
    );
    rejected(
      base.state,
      { kind: 'attach', select: { kind: 'top', zoneId: 'hand:p0:0', count: 1 }, hostId: 'nope', by: 'rule' },
      'UNKNOWN_OBJECT',
    );
    rejected(
      base.state,
      { kind: 'removeLayer', layerId: base.objects[0]!.publicId, by: 'rule' },
      'NOT_A_LAYER',
    );
    rejected(base.state, { kind: 'createZone', type: 'hand', ownerId: null }, 'UNKNOWN_PLAYER');
    rejected(
      base.state,
      { kind: 'turnFace', select: { kind: 'top', zoneId: 'hand:p0:0', count: 1 }, faceUp: true },
      'FACE_UP_NOT_ALLOWED',
    );
    const bogus = builtinRulesets().plan(base.state, { kind: 'teleport' } as unknown as Move, testCtx());
    expect(bogus.ok).toBe(false);
    expect(base.state).toEqual(frozen);
  });

  it('rejection messages never name cards', () => {
    const r = rejected(
      base.state,
      { kind: 'turnFace', select: { kind: 'top', zoneId: 'hand:p0:0', count: 1 }, faceUp: true },
      'FACE_UP_NOT_ALLOWED',
    );
    expect(r.message).not.toMatch(/\b[ab]\b/);
  });

  it('a ruleset by id, and initialZones', () => {
    expect(builtinRulesets().get('nope')).toBeUndefined();
    expect(builtinRulesets().get('fab')?.name).toBe('Flesh and Blood');
    const zones = initialZones(spec('fab'), [{ id: 'a' }, { id: 'b' }]);
    expect(zones.filter((z) => z.type === 'weapon')).toHaveLength(4);
    expect(zones.filter((z) => z.ownerId === null)).toHaveLength(3);
  });
});

describe('sort keys and positions', () => {
  it('inserting keeps the sort keys of objects that do not move', () => {
    const g = put(newGame('mtg'), 'library:p0:0', [card('a'), card('b'), card('c')]);
    const h = put(g.state, 'hand:p0:0', [card('x')]);
    const p = ok(h.state, {
      kind: 'moveObjects',
      select: { kind: 'ids', ids: ids(h.objects) },
      to: { kind: 'zone', zoneId: 'library:p0:0' },
      placement: { kind: 'index', index: 1 },
      by: 'effect',
    });
    for (const o of g.objects) expect(byKey(p.state, o.key)).toEqual(o);
    expect(zoneObjects(p.state, 'library:p0:0').map((o) => o.key)).toEqual([
      g.objects[0]!.key,
      h.objects[0]!.key,
      g.objects[1]!.key,
      g.objects[2]!.key,
    ]);
    expect(p.events[0]!.transitions).toHaveLength(1);
  });

  it('an exhausted gap renumbers the zone; renumbered objects keep their ids', () => {
    let s = put(newGame('netrunner'), 'play:shared:0', [card('a'), card('b')]).state;
    const first = zoneObjects(s, 'play:shared:0');
    for (let i = 0; i < 12; i++) {
      s = ok(s, {
        kind: 'bringIntoGame',
        cards: [card(`x${i}`)],
        ownerId: 'p0',
        to: { kind: 'zone', zoneId: 'play:shared:0' },
        placement: { kind: 'index', index: 1 },
      }).state;
    }
    const after = zoneObjects(s, 'play:shared:0');
    expect(after).toHaveLength(14);
    expect(after[0]!.publicId).toBe(first[0]!.publicId);
    expect(after.at(-1)!.publicId).toBe(first[1]!.publicId);
    expect(new Set(after.map((o) => o.sortKey)).size).toBe(14);
  });
});
