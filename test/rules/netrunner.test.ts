import { describe, expect, it } from 'vitest';
import { canSee, positionOf, redactEvent, viewGame } from '../../src/rules/index.js';
import { attachIds, byKey, card, ids, moveIds, newGame, ok, put, rejected, spec } from './helpers.js';

const NR = spec('netrunner');
const P0 = { kind: 'player', playerId: 'p0' } as const;
const P1 = { kind: 'player', playerId: 'p1' } as const;

describe('Netrunner zones', () => {
  it('rule_zone_types 8 zone types', () => {
    expect(NR.zoneTypes.map((t) => t.type).sort()).toEqual(
      ['bank', 'deck', 'discard', 'hand', 'play', 'removed', 'score', 'setAside'].sort(),
    );
  });

  it('rule_player_zones deck, hand, discard, score per player; the rest shared', () => {
    const g = newGame('netrunner');
    expect(
      g.zones
        .filter((z) => z.ownerId === 'p0')
        .map((z) => z.type)
        .sort(),
    ).toEqual(['deck', 'discard', 'hand', 'score']);
    expect(
      g.zones
        .filter((z) => z.ownerId === null)
        .map((z) => z.type)
        .sort(),
    ).toEqual(['bank', 'play', 'removed', 'setAside']);
  });

  it('rule_public_zone rule_hidden_zone rule_secret_zone visibility', () => {
    const vis = Object.fromEntries(NR.zoneTypes.map((t) => [t.type, t.visibility]));
    expect(vis).toEqual({
      deck: 'hidden',
      hand: 'secret',
      discard: 'public',
      score: 'public',
      play: 'public',
      bank: 'public',
      setAside: 'public',
      removed: 'public',
    });
  });

  it('rule_deck_hidden the deck is hidden even from its owner', () => {
    const { state, objects } = put(newGame('netrunner'), 'deck:p0:0', [card('Hedge Fund')]);
    expect(canSee(NR, state, P0, objects[0]!)).toBe(false);
  });

  it('rule_secret_zone the hand is visible only to its owner', () => {
    const { state, objects } = put(newGame('netrunner'), 'hand:p0:0', [card('Hedge Fund')]);
    expect(canSee(NR, state, P0, objects[0]!)).toBe(true);
    expect(canSee(NR, state, P1, objects[0]!)).toBe(false);
  });

  it('rule_card_in_one_zone a moved card is in exactly one zone', () => {
    const { state, objects } = put(newGame('netrunner'), 'hand:p0:0', [card('a')]);
    const p = ok(state, moveIds(ids(objects), 'play:shared:0', 'rule'));
    expect(p.state.objects.filter((o) => o.key === objects[0]!.key)).toHaveLength(1);
  });

  it('rule_reveal_from_hidden a facedown card moved by an effect requiring an attribute is revealed first', () => {
    const { state, objects } = put(
      newGame('netrunner'),
      'discard:p0:0',
      [card('Fast Break', ['operation'])],
      { faceUp: false },
    );
    const p = ok(state, moveIds(ids(objects), 'hand:p0:0', 'effect', { requiresAttribute: true }));
    expect(p.events.map((e) => e.kind)).toEqual(['REVEALED', 'OBJECTS_MOVED']);
    expect(p.events[0]!.rules).toContain('NR rule_reveal_from_hidden');
    const v = redactEvent(NR, p.events[0]!, P1);
    expect(v.changes.some((c) => c.object?.card?.name === 'Fast Break')).toBe(true);
    // Without the option nothing is revealed.
    const q = ok(state, moveIds(ids(objects), 'hand:p0:0', 'effect'));
    expect(q.events.map((e) => e.kind)).toEqual(['OBJECTS_MOVED']);
  });

  it('rule_reveal_from_hidden a card from the deck is revealed first', () => {
    const { state } = put(newGame('netrunner'), 'deck:p0:0', [card('a'), card('b')]);
    const p = ok(state, {
      kind: 'moveObjects',
      select: { kind: 'top', zoneId: 'deck:p0:0', count: 1 },
      to: { kind: 'zone', zoneId: 'hand:p0:0' },
      placement: { kind: 'top' },
      by: 'effect',
      requiresAttribute: true,
    });
    expect(p.events[0]!.kind).toBe('REVEALED');
  });

  it('rule_deck_location location in a deck is the distance from the top', () => {
    const { state, objects } = put(newGame('netrunner'), 'deck:p0:0', [card('a'), card('b'), card('c')]);
    expect(objects.map((o) => positionOf(state, o))).toEqual([0, 1, 2]);
  });

  it('rule_deck_size_open_information deck count is open to all', () => {
    const { state } = put(newGame('netrunner'), 'deck:p0:0', [card('a'), card('b')]);
    const v = viewGame(NR, state, { kind: 'spectator' });
    const deck = v.zones.find((z) => z.id === 'deck:p0:0')!;
    expect(deck.count).toBe(2);
    expect(deck.objects.every((o) => o.card === null)).toBe(true);
  });

  it('rule_deck_ordered the deck order is kept unless an effect directs otherwise', () => {
    const { state, objects } = put(newGame('netrunner'), 'deck:p0:0', [card('a'), card('b')]);
    const r = rejected(
      state,
      {
        kind: 'reorder',
        zoneId: 'deck:p0:0',
        order: [objects[1]!.publicId, objects[0]!.publicId],
        by: 'rule',
      },
      'ORDER_LOCKED',
    );
    expect(r.rule).toBe('NR rule_deck_ordered');
    ok(state, {
      kind: 'reorder',
      zoneId: 'deck:p0:0',
      order: [objects[1]!.publicId, objects[0]!.publicId],
      by: 'effect',
    });
  });

  it('rule_deck_name rule_rnd_name rule_stack_name R&D for the Corp, Stack for the Runner', () => {
    const v = viewGame(NR, newGame('netrunner'), P0);
    expect(v.zones.find((z) => z.id === 'deck:p0:0')?.name).toBe('R&D');
    expect(v.zones.find((z) => z.id === 'deck:p1:0')?.name).toBe('Stack');
  });

  it('rule_hosted_object_location a hosted object is located on its host', () => {
    const g = put(newGame('netrunner'), 'play:shared:0', [card('Host')], { ownerId: 'p1' });
    const h = put(g.state, 'hand:p1:0', [card('Virus')], { ownerId: 'p1' });
    const p = ok(h.state, attachIds(ids(h.objects), g.objects[0]!.publicId, 'effect'));
    const hosted = byKey(p.state, h.objects[0]!.key)!;
    expect(hosted.hostKey).toBe(g.objects[0]!.key);
    expect(positionOf(p.state, hosted)).toBeNull();
    const v = viewGame(NR, p.state, P0).zones.find((z) => z.id === 'play:shared:0')!;
    expect(v.count).toBe(1);
    expect(v.objects.find((o) => o.id === hosted.publicId)?.hostId).toBe(g.objects[0]!.publicId);
  });

  it('rule_hosted_object_location a host leaving play sends its hosted cards to their owner discard pile', () => {
    const g = put(newGame('netrunner'), 'play:shared:0', [card('Ice Wall', ['ice']), card('Other')], {
      ownerId: 'p0',
    });
    const h = put(g.state, 'hand:p1:0', [card('Parasite', ['program'])], { ownerId: 'p1' });
    const a = ok(h.state, attachIds(ids(h.objects), g.objects[0]!.publicId, 'effect'));
    // Within the play area the hosted card stays on its host.
    const moved = ok(a.state, {
      kind: 'moveObjects',
      select: { kind: 'ids', ids: [g.objects[0]!.publicId] },
      to: { kind: 'zone', zoneId: 'play:shared:0' },
      placement: { kind: 'bottom' },
      by: 'effect',
    });
    expect(byKey(moved.state, h.objects[0]!.key)!.hostKey).toBe(g.objects[0]!.key);
    // Into R&D: the program goes to the Runner's Heap; R&D holds only the ICE, with a position.
    const p = ok(moved.state, moveIds([g.objects[0]!.publicId], 'deck:p0:0', 'effect'));
    const program = byKey(p.state, h.objects[0]!.key)!;
    expect(program.zoneId).toBe('discard:p1:0');
    expect(program.hostKey).toBeNull();
    expect(p.state.objects.filter((o) => o.zoneId === 'deck:p0:0')).toHaveLength(1);
    expect(p.events[0]!.rules).toContain('NR rule_hosted_object_location');
    // A hosted card is never put into a hidden or secret zone by hosting.
    const hidden = put(newGame('netrunner'), 'hand:p0:0', [card('Agenda')]);
    const r = rejected(
      put(hidden.state, 'hand:p1:0', [card('Virus')]).state,
      {
        kind: 'attach',
        select: { kind: 'top', zoneId: 'hand:p1:0', count: 1 },
        hostId: hidden.objects[0]!.publicId,
        by: 'effect',
      },
      'NOT_ADMITTED',
    );
    expect(r.rule).toBe('NR rule_hosted_object_location');
  });

  it('rule_outside_game cards come from outside the game and leave it', () => {
    const p = ok(newGame('netrunner'), {
      kind: 'bringIntoGame',
      cards: [card('Extra')],
      ownerId: 'p1',
      to: { kind: 'zone', zoneId: 'hand:p1:0' },
      placement: { kind: 'top' },
    });
    expect(p.events[0]!.rules).toContain('NR rule_outside_game');
    const q = ok(p.state, { kind: 'removeFromGame', select: { kind: 'top', zoneId: 'hand:p1:0', count: 1 } });
    expect(q.state.objects).toHaveLength(0);
  });

  it('rule_move_instantaneous public to public keeps the same id', () => {
    const { state, objects } = put(newGame('netrunner'), 'play:shared:0', [card('a')]);
    const p = ok(state, moveIds(ids(objects), 'discard:p0:0', 'rule'));
    expect(byKey(p.state, objects[0]!.key)?.publicId).toBe(objects[0]!.publicId);
    expect(p.events[0]!.transitions).toHaveLength(1);
  });

  it('NR has no stack: addLayer is rejected', () => {
    rejected(
      newGame('netrunner'),
      { kind: 'addLayer', card: card('x'), controllerId: 'p0' },
      'UNKNOWN_ZONE_TYPE',
    );
  });
});
