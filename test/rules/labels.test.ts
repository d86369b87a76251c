/**
 * The labeller refusal messages name things with (`src/rules/labels.ts`), pure: a card by its name
 * only where the caller may see it, a hidden one by zone and position alone, so two games that differ
 * only in what the caller cannot see label every object alike (the property the twin-world suite
 * checks over the API, test/twin/twin.ts); players by seat and name; zones in the game's own words.
 */
import { describe, expect, it } from 'vitest';
import { labelsFor, ordinal } from '../../src/rules/labels.js';
import type { GameState, Viewer } from '../../src/rules/index.js';
import { card, newGame, put, rejected, spec, testCtx } from './helpers.js';

const ANN: Viewer = { kind: 'player', playerId: 'p0' };
const NAMES = { p0: 'Ann', p1: 'Bob' };

/** An MTG game: Ann's hand (Shock, Bear), Bob's library (the cards given, top first), Bob's Forest in play. */
function table(bobsLibrary: string[]): GameState {
  let g = newGame('mtg');
  g = put(g, 'hand:p0:0', [card('Shock', ['instant']), card('Bear', ['creature'])]).state;
  g = put(
    g,
    'library:p1:0',
    bobsLibrary.map((n) => card(n, ['creature'])),
  ).state;
  return put(g, 'battlefield:shared:0', [card('Forest', ['land'])], { ownerId: 'p1' }).state;
}

const objectIn = (g: GameState, zoneId: string, index: number) =>
  g.objects.filter((o) => o.zoneId === zoneId)[index]!;

describe('labels', () => {
  it('ordinals read as English', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });

  it('names a card the caller sees by its name, and where it is', () => {
    const g = table(['Dragon']);
    const l = labelsFor(spec('mtg'), g, ANN, NAMES);
    expect(l.object(objectIn(g, 'hand:p0:0', 1))).toBe('"Bear" (2nd in your Hand)');
    expect(l.object(objectIn(g, 'battlefield:shared:0', 0))).toBe('"Forest" (1st in the Battlefield)');
  });

  it('names a hidden card by its zone and position only: the same whatever the card is', () => {
    const a = table(['Dragon', 'Angel']);
    const b = table(['Goblin', 'Sphinx']);
    const label = (g: GameState) =>
      labelsFor(spec('mtg'), g, ANN, NAMES).object(objectIn(g, 'library:p1:0', 1));
    expect(label(a)).toBe("a hidden card (2nd from the top of seat 1 (Bob)'s Library)");
    expect(label(b)).toBe(label(a));
    // Bob sees his own hand; Ann's cards are hidden from him.
    const bob = labelsFor(spec('mtg'), a, { kind: 'player', playerId: 'p1' }, NAMES);
    expect(bob.object(objectIn(a, 'hand:p0:0', 0))).toBe("a hidden card (1st in seat 0 (Ann)'s Hand)");
  });

  it('an admin (the referee, a judge) sees every card, so names it', () => {
    const g = table(['Dragon']);
    const l = labelsFor(spec('mtg'), g, { kind: 'admin' }, NAMES);
    expect(l.object(objectIn(g, 'library:p1:0', 0))).toBe(
      `"Dragon" (1st from the top of seat 1 (Bob)'s Library)`,
    );
  });

  it("names players by seat and name, and zones in the game's own words (NR rule_rnd_name)", () => {
    const g = newGame('netrunner');
    const corp = labelsFor(spec('netrunner'), g, ANN, NAMES);
    const deck = (owner: string) => g.zones.find((z) => z.type === 'deck' && z.ownerId === owner)!;
    expect(corp.zone(deck('p0'))).toBe('your R&D');
    expect(corp.zone(deck('p1'))).toBe("seat 1 (Bob)'s Stack");
    expect(corp.player('p1')).toBe('seat 1 (Bob)');
    expect(labelsFor(spec('netrunner'), g, ANN).player('p1')).toBe('seat 1');
  });

  it("the planner's messages use them: an unknown id is refused by its field, a bound as the ruleset states it", () => {
    const g = table(['Dragon']);
    const ctx = { ...testCtx('p0'), playerNames: NAMES };
    const poison = rejected(
      g,
      {
        kind: 'changeCounters',
        holder: { kind: 'player', id: 'p0' },
        counter: 'poison',
        op: 'remove',
        amount: 1,
      },
      'COUNTER_OUT_OF_RANGE',
      ctx,
    );
    expect(poison.message).toBe(
      'Counter poison on seat 0 (Ann) would be -1, but this ruleset keeps it at 0 or more (it states no upper bound).',
    );
    const unknown = rejected(
      g,
      {
        kind: 'attach',
        select: { kind: 'ids', ids: [objectIn(g, 'hand:p0:0', 1).publicId] },
        hostId: 'gone',
        by: 'effect',
      },
      'UNKNOWN_OBJECT',
      ctx,
    );
    expect(unknown.message).toBe('No object of this game has the id given in hostId.');
  });
});
