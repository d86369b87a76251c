/**
 * Refusal messages read as intended (issue 42): objects, zones and players named as the caller sees
 * them (`src/rules/labels.ts`), bounds as the ruleset states them. A few representative refusals are
 * read whole, over the API: a card the caller sees by its name, a card hidden from it by its zone and
 * position (and never by its name), a player by seat and name, a counter's bound as Magic states it,
 * and the storage limit in words. Every trigger's message is swept for ids and 32-bit bounds in
 * `refusal-reasons.test.ts`.
 */
import { beforeAll, expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';
import { Tables, type Table } from './refusal-tables.js';

const NAMES = ['Ann', 'Bob'];
let tables: Tables;
let mtg: Table;
beforeAll(async () => {
  tables = new Tables(await startTestServer());
  mtg = await tables.fresh('mtg', { names: NAMES });
});

const counters = (g: Table, token: string, holder: Record<string, unknown>, input: Record<string, unknown>) =>
  g.act(token, 'changeCounters', { holder, ...input });

it('a card the caller may see is named by its name, and where it is', async () => {
  expect.assertions(3);
  // Pokémon lists no removeFromGame among the moves on others' visible objects.
  const g = await tables.fresh('pokemon', { names: NAMES });
  const bobs = await g.token({ type: 'active_spot', ownerId: g.seat(1).id }, ['pokemon'], 1);
  const name = (await g.asAdmin()).zones.flatMap((z) => z.objects ?? []).find((o) => o.id === bobs)
    ?.card?.name;
  const err = await g.act(g.seat(0).token, 'removeFromGame', { objectIds: [bobs] });
  expect(err?.extensions?.['reason']).toBe('NOT_YOUR_OBJECT');
  expect(name).toMatch(/^Token /);
  expect(err?.message).toBe(
    `You may not do this to "${name}" (1st in seat 1 (Bob)'s Active Spot), which belongs to another player.`,
  );
});

it('a card hidden from the caller is named by its zone and position, never by what it is', async () => {
  expect.assertions(3);
  const err = await mtg.act(mtg.seat(0).token, 'moveObjects', {
    select: { zoneId: mtg.zone('library', 1), from: 'TOP', count: 1 },
    to: { zoneId: mtg.zone('hand', 0) },
    by: 'EFFECT',
  });
  expect(err?.extensions?.['reason']).toBe('HIDDEN_OBJECT');
  expect(err?.message).toBe(
    "You may not act on a hidden card (1st from the top of seat 1 (Bob)'s Library): it belongs to another player and is hidden from you.",
  );
  // Bob's library holds "Card 1" cards (refusal-tables.ts): the name stays hidden.
  expect(err?.message).not.toContain('Card 1');
});

it("the caller's own hidden card is named by its place in the caller's zone", async () => {
  expect.assertions(2);
  const second = await mtg.objectIn(mtg.zone('library', 0), 1);
  const err = await mtg.act(mtg.seat(0).token, 'moveObjects', {
    objectIds: [second],
    to: { zoneId: mtg.zone('hand', 0) },
    by: 'EFFECT',
  });
  expect(err?.extensions?.['reason']).toBe('SELECT_BY_POSITION');
  expect(err?.message).toMatch(/^You may not name a hidden card \(2nd from the top of your Library\) by id /);
});

it('a player is named by seat and name, and a bound as the ruleset states it (MTG 122.1f)', async () => {
  expect.assertions(3);
  const err = await counters(
    mtg,
    mtg.seat(0).token,
    { playerId: mtg.seat(0).id },
    {
      kind: 'poison',
      op: 'REMOVE',
      amount: 1,
    },
  );
  expect(err?.extensions?.['reason']).toBe('COUNTER_OUT_OF_RANGE');
  expect(err?.extensions?.['rule']).toBe('MTG 122.1f');
  expect(err?.message).toBe(
    'Counter poison on seat 0 (Ann) would be -1, but this ruleset keeps it at 0 or more (it states no upper bound).',
  );
});

it('a kind the ruleset leaves unbounded is refused only where it cannot be stored, in words', async () => {
  expect.assertions(3);
  // MTG 119.1: life has no bound (min: null); 20 + 2147483647 does not fit a 32-bit counter.
  const err = await counters(
    mtg,
    mtg.seat(0).token,
    { playerId: mtg.seat(0).id },
    {
      kind: 'life',
      op: 'ADD',
      amount: 2 ** 31 - 1,
    },
  );
  expect(err?.extensions?.['reason']).toBe('COUNTER_OUT_OF_RANGE');
  expect(err?.message).toMatch(/^Counter life on seat 0 \(Ann\) would be \d+: too far from 0 to store /);
  expect(err?.message).not.toMatch(/2147483647|2147483648/);
});

it("another player's zone is named by its owner's seat and name", async () => {
  expect.assertions(2);
  const err = await mtg.act(mtg.seat(0).token, 'shuffleZone', { zoneId: mtg.zone('library', 1) });
  expect(err?.extensions?.['reason']).toBe('NOT_YOUR_ZONE');
  expect(err?.message).toBe("You may not shuffle seat 1 (Bob)'s Library: it is another player's.");
});

it("a zone is named in the game's own words (NR rule_rnd_name: the Corp's deck is R&D)", async () => {
  expect.assertions(2);
  const g = await tables.fresh('netrunner', { names: NAMES });
  const err = await g.act(g.seat(0).token, 'moveObjects', {
    select: { zoneId: g.zone('deck', 0), from: 'TOP', count: 999 },
    to: { zoneId: g.zone('hand', 0) },
    by: 'EFFECT',
  });
  expect(err?.extensions?.['reason']).toBe('BAD_SELECTOR');
  expect(err?.message).toMatch(/^There are \d+ objects in your R&D: cannot select 999\.$/);
});
