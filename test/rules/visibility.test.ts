import { describe, expect, it } from 'vitest';
import {
  canSee,
  canSeeSnapshot,
  contextOf,
  redactEvent,
  viewGame,
  viewObject,
  type Viewer,
} from '../../src/rules/index.js';
import { byKey, card, ids, moveIds, newGame, ok, put, spec } from './helpers.js';

const MTG = spec('mtg');
const FAB = spec('fab');
const P0: Viewer = { kind: 'player', playerId: 'p0' };
const P1: Viewer = { kind: 'player', playerId: 'p1' };
const SPEC: Viewer = { kind: 'spectator' };
const ADMIN: Viewer = { kind: 'admin' };

describe('visibility and redaction', () => {
  it('canSee: admin sees all, spectators only public or revealed to all', () => {
    const { state, objects } = put(newGame('mtg'), 'hand:p0:0', [card('a')]);
    expect(canSee(MTG, state, ADMIN, objects[0]!)).toBe(true);
    expect(canSee(MTG, state, SPEC, objects[0]!)).toBe(false);
    const r = ok(state, { kind: 'reveal', select: { kind: 'ids', ids: ids(objects) }, to: 'all' });
    expect(canSee(MTG, r.state, SPEC, r.state.objects[0]!)).toBe(true);
  });

  it('reveal to one player shows the card to that player only and re-mints the id', () => {
    const { state, objects } = put(newGame('mtg', 3), 'hand:p0:0', [card('a')]);
    const r = ok(state, { kind: 'reveal', select: { kind: 'ids', ids: ids(objects) }, to: ['p1'] });
    const o = r.state.objects[0]!;
    expect(canSee(MTG, r.state, P1, o)).toBe(true);
    expect(canSee(MTG, r.state, { kind: 'player', playerId: 'p2' }, o)).toBe(false);
    expect(o.publicId).not.toBe(objects[0]!.publicId);
  });

  it('canSeeSnapshot decides from the object and its context alone', () => {
    const { state, objects } = put(newGame('fab'), 'hand:p0:0', [card('a', ['action'])]);
    const snap = { obj: objects[0]!, context: contextOf(FAB, state, objects[0]!) };
    expect(canSeeSnapshot(FAB, P0, snap)).toBe(true);
    expect(canSeeSnapshot(FAB, P1, snap)).toBe(false);
  });

  it('viewObject hides card, history and key from viewers who may not see it', () => {
    const { state, objects } = put(newGame('mtg'), 'hand:p0:0', [card('Secret')]);
    const v = viewObject(MTG, state, P1, objects[0]!);
    expect(v.card).toBeNull();
    expect(v.history).toBeNull();
    expect(v.key).toBeNull();
    expect(viewObject(MTG, state, P0, objects[0]!).card?.name).toBe('Secret');
    expect(viewObject(MTG, state, ADMIN, objects[0]!).key).toBe(objects[0]!.key);
  });

  it('viewGame layers: stack objects carry layer numbers N..1', () => {
    let s = newGame('fab');
    s = ok(s, { kind: 'addLayer', card: card('A'), controllerId: 'p0' }).state;
    s = ok(s, { kind: 'addLayer', card: card('B'), controllerId: 'p0' }).state;
    const stack = viewGame(FAB, s, SPEC).zones.find((z) => z.type === 'stack')!;
    expect(stack.objects.map((o) => [o.card?.name, o.position, o.layer])).toEqual([
      ['B', 0, 2],
      ['A', 1, 1],
    ]);
  });

  it('redactEvent: a draw is unlinked for the opponent and carries no card', () => {
    const { state } = put(newGame('mtg'), 'library:p0:0', [card('Drawn'), card('Other')]);
    const p = ok(state, {
      kind: 'moveObjects',
      select: { kind: 'top', zoneId: 'library:p0:0', count: 1 },
      to: { kind: 'zone', zoneId: 'hand:p0:0' },
      placement: { kind: 'top' },
      by: 'rule',
    });
    const opp = redactEvent(MTG, p.events[0]!, P1);
    expect(opp.changes).toHaveLength(2);
    expect(opp.changes[0]).toMatchObject({ objectId: null, fromZoneId: 'library:p0:0', object: null });
    expect(opp.changes[1]).toMatchObject({ previousId: null, toZoneId: 'hand:p0:0' });
    expect(opp.changes[1]!.object?.card).toBeNull();
    expect(JSON.stringify(opp)).not.toContain('Drawn');
    const own = redactEvent(MTG, p.events[0]!, P0);
    expect(own.changes[1]!.object?.card?.name).toBe('Drawn');
    expect(own.changes.every((c) => c.object === null || c.object.key === null)).toBe(true);
  });

  it('redactEvent: a change seen on both sides is one linked change listed first', () => {
    const { state, objects } = put(newGame('netrunner'), 'play:shared:0', [card('a')]);
    const p = ok(state, moveIds(ids(objects), 'discard:p0:0', 'rule'));
    const v = redactEvent(spec('netrunner'), p.events[0]!, P1);
    expect(v.changes).toEqual([
      expect.objectContaining({
        previousId: objects[0]!.publicId,
        objectId: objects[0]!.publicId,
        fromZoneId: 'play:shared:0',
        toZoneId: 'discard:p0:0',
      }),
    ]);
  });

  it('redactEvent: unlinked entries are sorted by id so order links nothing', () => {
    const { state, objects } = put(newGame('mtg'), 'hand:p0:0', [card('a'), card('b'), card('c')]);
    const p = ok(state, moveIds(ids(objects), 'library:p0:0', 'effect'));
    const v = redactEvent(MTG, p.events[0]!, P1);
    const left = v.changes.filter((c) => c.objectId === null).map((c) => c.previousId!);
    const arrived = v.changes.filter((c) => c.previousId === null).map((c) => c.objectId!);
    expect(left).toEqual([...left].sort());
    expect(arrived).toEqual([...arrived].sort());
  });

  it('redactEvent: stored events without contexts reveal nothing to non-admins', () => {
    const { state, objects } = put(newGame('mtg'), 'battlefield:shared:0', [card('Public')]);
    const p = ok(state, { kind: 'turnFace', select: { kind: 'ids', ids: ids(objects) }, faceUp: false });
    const e = p.events[0]!;
    const bare = {
      ...e,
      transitions: e.transitions.map((t) => ({ before: t.before, after: t.after, newObject: t.newObject })),
    };
    const v = redactEvent(MTG, bare, SPEC);
    expect(JSON.stringify(v)).not.toContain('Public');
  });

  it('shuffle re-mints every hidden object and keeps visible ones', () => {
    const { state, objects } = put(newGame('mtg'), 'library:p0:0', [
      card('a'),
      card('b'),
      card('c'),
      card('d'),
    ]);
    const p = ok(state, { kind: 'shuffle', zoneId: 'library:p0:0' });
    for (const o of objects) expect(byKey(p.state, o.key)!.publicId).not.toBe(o.publicId);
    const g = put(newGame('mtg'), 'graveyard:p0:0', [card('a'), card('b')]);
    const q = ok(g.state, { kind: 'shuffle', zoneId: 'graveyard:p0:0' });
    for (const o of g.objects) expect(byKey(q.state, o.key)!.publicId).toBe(o.publicId);
  });

  it('turning a card face down in a public zone re-mints its id (viewers lose sight)', () => {
    const { state, objects } = put(newGame('mtg'), 'battlefield:shared:0', [card('a')]);
    const p = ok(state, { kind: 'turnFace', select: { kind: 'ids', ids: ids(objects) }, faceUp: false });
    expect(byKey(p.state, objects[0]!.key)!.publicId).not.toBe(objects[0]!.publicId);
  });
});
