/**
 * What a move's planning reads of the game as it found it and as it names it: an event's
 * transitions start from the objects as the event opened on them (`openEvent`,
 * `src/rules/planner/draft-event.ts`), whichever way the plan changed each one since (written, or
 * only touched and then given a new public id by the identity policy as the event closes), with
 * their positions before and after; and the seat policy finds the objects a move names by id, by
 * scanning for the first few and through an index past them (`Policy`, `src/rules/policy.ts`).
 */
import { describe, expect, it } from 'vitest';
import { seatMayMake, zoneObjects, type Move } from '../../src/rules/index.js';
import { byKey, card, newGame, ok, put, spec, testCtx } from './helpers.js';

describe('an event starts from the objects as it found them', () => {
  it('a shuffle of a hidden zone records every object once, from its place before, re-minted', () => {
    // Eight seeds: in some of them a card lands in its own slot, is only touched, and gets its new
    // public id when the event closes: its transition must still start from the card as it was.
    let keptPlace = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const { state, objects } = put(
        newGame('mtg'),
        'library:p0:0',
        Array.from({ length: 6 }, (_, i) => card(`c${i}`)),
      );
      const plan = ok(state, { kind: 'shuffle', zoneId: 'library:p0:0' }, testCtx(null, seed));
      const [event] = plan.events;
      expect(plan.events).toHaveLength(1);
      expect(event!.transitions).toHaveLength(objects.length);
      for (const o of objects) {
        const t = event!.transitions.find((x) => x.before?.key === o.key);
        expect(t?.before).toBe(o);
        expect(t?.after).toBe(byKey(plan.state, o.key));
        expect(t?.after?.publicId).not.toBe(o.publicId);
        expect(t?.beforeContext?.position).toBe(objects.indexOf(o));
        const after = zoneObjects(plan.state, 'library:p0:0');
        expect(t?.afterContext?.position).toBe(after.findIndex((x) => x.key === o.key));
        if (t?.after?.sortKey === o.sortKey) keptPlace++;
      }
    }
    expect(keptPlace).toBeGreaterThan(0);
  });

  it('a move records the object as it was, and a created one with no before', () => {
    const { state, objects } = put(newGame('mtg'), 'hand:p0:0', [card('a'), card('b')]);
    const plan = ok(state, {
      kind: 'moveObjects',
      select: { kind: 'ids', ids: [objects[0]!.publicId] },
      to: { kind: 'zone', zoneId: 'graveyard:p0:0' },
      placement: { kind: 'top' },
      by: 'rule',
    });
    const [t] = plan.events[0]!.transitions;
    expect(plan.events[0]!.transitions).toHaveLength(1);
    expect(t!.before).toBe(objects[0]);
    expect(t!.after).toBe(byKey(plan.state, objects[0]!.key));
    expect(t!.beforeContext?.zone.id).toBe('hand:p0:0');
    expect(t!.afterContext?.zone.id).toBe('graveyard:p0:0');
  });
});

describe('the seat policy finds the objects a move names by id', () => {
  it('however many it names: the sixth, another seat’s hidden card, is refused as hidden', () => {
    const mine = put(
      newGame('mtg'),
      'hand:p0:0',
      ['a', 'b', 'c', 'd', 'e'].map((n) => card(n)),
    );
    const theirs = put(mine.state, 'hand:p1:0', [card('x')]);
    const named = [...mine.objects, ...theirs.objects].map((o) => o.publicId);
    const move: Move = {
      kind: 'moveObjects',
      select: { kind: 'ids', ids: named },
      to: { kind: 'zone', zoneId: 'graveyard:p0:0' },
      placement: { kind: 'top' },
      by: 'rule',
    };
    expect(seatMayMake(spec('mtg'), theirs.state, 'p0', move)?.reason).toBe('HIDDEN_OBJECT');
    // Its own five alone are its to move.
    expect(
      seatMayMake(spec('mtg'), theirs.state, 'p0', {
        ...move,
        select: { kind: 'ids', ids: named.slice(0, 5) },
      }),
    ).toBeNull();
  });
});
