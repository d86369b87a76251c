import { describe, expect, it } from 'vitest';
import { admitStartingLayout, canSee, layerNumber, positionOf, zoneObjects } from '../../src/rules/index.js';
import {
  attachIds,
  byKey,
  card,
  ids,
  moveIds,
  newGame,
  ok,
  put,
  rejected,
  spec,
  testCtx,
} from './helpers.js';

const MTG = spec('mtg');
const lib = (p: string) => `library:${p}:0`;
const hand = (p: string) => `hand:${p}:0`;
const gy = (p: string) => `graveyard:${p}:0`;
const P0 = { kind: 'player', playerId: 'p0' } as const;
const P1 = { kind: 'player', playerId: 'p1' } as const;

describe('MTG zones', () => {
  it('400.1 a new game has library, hand, graveyard per player and shared battlefield, stack, exile, command', () => {
    const g = newGame('mtg', 2);
    expect(g.zones.map((z) => z.id).sort()).toEqual(
      [
        'battlefield:shared:0',
        'command:shared:0',
        'exile:shared:0',
        'graveyard:p0:0',
        'graveyard:p1:0',
        'hand:p0:0',
        'hand:p1:0',
        'library:p0:0',
        'library:p1:0',
        'stack:shared:0',
      ].sort(),
    );
  });

  it('400.2 library and hand are hidden zones, the others public', () => {
    const vis = Object.fromEntries(MTG.zoneTypes.map((t) => [t.type, t.visibility]));
    expect(vis).toMatchObject({
      library: 'hidden',
      hand: 'secret',
      battlefield: 'public',
      graveyard: 'public',
      stack: 'public',
      exile: 'public',
      command: 'public',
      ante: 'public',
    });
  });

  it('400.3 a card bound for another player graveyard goes to its owner graveyard', () => {
    const { state, objects } = put(newGame('mtg'), 'battlefield:shared:0', [card('Bear', ['creature'])], {
      ownerId: 'p0',
    });
    const p = ok(state, moveIds(ids(objects), gy('p1'), 'rule'));
    expect(byKey(p.state, objects[0]!.key)?.zoneId).toBe(gy('p0'));
    expect(p.events[0]?.rules).toContain('MTG 400.3');
  });

  it('400.3 by type: hand of another player redirects to owner hand', () => {
    const { state, objects } = put(newGame('mtg'), 'battlefield:shared:0', [card('Bear', ['creature'])], {
      ownerId: 'p1',
    });
    const p = ok(state, {
      kind: 'moveObjects',
      select: { kind: 'ids', ids: ids(objects) },
      to: { kind: 'type', type: 'hand', ownerId: 'p0' },
      placement: { kind: 'top' },
      by: 'effect',
    });
    expect(byKey(p.state, objects[0]!.key)?.zoneId).toBe(hand('p1'));
  });

  it('400.4a an instant entering the battlefield stays in its zone (NO_MOVE, no rejection)', () => {
    const { state, objects } = put(newGame('mtg'), hand('p0'), [
      card('Shock', ['Instant']),
      card('Bear', ['creature']),
    ]);
    const p = ok(state, moveIds(ids(objects), 'battlefield:shared:0', 'effect'));
    expect(byKey(p.state, objects[0]!.key)).toEqual(objects[0]);
    expect(byKey(p.state, objects[1]!.key)?.zoneId).toBe('battlefield:shared:0');
    const noMove = p.events.find((e) => e.kind === 'NO_MOVE');
    expect(noMove?.rules).toContain('MTG 400.4a');
    expect(noMove?.unchangedIds).toEqual([objects[0]!.publicId]);
  });

  it('400.4b a plane leaving the command zone remains there', () => {
    const { state, objects } = put(newGame('mtg'), 'command:shared:0', [card('Plane', ['Plane'])]);
    const p = ok(state, moveIds(ids(objects), 'exile:shared:0', 'effect'));
    expect(byKey(p.state, objects[0]!.key)?.zoneId).toBe('command:shared:0');
    expect(p.events[0]?.rules).toContain('MTG 400.4b');
  });

  it('400.5 owner reorder of library is rejected, effect reorder allowed', () => {
    const { state, objects } = put(newGame('mtg'), lib('p0'), [card('a'), card('b'), card('c')]);
    const order = [objects[1]!.publicId, objects[0]!.publicId];
    const r = rejected(
      state,
      { kind: 'reorder', zoneId: lib('p0'), order, by: 'rule' },
      'ORDER_LOCKED',
      testCtx('p0'),
    );
    expect(r.rule).toBe('MTG 400.5');
    const p = ok(state, { kind: 'reorder', zoneId: lib('p0'), order, by: 'effect' });
    const top = zoneObjects(p.state, lib('p0'));
    expect(top.map((o) => o.key)).toEqual([objects[1]!.key, objects[0]!.key, objects[2]!.key]);
    // Hidden objects reordered get new ids.
    expect(top[0]!.publicId).not.toBe(objects[1]!.publicId);
  });

  it('400.5 graveyard and stack order locked for owner arrangement', () => {
    const { state, objects } = put(newGame('mtg'), gy('p0'), [card('a'), card('b')]);
    rejected(
      state,
      { kind: 'reorder', zoneId: gy('p0'), order: [objects[1]!.publicId, objects[0]!.publicId], by: 'rule' },
      'ORDER_LOCKED',
    );
  });

  it('400.5 owners may arrange their hand and battlefield objects, not others', () => {
    const g = put(newGame('mtg'), hand('p0'), [card('a'), card('b')]);
    const p = ok(
      g.state,
      {
        kind: 'reorder',
        zoneId: hand('p0'),
        order: [g.objects[1]!.publicId, g.objects[0]!.publicId],
        by: 'rule',
      },
      testCtx('p0'),
    );
    expect(zoneObjects(p.state, hand('p0'))[0]!.key).toBe(g.objects[1]!.key);
    const b = put(newGame('mtg'), 'battlefield:shared:0', [card('x'), card('y')], { ownerId: 'p1' });
    rejected(
      b.state,
      {
        kind: 'reorder',
        zoneId: 'battlefield:shared:0',
        order: [b.objects[1]!.publicId, b.objects[0]!.publicId],
        by: 'rule',
      },
      'ORDER_LOCKED',
      testCtx('p0'),
    );
  });

  it('400.5 a player arranges their own permanents among other players permanents', () => {
    let st = put(newGame('mtg'), 'battlefield:shared:0', [card('Wall')], { ownerId: 'p1' }).state;
    const mine = put(st, 'battlefield:shared:0', [card('Elf'), card('Ogre')], { ownerId: 'p0' });
    st = put(mine.state, 'battlefield:shared:0', [card('Wolf')], { ownerId: 'p1' }).state;
    const [elf, ogre] = mine.objects;
    const p = ok(
      st,
      { kind: 'reorder', zoneId: 'battlefield:shared:0', order: [ogre!.publicId, elf!.publicId], by: 'rule' },
      testCtx('p0'),
    );
    expect(zoneObjects(p.state, 'battlefield:shared:0').map((o) => o.card.name)).toEqual([
      'Wall',
      'Ogre',
      'Elf',
      'Wolf',
    ]);
    expect(p.events[0]!.rules).toEqual(['MTG 400.5']);
    const wall = zoneObjects(st, 'battlefield:shared:0')[0]!;
    const r = rejected(
      st,
      { kind: 'reorder', zoneId: 'battlefield:shared:0', order: [elf!.publicId, wall.publicId], by: 'rule' },
      'ORDER_LOCKED',
      testCtx('p0'),
    );
    expect(r.rule).toBe('MTG 400.5');
  });

  it('400.4a an instant card is never seeded or brought onto the battlefield', () => {
    const g = put(newGame('mtg'), 'battlefield:shared:0', [card('Shock', ['instant'])]);
    expect(admitStartingLayout(MTG, g.state)).toMatchObject({
      index: 0,
      code: 'NOT_ADMITTED',
      rule: 'MTG 400.4a',
    });
    const r = rejected(
      newGame('mtg'),
      {
        kind: 'bringIntoGame',
        cards: [card('Shock', ['instant'])],
        ownerId: 'p0',
        to: { kind: 'zone', zoneId: 'battlefield:shared:0' },
        placement: { kind: 'top' },
      },
      'NOT_ADMITTED',
    );
    expect(r.rule).toBe('MTG 400.4a');
    // A token copy of an instant is not a card: 400.4a does not apply to it.
    expect(
      admitStartingLayout(
        MTG,
        put(newGame('mtg'), 'battlefield:shared:0', [card('Copy', ['instant'])], { kind: 'token' }).state,
      ),
    ).toBeNull();
  });

  it('400.5 face-down piles keep their order', () => {
    const g = put(newGame('mtg'), 'exile:shared:0', [card('a'), card('b')], { faceUp: false });
    const r = rejected(
      g.state,
      {
        kind: 'reorder',
        zoneId: 'exile:shared:0',
        order: [g.objects[1]!.publicId, g.objects[0]!.publicId],
        by: 'rule',
      },
      'ORDER_LOCKED',
      testCtx('p0'),
    );
    expect(r.rule).toBe('MTG 400.5');
  });

  it('400.7 a zone change makes a new object with a new public id', () => {
    const { state, objects } = put(newGame('mtg'), 'battlefield:shared:0', [card('Bear', ['creature'])]);
    const p = ok(state, moveIds(ids(objects), gy('p0'), 'rule'));
    const t = p.events[0]!.transitions[0]!;
    expect(t.newObject).toBe(true);
    expect(t.after?.publicId).not.toBe(objects[0]!.publicId);
    expect(t.after?.key).toBe(objects[0]!.key);
    expect(p.events[0]!.rules).toContain('MTG 400.7');
  });

  it('400.7 a new object has no memory of its previous existence: history is bounded however often it moves', () => {
    const start = put(newGame('mtg'), 'battlefield:shared:0', [card('Bear', ['creature'])]);
    const key = start.objects[0]!.key;
    let state = start.state;
    for (let i = 0; i < 50; i++) {
      const obj = byKey(state, key)!;
      const to = i % 2 === 0 ? gy('p0') : hand('p0');
      state = ok(state, moveIds([obj.publicId], to, 'effect')).state;
    }
    // Only the step that made the current object (the 50th move, graveyard → hand).
    expect(byKey(state, key)!.history).toEqual([
      { fromZoneType: 'graveyard', toZoneType: 'hand', by: 'effect', reason: 'MTG 400.7' },
    ]);
  });

  it('400.8 exile to exile is a new object without changing zones', () => {
    const { state, objects } = put(newGame('mtg'), 'exile:shared:0', [card('a')]);
    const p = ok(state, moveIds(ids(objects), 'exile:shared:0', 'effect'));
    const t = p.events[0]!.transitions[0]!;
    expect(t.newObject).toBe(true);
    expect(t.after?.zoneId).toBe('exile:shared:0');
    expect(p.events[0]!.rules).toContain('MTG 400.8');
  });

  it('400.10 command to command is a new object without changing zones', () => {
    const { state, objects } = put(newGame('mtg'), 'command:shared:0', [card('Emblem', ['emblem'])]);
    const p = ok(state, moveIds(ids(objects), 'command:shared:0', 'effect'));
    expect(p.events[0]!.transitions[0]!.newObject).toBe(true);
    expect(p.events[0]!.rules).toContain('MTG 400.10');
  });

  it('400.9 a face-up command object turned face down becomes a new object', () => {
    const { state, objects } = put(newGame('mtg'), 'command:shared:0', [card('Conspiracy', ['Conspiracy'])]);
    const p = ok(state, { kind: 'turnFace', select: { kind: 'ids', ids: ids(objects) }, faceUp: false });
    expect(p.events[0]!.transitions[0]!.newObject).toBe(true);
    expect(p.events[0]!.rules).toContain('MTG 400.9');
  });

  it('400.11b bringIntoGame and removeFromGame', () => {
    const g = newGame('mtg');
    const p = ok(g, {
      kind: 'bringIntoGame',
      cards: [card('Wish target')],
      ownerId: 'p0',
      to: { kind: 'zone', zoneId: hand('p0') },
      placement: { kind: 'top' },
    });
    expect(p.state.objects).toHaveLength(1);
    expect(p.events[0]!.rules).toContain('MTG 400.11b');
    const q = ok(p.state, { kind: 'removeFromGame', select: { kind: 'top', zoneId: hand('p0'), count: 1 } });
    expect(q.state.objects).toHaveLength(0);
    expect(q.events[0]!.transitions[0]!.after).toBeNull();
  });

  it('401.2 nobody, not even the owner, sees the library', () => {
    const { state, objects } = put(newGame('mtg'), lib('p0'), [card('a')]);
    expect(canSee(MTG, state, P0, objects[0]!)).toBe(false);
    expect(canSee(MTG, state, P1, objects[0]!)).toBe(false);
    expect(canSee(MTG, state, { kind: 'admin' }, objects[0]!)).toBe(true);
  });

  it('401.4 owner orders cards put on top of a library together; new ids hide the order', () => {
    const { state, objects } = put(newGame('mtg'), hand('p0'), [card('a'), card('b')]);
    const order = [objects[1]!.publicId, objects[0]!.publicId];
    const p = ok(state, moveIds(ids(objects), lib('p0'), 'effect', { order }));
    const top = zoneObjects(p.state, lib('p0'));
    expect(top.map((o) => o.key)).toEqual([objects[1]!.key, objects[0]!.key]);
    expect(top.every((o) => !ids(objects).includes(o.publicId))).toBe(true);
    rejected(
      state,
      moveIds(ids(objects), lib('p0'), 'effect', { order: [objects[0]!.publicId] }),
      'BAD_ORDER',
    );
  });

  it('404.3 owner orders cards entering a graveyard together', () => {
    const { state, objects } = put(newGame('mtg'), 'battlefield:shared:0', [card('a'), card('b')]);
    const order = [objects[1]!.publicId, objects[0]!.publicId];
    const p = ok(state, moveIds(ids(objects), gy('p0'), 'rule', { order }));
    expect(zoneObjects(p.state, gy('p0')).map((o) => o.key)).toEqual([objects[1]!.key, objects[0]!.key]);
  });

  it('401.7 a revealed library top card that stops being revealed becomes a new object', () => {
    const { state, objects } = put(newGame('mtg'), lib('p0'), [card('a')]);
    const r = ok(state, { kind: 'reveal', select: { kind: 'top', zoneId: lib('p0'), count: 1 }, to: 'all' });
    const e = ok(r.state, { kind: 'endReveal', select: { kind: 'top', zoneId: lib('p0'), count: 1 } });
    expect(e.events[0]!.transitions[0]!.newObject).toBe(true);
    expect(e.events[0]!.rules).toContain('MTG 401.7');
    expect(byKey(e.state, objects[0]!.key)?.revealedTo).toEqual([]);
  });

  it('401.8 Nth from the top of a library with fewer than N cards goes to the bottom', () => {
    const g = put(newGame('mtg'), lib('p0'), [card('a'), card('b')]);
    const h = put(g.state, hand('p0'), [card('c')]);
    const p = ok(h.state, {
      kind: 'moveObjects',
      select: { kind: 'ids', ids: ids(h.objects) },
      to: { kind: 'zone', zoneId: lib('p0') },
      placement: { kind: 'index', index: 6 },
      by: 'effect',
    });
    expect(positionOf(p.state, byKey(p.state, h.objects[0]!.key)!)).toBe(2);
    expect(p.events[0]!.rules).toContain('MTG 401.8');
  });

  it('401.3 and 402.3 library and hand counts are open to all', async () => {
    const { viewGame } = await import('../../src/rules/index.js');
    const g = put(put(newGame('mtg'), lib('p0'), [card('a'), card('b')]).state, hand('p0'), [card('c')]);
    const v = viewGame(MTG, g.state, P1);
    expect(v.zones.find((z) => z.id === lib('p0'))?.count).toBe(2);
    expect(v.zones.find((z) => z.id === hand('p0'))?.count).toBe(1);
    expect(v.zones.find((z) => z.id === hand('p0'))?.objects[0]?.card).toBeNull();
  });

  it('402.3 a player sees their own hand, never an opponent hand', () => {
    const { state, objects } = put(newGame('mtg'), hand('p0'), [card('a')]);
    expect(canSee(MTG, state, P0, objects[0]!)).toBe(true);
    expect(canSee(MTG, state, P1, objects[0]!)).toBe(false);
    expect(canSee(MTG, state, { kind: 'spectator' }, objects[0]!)).toBe(false);
  });

  it('405.2 each object put on the stack goes on top; other placements are rejected', () => {
    let s = newGame('mtg');
    s = ok(s, { kind: 'addLayer', card: card('Trigger A'), controllerId: 'p0' }).state;
    s = ok(s, { kind: 'addLayer', card: card('Trigger B'), controllerId: 'p1' }).state;
    const stack = zoneObjects(s, 'stack:shared:0');
    expect(stack.map((o) => o.card.name)).toEqual(['Trigger B', 'Trigger A']);
    expect(layerNumber(MTG, s, stack[0]!)).toBe(2);
    const h = put(s, hand('p0'), [card('Bolt', ['instant'])]);
    const r = rejected(
      h.state,
      {
        kind: 'moveObjects',
        select: { kind: 'ids', ids: ids(h.objects) },
        to: { kind: 'zone', zoneId: 'stack:shared:0' },
        placement: { kind: 'bottom' },
        by: 'rule',
      },
      'BAD_PLACEMENT',
    );
    expect(r.rule).toBe('MTG 405.2');
  });

  it('405.3 simultaneous stack objects: active player lowest, then APNAP', () => {
    const g = put(newGame('mtg', 3), 'exile:shared:0', [card('x')], { ownerId: 'p1' });
    const h = put(g.state, 'exile:shared:0', [card('y')], { ownerId: 'p0' });
    const i = put(h.state, 'exile:shared:0', [card('z')], { ownerId: 'p2' });
    const all = [...g.objects, ...h.objects, ...i.objects];
    const p = ok(i.state, moveIds(ids(all), 'stack:shared:0', 'rule', { activePlayerId: 'p1' }));
    // Active p1 lowest, then p2, then p0 on top.
    expect(zoneObjects(p.state, 'stack:shared:0').map((o) => o.controllerId)).toEqual(['p0', 'p2', 'p1']);
    const bad = rejected(
      i.state,
      moveIds(ids(all), 'stack:shared:0', 'rule', {
        activePlayerId: 'p1',
        order: ids([g.objects[0]!, h.objects[0]!, i.objects[0]!]),
      }),
      'BAD_ORDER',
    );
    expect(bad.rule).toBe('MTG 405.3');
  });

  it('405.1 an ability on the stack ceases to exist when removed', () => {
    const s = ok(newGame('mtg'), { kind: 'addLayer', card: card('Trigger'), controllerId: 'p0' }).state;
    const layer = zoneObjects(s, 'stack:shared:0')[0]!;
    const p = ok(s, { kind: 'removeLayer', layerId: layer.publicId, by: 'rule' });
    expect(p.state.objects).toHaveLength(0);
    rejected(s, moveIds([layer.publicId], 'battlefield:shared:0', 'effect'), 'NOT_ADMITTED');
  });

  it('404.1 a resolved instant card goes from the stack to its owner graveyard', () => {
    const h = put(newGame('mtg'), 'stack:shared:0', [card('Bolt', ['instant'])], { ownerId: 'p1' });
    const p = ok(h.state, { kind: 'removeLayer', layerId: h.objects[0]!.publicId, by: 'rule' });
    expect(byKey(p.state, h.objects[0]!.key)?.zoneId).toBe(gy('p1'));
  });

  it('406.3 a card exiled face down is seen by nobody', () => {
    const { state, objects } = put(newGame('mtg'), hand('p0'), [card('a')]);
    const p = ok(state, moveIds(ids(objects), 'exile:shared:0', 'effect', { faceUp: false }));
    const o = byKey(p.state, objects[0]!.key)!;
    expect(canSee(MTG, p.state, P0, o)).toBe(false);
    expect(canSee(MTG, p.state, P1, o)).toBe(false);
  });

  it('702.37 a face-down permanent is seen by its controller only', () => {
    const { state, objects } = put(newGame('mtg'), 'battlefield:shared:0', [card('Morph')], {
      faceUp: false,
      ownerId: 'p0',
    });
    expect(canSee(MTG, state, P0, objects[0]!)).toBe(true);
    expect(canSee(MTG, state, P1, objects[0]!)).toBe(false);
  });

  it('407 ante zone is created on demand', () => {
    const p = ok(newGame('mtg'), { kind: 'createZone', type: 'ante', ownerId: null });
    expect(p.state.zones.some((z) => z.type === 'ante')).toBe(true);
    expect(newGame('mtg').zones.some((z) => z.type === 'ante')).toBe(false);
  });

  it('a non-empty MTG zone cannot be removed', () => {
    const { state } = put(newGame('mtg'), hand('p0'), [card('a')]);
    rejected(state, { kind: 'removeZone', zoneId: hand('p0') }, 'ZONE_NOT_EMPTY');
  });

  it('400.7 an attached object stays unattached when its host changes zones; an Aura goes to its owner graveyard', () => {
    const g = put(newGame('mtg'), 'battlefield:shared:0', [card('Host', ['creature'])], { ownerId: 'p0' });
    const h = put(
      g.state,
      'hand:p1:0',
      [card('Sword', ['artifact'], ['equipment']), card('Aura', ['enchantment'], ['aura'])],
      {
        ownerId: 'p1',
      },
    );
    const a = ok(h.state, attachIds(ids(h.objects), g.objects[0]!.publicId, 'effect'));
    const p = ok(a.state, moveIds([g.objects[0]!.publicId], hand('p0'), 'effect'));
    const sword = byKey(p.state, h.objects[0]!.key)!;
    const aura = byKey(p.state, h.objects[1]!.key)!;
    expect(zoneObjects(p.state, hand('p0')).map((o) => o.key)).toEqual([g.objects[0]!.key]);
    expect(sword.zoneId).toBe('battlefield:shared:0');
    expect(sword.hostKey).toBeNull();
    expect(aura.zoneId).toBe(gy('p1'));
    expect(aura.hostKey).toBeNull();
    expect(p.events[0]!.rules).toEqual(expect.arrayContaining(['MTG 400.7', 'MTG 704.5m']));
    expect(p.state.objects.filter((o) => o.zoneId === hand('p0'))).toHaveLength(1);
  });

  it('400.7 a face-down attached object is not treated as an Aura: the outcome does not depend on what others cannot see', () => {
    const g = put(newGame('mtg'), 'battlefield:shared:0', [card('Host', ['creature'])], { ownerId: 'p0' });
    const h = put(g.state, 'hand:p1:0', [card('Aura', ['enchantment'], ['aura'])], { ownerId: 'p1' });
    const a = ok(h.state, attachIds(ids(h.objects), g.objects[0]!.publicId, 'effect'));
    const down = ok(a.state, {
      kind: 'turnFace',
      select: { kind: 'ids', ids: [byKey(a.state, h.objects[0]!.key)!.publicId] },
      faceUp: false,
    });
    const p = ok(down.state, moveIds([g.objects[0]!.publicId], hand('p0'), 'effect'));
    const aura = byKey(p.state, h.objects[0]!.key)!;
    expect(aura.zoneId).toBe('battlefield:shared:0');
    expect(aura.hostKey).toBeNull();
    expect(p.events[0]!.rules).not.toContain('MTG 704.5m');
  });

  it('400.3 an object is never hosted in a hidden zone or another player zone', () => {
    const g = put(newGame('mtg'), hand('p0'), [card('Host', ['creature'])]);
    const h = put(g.state, hand('p1'), [card('Aura', ['enchantment'], ['aura'])]);
    const r = rejected(h.state, attachIds(ids(h.objects), g.objects[0]!.publicId, 'effect'), 'NOT_ADMITTED');
    expect(r.rule).toBe('MTG 303.4');
  });

  it('400.12 an action on a zone acts on every card in it; the zone itself is unaffected', () => {
    const g = put(newGame('mtg'), hand('p0'), [card('a'), card('b'), card('c')]);
    const p = ok(g.state, {
      kind: 'moveObjects',
      select: { kind: 'top', zoneId: hand('p0'), count: 3 },
      to: { kind: 'zone', zoneId: lib('p0') },
      placement: { kind: 'top' },
      by: 'effect',
    });
    const q = ok(p.state, { kind: 'shuffle', zoneId: lib('p0') });
    expect(zoneObjects(q.state, lib('p0'))).toHaveLength(3);
    expect(q.state.zones).toEqual(g.state.zones);
    expect(q.events[0]!.rules).toContain('MTG 400.12');
  });
});
