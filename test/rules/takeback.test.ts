/**
 * The takeback barrier (`src/rules/takeback.ts`): which of a seat's own last moves it may ask to
 * take back (IPG 1.4, "Backing Up": no profit from information gained). Cases by kind of event, and
 * a twin-world property: over random games, the barrier and its refusal are the same in a world
 * whose cards are all different, so a refusal tells nobody which hidden card is involved.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  startTable,
  takebackBarrier,
  takebackRefusal,
  type DomainEvent,
  type GameState,
  type LoggedEvent,
  type Move,
  type ObjectState,
  type RulesetId,
} from '../../src/rules/index.js';
import { card, LOADED_IDS, moveIds, newGame, ok, put, spec, testCtx } from './helpers.js';
import { pick, seedArb, toMove } from './move-generators.js';
import { builtinRulesets } from '../support/rulesets.js';

const MTG = spec('mtg');
const zone = (type: string, owner: string | null) => `${type}:${owner ?? 'shared'}:0`;

/** Alice (p0) with a library of three and a hand of one; Bob (p1) with a hand of one. */
function table() {
  let s = newGame('mtg');
  const lib = put(s, zone('library', 'p0'), [card('A'), card('B'), card('C')]);
  s = lib.state;
  const hand = put(s, zone('hand', 'p0'), [card('Forest', ['Land'])]);
  s = hand.state;
  const bob = put(s, zone('hand', 'p1'), [card('Secret')]);
  return { state: bob.state, library: lib.objects, hand: hand.objects[0]!, bobs: bob.objects[0]! };
}

/** The events of `moves`, made in turn by `by`, logged from seq 10 on. */
function logged(start: GameState, moves: readonly { move: Move; by: string }[]): LoggedEvent[] {
  let state = start;
  const out: LoggedEvent[] = [];
  for (const { move, by } of moves) {
    const plan = ok(state, move, testCtx(by));
    for (const event of plan.events)
      out.push({ seq: 10 + out.length, actorKind: 'PLAYER', actorPlayerId: by, event });
    state = plan.state;
  }
  return out;
}

const alice = (move: Move) => ({ move, by: 'p0' });
const draw: Move = {
  kind: 'moveObjects',
  select: { kind: 'top', zoneId: zone('library', 'p0'), count: 1 },
  to: { kind: 'zone', zoneId: zone('hand', 'p0') },
  placement: { kind: 'top' },
  by: 'rule',
};

describe('takebackBarrier (IPG 1.4)', () => {
  it('a card played from the own hand is no barrier; nor is putting it back into the library', () => {
    const { state, hand } = table();
    const played = logged(state, [alice(moveIds([hand.publicId], zone('battlefield', null), 'rule'))]);
    expect(takebackBarrier(MTG, 'p0', played)).toBeNull();
    const buried = logged(state, [
      alice(moveIds([hand.publicId], zone('library', 'p0'), 'rule', { placement: { kind: 'bottom' } })),
    ]);
    expect(takebackBarrier(MTG, 'p0', buried)).toBeNull();
  });

  it('a draw, a shuffle, a look at the own library and a roll are barriers', () => {
    const { state, library } = table();
    const shuffle: Move = { kind: 'shuffle', zoneId: zone('library', 'p0') };
    const look: Move = { kind: 'reveal', select: { kind: 'ids', ids: [library[0]!.publicId] }, to: ['p0'] };
    for (const move of [draw, shuffle, look])
      expect(takebackBarrier(MTG, 'p0', logged(state, [alice(move)]))).toEqual({
        kind: 'INFORMATION_GAINED',
        seq: 10,
      });
    const roll: Move = { kind: 'rollDice', sides: 6, count: 1, seenBy: 'all' };
    expect(takebackBarrier(MTG, 'p0', logged(state, [alice(roll)]))?.kind).toBe('INFORMATION_GAINED');
  });

  it("another seat's move, or a judge's, is not the asker's own: the first such event is named", () => {
    const { state, hand, bobs } = table();
    const events = logged(state, [
      alice(moveIds([hand.publicId], zone('battlefield', null), 'rule')),
      { move: moveIds([bobs.publicId], zone('graveyard', 'p1'), 'rule'), by: 'p1' },
    ]);
    expect(takebackBarrier(MTG, 'p0', events)).toEqual({ kind: 'NOT_OWN_MOVE', seq: 11 });
    const judged = events.slice(0, 1).map((e) => ({ ...e, actorKind: 'ADMIN' as const }));
    expect(takebackBarrier(MTG, 'p0', judged)).toEqual({ kind: 'NOT_OWN_MOVE', seq: 10 });
    expect(takebackRefusal({ kind: 'NOT_OWN_MOVE', seq: 11 }).code).toBe('TAKEBACK_NOT_OWN_MOVE');
  });
});

/** Every card of a value replaced by one card: the twin world, where every card is different. */
function blank<T>(value: T): T {
  const swap = (o: ObjectState | null) => (o ? { ...o, card: card('Twin') } : o);
  const event = (e: DomainEvent): DomainEvent => ({
    ...e,
    transitions: e.transitions.map((t) => ({ ...t, before: swap(t.before), after: swap(t.after) })),
  });
  return (value as LoggedEvent[]).map((e) => ({ ...e, event: event(e.event) })) as T;
}

function twinCase(id: RulesetId, seeds: Parameters<typeof toMove>[2][], from: number, asker: number): void {
  const sp = spec(id);
  const started = startTable(newGame(id, 2), sp, [], null);
  if (!('state' in started)) throw new Error(started.problem.message);
  let state = started.state;
  const events: LoggedEvent[] = [];
  for (const x of seeds) {
    const by = pick(state.players, x.f)?.id ?? 'p0';
    const r = builtinRulesets().plan(state, toMove(id, state, x, { pool: {}, wide: true }), testCtx(by, x.a));
    if (!r.ok) continue;
    for (const event of r.plan.events)
      events.push({ seq: events.length + 2, actorKind: 'PLAYER', actorPlayerId: by, event });
    state = r.plan.state;
  }
  const after = events.slice(events.length === 0 ? 0 : from % events.length);
  const seat = state.players[asker % state.players.length]!.id;
  const real = takebackBarrier(sp, seat, after);
  const twin = takebackBarrier(sp, seat, blank(after));
  expect(twin).toEqual(real);
  if (real) expect(takebackRefusal(twin!)).toEqual(takebackRefusal(real));
}

describe('twin worlds: a takeback refusal is the same whichever cards are involved', () => {
  for (const id of LOADED_IDS)
    it(`property: ${id}`, () =>
      fc.assert(
        fc.property(
          fc.array(seedArb(22), { minLength: 1, maxLength: 20 }),
          fc.nat(100),
          fc.nat(3),
          (s, f, a) => twinCase(id, s, f, a),
        ),
        { numRuns: Number(process.env.FC_RUNS ?? 40) },
      ));
});
