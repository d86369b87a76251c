import { describe, expect, it } from 'vitest';
import { admitStartingLayout, canSee, isDeckCard, layerNumber, zoneObjects } from '../../src/rules/index.js';
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

const FAB = spec('fab');
const P0 = { kind: 'player', playerId: 'p0' } as const;
const P1 = { kind: 'player', playerId: 'p1' } as const;
const z = (type: string, owner = 'p0', index = 0) => `${type}:${owner}:${index}`;
const attack = () => card('Attack', ['action'], ['attack']);
const sword = () => card('Sword', ['weapon'], ['sword', '1H']);
const greatsword = () => card('Greatsword', ['weapon'], ['sword', '2H']);
const toZone = (zoneId: string) => ({ kind: 'zone', zoneId }) as const;
/** A move of the objects with these public ids into p0's arsenal, whichever arsenal zone is free. */
const toOwnArsenal = (publicIds: readonly string[], by: 'rule' | 'effect') =>
  ({
    kind: 'moveObjects',
    select: { kind: 'ids', ids: publicIds },
    to: { kind: 'type', type: 'arsenal', ownerId: 'p0' },
    placement: { kind: 'top' },
    by,
  }) as const;

describe('FAB zones', () => {
  it('sec:zones_general 15 zone types; per-player zones with two weapon zones; shared stack, permanent, combat chain', () => {
    expect(FAB.zoneTypes.map((t) => t.type).sort()).toEqual(
      [
        'arms',
        'arsenal',
        'banished',
        'chest',
        'combatChain',
        'deck',
        'graveyard',
        'hand',
        'head',
        'hero',
        'legs',
        'permanent',
        'pitch',
        'stack',
        'weapon',
      ].sort(),
    );
    const g = newGame('fab');
    expect(g.zones.filter((x) => x.type === 'weapon' && x.ownerId === 'p0')).toHaveLength(2);
    expect(
      g.zones
        .filter((x) => x.ownerId === null)
        .map((x) => x.type)
        .sort(),
    ).toEqual(['combatChain', 'permanent', 'stack']);
  });

  it('sec:zones_general public and private zones', () => {
    const priv = FAB.zoneTypes
      .filter((t) => t.visibility !== 'public')
      .map((t) => t.type)
      .sort();
    expect(priv).toEqual(['arsenal', 'deck', 'hand']);
  });

  it('rule:arena arena zones and the arena destination resolves to the permanent zone', () => {
    expect(
      FAB.zoneTypes
        .filter((t) => t.arena)
        .map((t) => t.type)
        .sort(),
    ).toEqual(['arms', 'chest', 'combatChain', 'head', 'hero', 'legs', 'permanent', 'weapon']);
    const { state, objects } = put(newGame('fab'), z('hand'), [card('Aura', ['action'], ['aura'])]);
    const p = ok(state, {
      kind: 'moveObjects',
      select: { kind: 'ids', ids: ids(objects) },
      to: { kind: 'type', type: 'arena', ownerId: null },
      placement: { kind: 'top' },
      by: 'effect',
    });
    expect(byKey(p.state, objects[0]!.key)?.zoneId).toBe('permanent:shared:0');
    expect(p.events[0]!.rules).toContain('FAB rule:arena');
  });

  it('rule:object_visibility a face-down banished card is private to the opponent, visible to its owner', () => {
    const { state, objects } = put(newGame('fab'), z('hand'), [attack()]);
    const p = ok(state, moveIds(ids(objects), z('banished'), 'effect', { faceUp: false }));
    const o = byKey(p.state, objects[0]!.key)!;
    expect(canSee(FAB, p.state, P0, o)).toBe(true);
    expect(canSee(FAB, p.state, P1, o)).toBe(false);
  });

  it('sec:deck_zone a player cannot look at their own deck', () => {
    const { state, objects } = put(newGame('fab'), z('deck'), [attack()]);
    expect(canSee(FAB, state, P0, objects[0]!)).toBe(false);
    const h = put(state, z('hand'), [attack()]);
    expect(canSee(FAB, h.state, P0, h.objects[0]!)).toBe(true);
    expect(canSee(FAB, h.state, P1, h.objects[0]!)).toBe(false);
  });

  it('rule:object_visibility a public object in a private zone is seen by all', () => {
    const { state, objects } = put(newGame('fab'), z('deck'), [attack()]);
    const p = ok(state, moveIds(ids(objects), z('arsenal'), 'effect', { faceUp: true }));
    expect(canSee(FAB, p.state, P1, byKey(p.state, objects[0]!.key)!)).toBe(true);
  });

  it('sec:arms_zone equipment zones take one object of the right subtype', () => {
    const { state, objects } = put(newGame('fab'), z('hand'), [
      card('Gloves', ['equipment'], ['arms']),
      card('Helm', ['equipment'], ['head']),
    ]);
    ok(state, moveIds([objects[0]!.publicId], z('arms'), 'effect'));
    const r = rejected(state, moveIds([objects[1]!.publicId], z('arms'), 'effect'), 'MOVE_FAILED');
    expect(r.rule).toBe('FAB sec:arms_zone');
  });

  it('sec:weapon_zone a weapon zone holds one weapon, off-hand or quiver', () => {
    const { state, objects } = put(newGame('fab'), 'permanent:shared:0', [
      sword(),
      card('Shield', ['equipment'], ['off-hand']),
      attack(),
    ]);
    const p = ok(state, moveIds([objects[0]!.publicId], z('weapon'), 'effect'));
    rejected(p.state, moveIds([objects[1]!.publicId], z('weapon'), 'effect'), 'MOVE_FAILED');
    ok(p.state, moveIds([objects[1]!.publicId], z('weapon', 'p0', 1), 'effect'));
    const r = rejected(state, moveIds([objects[2]!.publicId], z('weapon'), 'effect'), 'MOVE_FAILED');
    expect(r.rule).toBe('FAB sec:weapon_zone');
  });

  it('rule:2h_subtype a 2H weapon occupies both weapon zones', () => {
    const { state, objects } = put(newGame('fab'), 'permanent:shared:0', [greatsword(), sword()]);
    const p = ok(state, moveIds([objects[0]!.publicId], z('weapon'), 'effect'));
    const r = rejected(
      p.state,
      moveIds([objects[1]!.publicId], z('weapon', 'p0', 1), 'effect'),
      'MOVE_FAILED',
    );
    expect(r.rule).toBe('FAB rule:2h_subtype');
    const q = ok(state, moveIds([objects[1]!.publicId], z('weapon', 'p0', 1), 'effect'));
    rejected(q.state, moveIds([objects[0]!.publicId], z('weapon'), 'effect'), 'MOVE_FAILED');
  });

  it('sec:hero_zone hero zone holds one hero card; the soul is its sub-cards', () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [card('Hero', ['hero']), card('Light', ['action'])]);
    const p = ok(g.state, moveIds([g.objects[0]!.publicId], z('hero'), 'rule'));
    const hero = byKey(p.state, g.objects[0]!.key)!;
    const soul = ok(p.state, attachIds([g.objects[1]!.publicId], hero.publicId, 'effect'));
    const sub = byKey(soul.state, g.objects[1]!.key)!;
    expect(sub.hostKey).toBe(hero.key);
    expect(sub.zoneId).toBe(z('hero'));
    expect(zoneObjects(soul.state, z('hero'))).toHaveLength(1);
    const h2 = put(soul.state, 'permanent:shared:0', [card('Hero 2', ['hero'])]);
    rejected(h2.state, moveIds(ids(h2.objects), z('hero'), 'effect'), 'MOVE_FAILED');
  });

  it('sec:arsenal_zone an effect putting a card into a full arsenal fails', () => {
    const g = put(newGame('fab'), z('arsenal'), [attack()]);
    const h = put(g.state, z('hand'), [attack()]);
    const r = rejected(h.state, toOwnArsenal(ids(h.objects), 'effect'), 'MOVE_FAILED');
    expect(r.rule).toBe('FAB sec:arsenal_zone');
  });

  it('sec:arsenal_zone a card moves into one of the empty arsenal zones', () => {
    const g = put(newGame('fab'), z('arsenal'), [attack()]);
    const extra = ok(g.state, { kind: 'createZone', type: 'arsenal', ownerId: 'p0' });
    const h = put(extra.state, z('hand'), [attack()]);
    const p = ok(h.state, toOwnArsenal(ids(h.objects), 'effect'));
    const second = p.state.zones.find((x) => x.type === 'arsenal' && x.ownerId === 'p0' && x.index === 1)!;
    expect(byKey(p.state, h.objects[0]!.key)?.zoneId).toBe(second.id);
  });

  it("sec:arsenal_zone only the owner's deck-cards", () => {
    const g = put(newGame('fab'), z('hand', 'p1'), [attack()], { ownerId: 'p1' });
    rejected(g.state, moveIds(ids(g.objects), z('arsenal'), 'effect'), 'MOVE_FAILED');
  });

  it('rule:clear_definition a rule moving an object to an impossible zone clears it to the graveyard', () => {
    const g = put(newGame('fab'), z('arsenal'), [attack()]);
    const h = put(g.state, z('hand'), [attack()]);
    const p = ok(h.state, moveIds(ids(h.objects), z('arsenal'), 'rule'));
    expect(byKey(p.state, h.objects[0]!.key)?.zoneId).toBe(z('graveyard'));
    expect(p.events.at(-1)?.kind).toBe('OBJECTS_CLEARED');
  });

  it('rule:clear_definition a rule moving to a zone that does not exist clears the object', () => {
    const g = put(newGame('fab'), z('hand'), [attack()]);
    const noArsenal = { ...g.state, zones: g.state.zones.filter((x) => x.type !== 'arsenal') };
    const p = ok(noArsenal, toOwnArsenal(ids(g.objects), 'rule'));
    expect(byKey(p.state, g.objects[0]!.key)?.zoneId).toBe(z('graveyard'));
    rejected(noArsenal, toOwnArsenal(ids(g.objects), 'effect'), 'MOVE_FAILED');
  });

  it('rule:clear_definition a token moved out of the arena ceases to exist', () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [card('Token', ['token'])], { kind: 'token' });
    const p = ok(g.state, moveIds(ids(g.objects), z('deck'), 'effect', { placement: { kind: 'bottom' } }));
    expect(p.state.objects).toHaveLength(0);
  });

  it('rule:flip_step a private card moving face up becomes public', () => {
    const g = put(newGame('fab'), z('deck'), [attack()]);
    const p = ok(g.state, {
      kind: 'moveObjects',
      select: { kind: 'top', zoneId: z('deck'), count: 1 },
      to: toZone(z('arsenal')),
      placement: { kind: 'top' },
      faceUp: true,
      by: 'effect',
    });
    expect(p.events[0]!.rules).toContain('FAB rule:flip_step');
    expect(canSee(FAB, p.state, P1, byKey(p.state, g.objects[0]!.key)!)).toBe(true);
  });

  it('rule:flip_step re-evaluated when the destination is replaced: revealed, then private again', () => {
    const g = put(newGame('fab'), z('hand'), [attack()]);
    const p = ok(
      g.state,
      moveIds(ids(g.objects), z('deck'), 'effect', {
        placement: { kind: 'bottom' },
        replacedFrom: toZone(z('graveyard')),
      }),
    );
    expect(p.events.map((e) => e.kind)).toEqual(['REVEALED', 'OBJECTS_MOVED']);
    expect(p.events[0]!.rules).toEqual(['FAB rule:flip_step']);
    expect(p.events[0]!.transitions[0]!.after?.revealedTo).toBe('all');
    const after = byKey(p.state, g.objects[0]!.key)!;
    expect(after.revealedTo).toEqual([]);
    expect(canSee(FAB, p.state, P1, after)).toBe(false);
  });

  it('sec:zones_general same origin and destination: no move, only a visibility change', () => {
    const g = put(newGame('fab'), z('banished'), [attack()], { faceUp: false });
    const p = ok(
      g.state,
      moveIds(ids(g.objects), z('banished'), 'effect', { placement: { kind: 'bottom' } }),
    );
    expect(p.events[0]!.kind).toBe('NO_MOVE');
    const after = byKey(p.state, g.objects[0]!.key)!;
    expect(after.faceUp).toBe(true);
    expect(after.sortKey).toBe(g.objects[0]!.sortKey);
    expect(p.events[0]!.transitions[0]!.newObject).toBe(false);
  });

  it('rule:become_new_object arena to arena keeps the object and its id', () => {
    const g = put(newGame('fab'), 'combatChain:shared:0', [attack()]);
    const p = ok(g.state, moveIds(ids(g.objects), 'permanent:shared:0', 'effect'));
    expect(byKey(p.state, g.objects[0]!.key)?.publicId).toBe(g.objects[0]!.publicId);
    expect(p.events[0]!.transitions[0]!.newObject).toBe(false);
  });

  it('rule:become_new_object entering a zone outside the arena resets and keeps history', () => {
    const g = put(newGame('fab'), 'combatChain:shared:0', [attack()]);
    const p = ok(g.state, moveIds(ids(g.objects), z('hand'), 'effect'));
    const t = p.events[0]!.transitions[0]!;
    expect(t.newObject).toBe(true);
    expect(t.after?.publicId).not.toBe(g.objects[0]!.publicId);
    expect(t.after?.history).toEqual([
      { fromZoneType: 'combatChain', toZoneType: 'hand', by: 'effect', reason: 'FAB rule:become_new_object' },
    ]);
  });

  it('rule:become_new_object a public object turned private resets', () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [card('Aura', ['action'], ['aura'])]);
    const p = ok(g.state, { kind: 'turnFace', select: { kind: 'ids', ids: ids(g.objects) }, faceUp: false });
    expect(p.events[0]!.transitions[0]!.newObject).toBe(true);
  });

  it('sec:zones_general several zones of a type: owner chooses (ZONE_REQUIRED) unless exactly one fits', () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [sword(), sword()]);
    const r = rejected(
      g.state,
      {
        kind: 'moveObjects',
        select: { kind: 'ids', ids: [g.objects[0]!.publicId] },
        to: { kind: 'type', type: 'weapon', ownerId: 'p0' },
        placement: { kind: 'top' },
        by: 'effect',
      },
      'ZONE_REQUIRED',
    );
    expect(r.rule).toMatch(/owner chooses/);
    const p = ok(g.state, moveIds([g.objects[0]!.publicId], z('weapon'), 'effect'));
    const q = ok(p.state, {
      kind: 'moveObjects',
      select: { kind: 'ids', ids: [g.objects[1]!.publicId] },
      to: { kind: 'type', type: 'weapon', ownerId: 'p0' },
      placement: { kind: 'top' },
      by: 'effect',
    });
    expect(byKey(q.state, g.objects[1]!.key)?.zoneId).toBe(z('weapon', 'p0', 1));
  });

  it('sec:zones_general a sole zone ceasing to exist clears its cards', () => {
    const g = put(newGame('fab'), z('arsenal'), [attack()]);
    const p = ok(g.state, { kind: 'removeZone', zoneId: z('arsenal') });
    expect(p.state.zones.some((x) => x.id === z('arsenal'))).toBe(false);
    expect(byKey(p.state, g.objects[0]!.key)?.zoneId).toBe(z('graveyard'));
  });

  it('sec:zones_general with several zones of the type an empty one ceases to exist first', () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [sword()]);
    const p = ok(g.state, moveIds(ids(g.objects), z('weapon'), 'effect'));
    const q = ok(p.state, { kind: 'removeZone', zoneId: z('weapon') });
    expect(q.state.zones.some((x) => x.id === z('weapon'))).toBe(true);
    expect(q.state.zones.some((x) => x.id === z('weapon', 'p0', 1))).toBe(false);
    const both = ok(p.state, moveIds([byKey(p.state, g.objects[0]!.key)!.publicId], z('weapon'), 'effect'));
    expect(both.state.zones).toHaveLength(p.state.zones.length);
  });

  it('sec:zones_general with several zones and none empty the chosen zone is cleared', () => {
    const g = put(newGame('fab'), z('weapon'), [sword()]);
    const h = put(g.state, z('weapon', 'p0', 1), [sword()]);
    const p = ok(h.state, { kind: 'removeZone', zoneId: z('weapon', 'p0', 1) });
    expect(byKey(p.state, h.objects[0]!.key)?.zoneId).toBe(z('graveyard'));
    expect(byKey(p.state, g.objects[0]!.key)?.zoneId).toBe(z('weapon'));
  });

  it('rule:under_definition sub-cards move with a top-card that stays the same object', () => {
    const g = put(newGame('fab'), 'combatChain:shared:0', [attack()]);
    const s = put(g.state, z('hand'), [attack()]);
    const a = ok(s.state, attachIds(ids(s.objects), g.objects[0]!.publicId, 'effect'));
    expect(a.events[0]!.transitions[0]!.newObject).toBe(true);
    const p = ok(a.state, moveIds([g.objects[0]!.publicId], 'permanent:shared:0', 'effect'));
    const sub = byKey(p.state, s.objects[0]!.key)!;
    expect(sub.zoneId).toBe('permanent:shared:0');
    expect(sub.hostKey).toBe(g.objects[0]!.key);
  });

  it('rule:under_definition a top-card that ceases to exist has its sub-cards cleared', () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [card('Token', ['token'])], { kind: 'token' });
    const s = put(g.state, z('hand'), [attack()]);
    const a = ok(s.state, attachIds(ids(s.objects), g.objects[0]!.publicId, 'effect'));
    const p = ok(a.state, { kind: 'removeFromGame', select: { kind: 'ids', ids: [g.objects[0]!.publicId] } });
    expect(byKey(p.state, s.objects[0]!.key)?.zoneId).toBe(z('graveyard'));
    const q = ok(a.state, moveIds([g.objects[0]!.publicId], z('graveyard'), 'rule'));
    expect(byKey(q.state, s.objects[0]!.key)?.zoneId).toBe(z('graveyard'));
    expect(byKey(q.state, g.objects[0]!.key)).toBeUndefined();
  });

  it('rule:under_definition sub-cards share the top-card visibility', () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [card('Host', ['action'], ['aura'])], {
      faceUp: false,
    });
    const s = put(g.state, z('hand'), [attack()]);
    const a = ok(s.state, attachIds(ids(s.objects), g.objects[0]!.publicId, 'effect'));
    expect(canSee(FAB, a.state, P1, byKey(a.state, s.objects[0]!.key)!)).toBe(false);
    const u = ok(a.state, {
      kind: 'turnFace',
      select: { kind: 'ids', ids: [g.objects[0]!.publicId] },
      faceUp: true,
    });
    expect(canSee(FAB, u.state, P1, byKey(u.state, s.objects[0]!.key)!)).toBe(true);
    expect(byKey(u.state, s.objects[0]!.key)!.hostKey).toBe(g.objects[0]!.key);
  });

  it('rule:become_new_object a top-card turned face down is new: sub-cards cleared, history kept', () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [card('Host', ['action'], ['aura'])]);
    const s = put(g.state, z('hand'), [attack()]);
    const a = ok(s.state, attachIds(ids(s.objects), g.objects[0]!.publicId, 'effect'));
    const d = ok(a.state, {
      kind: 'turnFace',
      select: { kind: 'ids', ids: [g.objects[0]!.publicId] },
      faceUp: false,
    });
    const sub = byKey(d.state, s.objects[0]!.key)!;
    expect(sub.hostKey).toBeNull();
    expect(sub.zoneId).toBe(z('graveyard'));
    const host = byKey(d.state, g.objects[0]!.key)!;
    expect(host.history.at(-1)).toEqual({
      fromZoneType: 'permanent',
      toZoneType: 'permanent',
      by: 'effect',
      reason: 'FAB rule:become_new_object',
    });
    expect(d.events[0]!.rules).toEqual(
      expect.arrayContaining(['FAB rule:become_new_object', 'FAB rule:under_definition']),
    );
  });

  it('sec:hero_zone starting layouts are admitted as moves admit them', () => {
    const at = (zoneId: string, c: ReturnType<typeof card>) => put(newGame('fab'), zoneId, [c]).state;
    expect(admitStartingLayout(FAB, at(z('hero'), card('Brute', ['action'])))).toMatchObject({
      code: 'NOT_ADMITTED',
      rule: 'FAB sec:hero_zone',
    });
    expect(admitStartingLayout(FAB, at(z('head'), card('Greaves', ['equipment'], ['legs'])))).toMatchObject({
      code: 'NOT_ADMITTED',
      rule: 'FAB sec:head_zone',
    });
    expect(admitStartingLayout(FAB, at(z('deck'), card('Rhinar', ['hero'])))).toMatchObject({
      code: 'NOT_ADMITTED',
      rule: 'FAB sec:deck_zone',
    });
    const two = put(
      put(newGame('fab'), z('weapon', 'p0', 1), [card('Sword', ['weapon'], ['1h'])]).state,
      z('weapon'),
      [card('Anothos', ['weapon'], ['2h'])],
    ).state;
    expect(admitStartingLayout(FAB, two)).toMatchObject({
      index: 1,
      code: 'ZONE_FULL',
      rule: 'FAB rule:2h_subtype',
    });
    expect(admitStartingLayout(FAB, at(z('hero'), card('Dorinthea', ['hero'])))).toBeNull();
  });

  it('sec:stack_zone layers are numbered N+1 on top and renumbered on removal', () => {
    let st = newGame('fab');
    for (const n of ['L1', 'L2', 'L3', 'L4'])
      st = ok(st, { kind: 'addLayer', card: card(n), controllerId: 'p0' }).state;
    const stack = () => zoneObjects(st, 'stack:shared:0');
    expect(stack().map((o) => [o.card.name, layerNumber(FAB, st, o)])).toEqual([
      ['L4', 4],
      ['L3', 3],
      ['L2', 2],
      ['L1', 1],
    ]);
    const l2 = stack().find((o) => o.card.name === 'L2')!;
    st = ok(st, { kind: 'removeLayer', layerId: l2.publicId, by: 'effect' }).state;
    expect(stack().map((o) => [o.card.name, layerNumber(FAB, st, o)])).toEqual([
      ['L4', 3],
      ['L3', 2],
      ['L1', 1],
    ]);
  });

  it('rule:clear_definition a card layer removed from the stack goes to its owner graveyard', () => {
    const g = put(newGame('fab'), 'stack:shared:0', [attack()], { ownerId: 'p1' });
    const p = ok(g.state, { kind: 'removeLayer', layerId: g.objects[0]!.publicId, by: 'effect' });
    expect(byKey(p.state, g.objects[0]!.key)?.zoneId).toBe(z('graveyard', 'p1'));
  });

  it('sec:zones_general zones of the effect controller when no owner is given', () => {
    const g = put(newGame('fab'), z('hand'), [attack()]);
    // A graveyard without an owner: the effect controller's, and without one no zone is named.
    const toGraveyard = {
      kind: 'moveObjects',
      select: { kind: 'ids', ids: ids(g.objects) },
      to: { kind: 'type', type: 'graveyard', ownerId: null },
      placement: { kind: 'top' },
      by: 'effect',
    } as const;
    const p = ok(g.state, toGraveyard, testCtx('p0'));
    expect(byKey(p.state, g.objects[0]!.key)?.zoneId).toBe(z('graveyard'));
    rejected(g.state, toGraveyard, 'ZONE_REQUIRED');
  });

  it("sec:graveyard_zone only its owner's cards", () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [attack()], { ownerId: 'p1' });
    rejected(g.state, moveIds(ids(g.objects), z('graveyard', 'p0'), 'effect'), 'MOVE_FAILED');
  });

  it('sec:chest_zone sec:head_zone sec:legs_zone equipment needs the matching subtype', () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [
      card('Chest', ['equipment'], ['chest']),
      card('Head', ['equipment'], ['head']),
      card('Legs', ['equipment'], ['legs']),
    ]);
    const [chest, head, legs] = g.objects as [
      (typeof g.objects)[0],
      (typeof g.objects)[0],
      (typeof g.objects)[0],
    ];
    const to = (o: typeof chest, zone: string) => moveIds([o.publicId], z(zone), 'effect');
    ok(g.state, to(chest, 'chest'));
    ok(g.state, to(head, 'head'));
    ok(g.state, to(legs, 'legs'));
    expect(rejected(g.state, to(head, 'chest'), 'MOVE_FAILED').rule).toBe('FAB sec:chest_zone');
    expect(rejected(g.state, to(legs, 'head'), 'MOVE_FAILED').rule).toBe('FAB sec:head_zone');
    expect(rejected(g.state, to(chest, 'legs'), 'MOVE_FAILED').rule).toBe('FAB sec:legs_zone');
  });

  it("sec:banished_zone only its owner's cards", () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [attack()], { ownerId: 'p1' });
    const r = rejected(g.state, moveIds(ids(g.objects), z('banished'), 'effect'), 'MOVE_FAILED');
    expect(r.rule).toBe('FAB sec:banished_zone');
    ok(g.state, moveIds(ids(g.objects), z('banished', 'p1'), 'effect'));
  });

  it("sec:deck_zone sec:hand_zone sec:pitch_zone only the owner's deck-cards", () => {
    const g = put(newGame('fab'), 'permanent:shared:0', [
      card('Hero', ['hero']),
      card('Helm', ['equipment'], ['head']),
    ]);
    for (const zone of ['deck', 'hand', 'pitch']) {
      const r = rejected(g.state, moveIds([g.objects[0]!.publicId], z(zone), 'effect'), 'MOVE_FAILED');
      expect(r.rule).toBe(`FAB sec:${zone}_zone`);
    }
    const other = put(newGame('fab'), z('graveyard', 'p1'), [attack()], { ownerId: 'p1' });
    rejected(other.state, moveIds(ids(other.objects), z('hand'), 'effect'), 'MOVE_FAILED');
    ok(other.state, moveIds(ids(other.objects), z('pitch', 'p1'), 'effect'));
  });

  it('rule:deck_card heroes, weapons, equipment and tokens are not deck-cards', () => {
    expect(isDeckCard({ ...put(newGame('fab'), z('hand'), [attack()]).objects[0]! })).toBe(true);
    for (const c of [card('Hero', ['hero']), sword(), card('Helm', ['equipment'], ['head'])]) {
      expect(isDeckCard(put(newGame('fab'), z('hand'), [c]).objects[0]!)).toBe(false);
    }
    expect(
      isDeckCard(put(newGame('fab'), 'permanent:shared:0', [attack()], { kind: 'token' }).objects[0]!),
    ).toBe(false);
  });

  it('sec:combat_chain_zone only cards and attack-proxies', () => {
    const g = put(
      newGame('fab'),
      'permanent:shared:0',
      [card('Token', ['token', 'action'], ['attack']), card('Proxy', ['attack-proxy'])],
      { kind: 'token' },
    );
    // Uzuri example: a token attacking card is on the combat chain (a token is a card with the token type).
    const chained = ok(g.state, moveIds(ids(g.objects), 'combatChain:shared:0', 'effect'));
    expect(zoneObjects(chained.state, 'combatChain:shared:0')).toHaveLength(2);
    // Then put on the bottom of its owner's deck: it ceases to exist first.
    const gone = ok(
      chained.state,
      moveIds([g.objects[0]!.publicId], z('deck'), 'effect', { placement: { kind: 'bottom' } }),
    );
    expect(byKey(gone.state, g.objects[0]!.key)).toBeUndefined();
    expect(gone.events[0]!.rules).toContain('FAB rule:clear_definition');
    // A token attack is created straight onto the chain as well.
    const made = ok(newGame('fab'), {
      kind: 'createToken',
      card: card('Token', ['token', 'action'], ['attack']),
      to: toZone('combatChain:shared:0'),
      placement: { kind: 'top' },
      ownerId: 'p0',
    });
    expect(zoneObjects(made.state, 'combatChain:shared:0')).toHaveLength(1);
  });

  it('sec:permanent_zone only permanents: a non-card layer leaving the stack ceases to exist', () => {
    const s = ok(newGame('fab'), { kind: 'addLayer', card: card('Trigger'), controllerId: 'p0' }).state;
    const layer = zoneObjects(s, 'stack:shared:0')[0]!;
    const p = ok(s, moveIds([layer.publicId], 'permanent:shared:0', 'effect'));
    expect(p.state.objects).toHaveLength(0);
    expect(p.events[0]!.rules).toContain('FAB rule:clear_definition');
  });

  it('rule:empty_exposed a zone does not cease to exist when it becomes empty', () => {
    const g = put(newGame('fab'), z('arsenal'), [attack()]);
    const p = ok(g.state, moveIds(ids(g.objects), z('hand'), 'effect'));
    expect(p.state.zones.some((x) => x.id === z('arsenal'))).toBe(true);
  });

  it('sec:deck_zone objects in the deck are face down in an ordered pile', () => {
    const g = put(newGame('fab'), z('hand'), [attack()]);
    const r = rejected(
      g.state,
      moveIds(ids(g.objects), z('deck'), 'effect', { faceUp: true }),
      'FACE_UP_NOT_ALLOWED',
    );
    expect(r.rule).toBe('FAB sec:deck_zone');
    const d = put(newGame('fab'), z('deck'), [attack(), attack()]);
    rejected(
      d.state,
      {
        kind: 'reorder',
        zoneId: z('deck'),
        order: [d.objects[1]!.publicId, d.objects[0]!.publicId],
        by: 'rule',
      },
      'ORDER_LOCKED',
    );
  });
});
