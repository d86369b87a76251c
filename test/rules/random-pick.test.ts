/**
 * Refused picks use nothing up and show nothing (docs/fairness.md, "Refused picks"), in the planner:
 * a RANDOM selection that some candidate would have refused is refused before drawing, naming no
 * object; a refusal that only a combination of picked objects shows is committed as NO_MOVE with
 * the act, never returned; a random order of named objects is checked before it is drawn.
 */
import { describe, expect, it } from 'vitest';
import { planWith, type GameState, type Move, type RulesetSpec } from '../../src/rules/index.js';
import { card, ids, newGame, put, spec, testCtx } from './helpers.js';

/** Every draw a plan asked for, so a test can tell whether anything was drawn. */
function countingCtx(seed = 1) {
  const ctx = testCtx('p0', seed);
  let draws = 0;
  return {
    ctx: {
      ...ctx,
      randomAct: (e: number, i: number, k: number) => (n: number) => (draws++, ctx.randomAct(e, i, k)(n)),
    },
    draws: () => draws,
  };
}

const toExile = (select: Extract<Move, { kind: 'moveObjects' }>['select'], more: object = {}): Move => ({
  kind: 'moveObjects',
  select,
  to: { kind: 'zone', zoneId: 'exile:shared:0' },
  placement: { kind: 'top' },
  by: 'effect',
  ...more,
});

/** MTG with an exile that holds no two cards of one name: a refusal only some pairs show. */
function oneOfEachName(): RulesetSpec {
  const mtg = spec('mtg');
  return {
    ...mtg,
    hooks: {
      ...mtg.hooks,
      admits: (obj, zone, zoneType, ctx) =>
        zone.type === 'exile' && ctx.occupants(zone.id).some((o) => o.card.name === obj.card.name)
          ? {
              code: 'NOT_ADMITTED',
              rule: 'test one_of_each',
              message: `Object ${obj.publicId} is a second of its name`,
            }
          : mtg.hooks.admits(obj, zone, zoneType, ctx),
    },
  };
}

describe('a RANDOM pick that could be refused', () => {
  it('is refused before anything is drawn, naming no object, whichever object it would draw', () => {
    // A hand of a Trainer and a Pokémon: the Active Spot refuses the Trainer (PTCG active_spot).
    const g = put(newGame('pokemon'), 'hand:p0:0', [card('Potion', ['trainer']), card('Pichu', ['pokemon'])]);
    const texts = new Set<string>();
    for (let seed = 1; seed <= 8; seed++) {
      const { ctx, draws } = countingCtx(seed);
      const r = planWith(
        spec('pokemon'),
        g.state,
        {
          kind: 'moveObjects',
          select: { kind: 'random', zoneId: 'hand:p0:0', count: 1 },
          to: { kind: 'zone', zoneId: 'active_spot:p0:0' },
          placement: { kind: 'top' },
          by: 'effect',
        },
        ctx,
      );
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      for (const id of ids(g.objects)) expect(r.rejection.message).not.toContain(id);
      expect(draws(), 'nothing drawn').toBe(0);
      texts.add(JSON.stringify(r.rejection));
    }
    expect(texts.size, 'the same refusal for every seed').toBe(1);
  });

  it('detach and a given order are refused before the draw too (they would name or test what it drew)', () => {
    const g = put(newGame('mtg'), 'hand:p0:0', [card('a'), card('b'), card('c')]);
    const hand = { kind: 'random', zoneId: 'hand:p0:0', count: 1 } as const;
    const detach: Move = {
      kind: 'detach',
      select: hand,
      to: { kind: 'zone', zoneId: 'exile:shared:0' },
      placement: { kind: 'top' },
      by: 'effect',
    };
    // An order naming one card: valid only for a draw of that card.
    const ordered = toExile(hand, { order: [g.objects[0]!.publicId] });
    for (const move of [detach, ordered]) {
      const { ctx, draws } = countingCtx();
      const r = planWith(spec('mtg'), g.state, move, ctx);
      expect(r.ok, move.kind).toBe(false);
      if (!r.ok) for (const id of ids(g.objects.slice(1))) expect(r.rejection.message).not.toContain(id);
      expect(draws(), `${move.kind}: nothing drawn`).toBe(0);
    }
  });

  it('a refusal only some combinations show is committed as NO_MOVE with the act, and names nothing', () => {
    const sp = oneOfEachName();
    // Windows of two (b a, then a′ b) are each admitted; a pick of a and a′ is not.
    const g = put(newGame('mtg'), 'hand:p0:0', [card('b'), card('a'), card('a')]);
    const pick = toExile({ kind: 'random', zoneId: 'hand:p0:0', count: 2 });
    let committedRefusals = 0;
    let moves = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const r = planWith(sp, g.state, pick, testCtx('p0', seed));
      expect(r.ok, `seed ${seed}: never returned as a refusal`).toBe(true);
      if (!r.ok) continue;
      const [event, ...rest] = r.plan.events;
      if (event?.kind !== 'NO_MOVE') {
        moves++;
        continue;
      }
      committedRefusals++;
      expect(rest).toEqual([]);
      // Nothing changed but the game's act count: the act is used up, the next request draws afresh.
      expect(r.plan.state, 'nothing changed').toEqual({
        ...g.state,
        randomActs: (g.state.randomActs ?? 0) + 1,
      });
      expect(r.plan.state.objects).toBe(g.state.objects);
      expect(event.rules).toEqual(['test one_of_each']);
      // The act is recorded (a verifier recomputes it), and no object is named by public id.
      expect(event.random?.acts).toHaveLength(1);
      expect(event.random?.acts[0]).toMatchObject({ kind: 'pick', picked: expect.any(Array) });
      for (const id of ids(g.objects)) expect(JSON.stringify(event)).not.toContain(id);
    }
    expect(committedRefusals, 'some seeds draw the refused pair').toBeGreaterThan(0);
    expect(moves, 'others draw an admitted pair').toBeGreaterThan(0);
  });

  it('a random order of named objects is checked in their given order, before it is drawn', () => {
    const g = put(newGame('pokemon'), 'hand:p0:0', [
      card('Potion', ['trainer']),
      card('Switch', ['trainer']),
    ]);
    const { ctx, draws } = countingCtx();
    const state: GameState = g.state;
    const r = planWith(
      spec('pokemon'),
      state,
      {
        kind: 'moveObjects',
        select: { kind: 'ids', ids: ids(g.objects) },
        to: { kind: 'zone', zoneId: 'bench:p0:0' },
        placement: { kind: 'top' },
        by: 'effect',
        randomOrder: true,
      },
      ctx,
    );
    expect(r.ok).toBe(false);
    // The first object in the given order is the one refused, named as the seat sees it.
    if (!r.ok) expect(r.rejection.message).toContain('Cannot put "Potion" (1st in your Hand)');
    expect(draws(), 'nothing drawn').toBe(0);
  });
});
