/**
 * The seat policy (`src/rules/permission.ts`) at the level of the pure rules layer, where thousands
 * of cases are cheap: for a seat, a state and its twin that differs only in what the seat cannot
 * see (the printed properties of other players' hidden cards, whatever their order) give the
 * same permission decision and, when permitted, the same plan as the seat sees it (the same
 * rejection, or the same events redacted for the seat). The API-level twin suite is test/twin.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSee,
  planWith,
  redactEvent,
  seatMayMake,
  type CardProps,
  type GameState,
  type Move,
  type ObjectState,
  type Selector,
} from '../../src/rules/index.js';
import { card, newGame, put, spec, testCtx, type BuiltinId } from './helpers.js';

const RUNS = Number(process.env['FC_RUNS'] ?? 100) * 10;

const TYPES: Record<BuiltinId, string[][]> = {
  mtg: [['Creature'], ['Instant'], ['Sorcery'], ['Land']],
  fab: [['Action'], ['Instant']],
  netrunner: [['Ice'], ['Agenda'], ['Program']],
};

/** Two players with cards in every zone of their own and in the shared zones, some face down. */
function table(ruleset: BuiltinId): GameState {
  let state = newGame(ruleset, 2);
  let n = 0;
  const s = spec(ruleset);
  for (const zone of state.zones) {
    const type = s.zoneTypes.find((t) => t.type === zone.type)!;
    if (type.isStack || (type.capacity !== null && type.capacity < 2)) continue;
    for (const owner of zone.ownerId === null ? ['p0', 'p1'] : [zone.ownerId]) {
      for (const faceUp of type.allowsFaceUp ? [true, false] : [false]) {
        const cards = [0, 1].map(() => card(`Card ${++n}`, TYPES[ruleset][n % TYPES[ruleset].length]!));
        state = put(state, zone.id, cards, { ownerId: owner, faceUp }).state;
      }
    }
  }
  return state;
}

/** The state with what `seat` cannot see of others changed: the printed properties at each hidden position. */
function twinOf(ruleset: BuiltinId, state: GameState, seat: string, salt: number): GameState {
  const s = spec(ruleset);
  const hidden = (o: ObjectState) =>
    o.ownerId !== seat && o.controllerId !== seat && !canSee(s, state, { kind: 'player', playerId: seat }, o);
  let k = salt;
  const objects = state.objects.map((o): ObjectState => {
    if (!hidden(o)) return o;
    k++;
    const props: CardProps = {
      name: `Twin ${k}`,
      types: TYPES[ruleset][k % TYPES[ruleset].length]!,
      subtypes: k % 2 ? ['attack'] : [],
      text: `text ${k}`,
      attributes: { k },
    };
    return { ...o, card: props };
  });
  // Hidden piles keep their ids at each position (the seat sees ids and positions), so a different
  // order of a pile is a different card at each position: the new properties above are that.
  return { ...state, objects };
}

/** A move the seat might send, built from ids and zones it can see listed. */
function moveArb(state: GameState): fc.Arbitrary<Move> {
  const ids = state.objects.map((o) => o.publicId);
  const zones = state.zones.map((z) => z.id);
  const players = state.players.map((p) => p.id);
  const select: fc.Arbitrary<Selector> = fc.oneof(
    fc.subarray(ids, { minLength: 1, maxLength: 2 }).map((xs): Selector => ({ kind: 'ids', ids: xs })),
    fc
      .record({
        kind: fc.constantFrom('top', 'bottom', 'random'),
        zoneId: fc.constantFrom(...zones),
        count: fc.integer({ min: 1, max: 2 }),
      })
      .map((x) => x as Selector),
  );
  const to = fc.constantFrom(...zones).map((zoneId) => ({ kind: 'zone' as const, zoneId }));
  const placement = fc.oneof(
    fc.constant({ kind: 'top' as const }),
    fc.constant({ kind: 'bottom' as const }),
    fc.integer({ min: 0, max: 100_000 }).map((index) => ({ kind: 'index' as const, index })),
  );
  const by = fc.constantFrom('rule' as const, 'effect' as const);
  return fc.oneof(
    fc.record({
      kind: fc.constant('moveObjects' as const),
      select,
      to,
      placement,
      by,
      requiresAttribute: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('turnFace' as const), select, faceUp: fc.boolean() }),
    fc.record({ kind: fc.constant('reveal' as const), select, to: fc.constant('all' as const) }),
    fc.record({ kind: fc.constant('endReveal' as const), select }),
    fc.record({ kind: fc.constant('shuffle' as const), zoneId: fc.constantFrom(...zones) }),
    fc.record({ kind: fc.constant('attach' as const), select, hostId: fc.constantFrom(...ids), by }),
    fc.record({ kind: fc.constant('detach' as const), select, to, placement, by }),
    fc.record({ kind: fc.constant('removeFromGame' as const), select }),
    fc.record({
      kind: fc.constant('bringIntoGame' as const),
      cards: fc.constant([card('Outside', ['Creature'])]),
      ownerId: fc.constantFrom(...players),
      to,
      placement,
    }),
    fc.record({ kind: fc.constant('removeZone' as const), zoneId: fc.constantFrom(...zones) }),
  ) as fc.Arbitrary<Move>;
}

/** What the seat observes of a decision: refused (and why), rejected (and why), or the events it sees. */
function observe(ruleset: BuiltinId, state: GameState, seat: string, move: Move): unknown {
  const s = spec(ruleset);
  const refused = seatMayMake(s, state, seat, move);
  if (refused) return { refused: refused.message };
  // Fresh ids counted from 1 for each decision, so twins mint the same ids.
  let n = 0;
  const planned = planWith(s, state, move, { ...testCtx(seat, 7), newId: () => `new${++n}` });
  if (!planned.ok) return { rejected: planned.rejection };
  return { events: planned.plan.events.map((e) => redactEvent(s, e, { kind: 'player', playerId: seat })) };
}

describe.each(['mtg', 'fab', 'netrunner'] as const)('seat policy: %s', (ruleset) => {
  const state = table(ruleset);

  it('decides from what the seat can see only: twins give the seat the same refusal, rejection or events', () => {
    let permitted = 0;
    fc.assert(
      fc.property(moveArb(state), fc.constantFrom('p0', 'p1'), fc.nat(), (move, seat, salt) => {
        const twin = twinOf(ruleset, state, seat, salt + 1);
        const a = observe(ruleset, state, seat, move);
        expect(observe(ruleset, twin, seat, move)).toEqual(a);
        if (!('refused' in (a as object))) permitted++;
      }),
      { numRuns: RUNS },
    );
    // The property is not vacuous: many of the generated moves were permitted and planned.
    expect(permitted).toBeGreaterThan(RUNS / 10);
  });

  it("refuses every move that touches another player's hidden card", () => {
    const s = spec(ruleset);
    const hiddenOfP1 = state.objects.filter(
      (o) => o.ownerId === 'p1' && !canSee(s, state, { kind: 'player', playerId: 'p0' }, o),
    );
    expect(hiddenOfP1.length).toBeGreaterThan(0);
    for (const o of hiddenOfP1) {
      const sel: Selector = { kind: 'ids', ids: [o.publicId] };
      for (const move of [
        { kind: 'reveal', select: sel, to: 'all' },
        { kind: 'turnFace', select: sel, faceUp: true },
        { kind: 'endReveal', select: sel },
        { kind: 'removeFromGame', select: sel },
        {
          kind: 'moveObjects',
          select: sel,
          to: { kind: 'zone', zoneId: o.zoneId },
          placement: { kind: 'top' },
          by: 'rule',
        },
        {
          kind: 'moveObjects',
          select: { kind: 'random', zoneId: o.zoneId, count: 1 },
          to: { kind: 'zone', zoneId: o.zoneId },
          placement: { kind: 'top' },
          by: 'effect',
        },
      ] as Move[])
        expect(seatMayMake(s, state, 'p0', move), JSON.stringify(move)).not.toBeNull();
    }
  });
});
