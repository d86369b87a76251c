/**
 * No random act without every seat's input (docs/fairness.md, "Seat entropy"), in every ruleset: a
 * game that waits (the default) refuses a random act with AWAITING_ENTROPY naming the seats still
 * awaited, drawing nothing, until each seat added entropy after the commitment; a game created not
 * to wait makes its acts, and the transcript and `verifyGame` mark them not covered by seat input.
 * And no unseen choice among outcomes: an act's key is its number among the game's acts, so an
 * event the operator inserts (an admin's counter change) moves no key, and the transcript shows it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { drawsFrom, perActKey2, shuffleTop, verifyGame } from '../../client/verify.js';
import { newId } from '../../src/ids.js';
import { decksFor } from '../leak/moves.js';
import { moveDocument } from '../support/documents.js';
import { createGame, fetchGame, post, type CreatedGame } from '../support/game-api.js';
import { builtinRulesets } from '../support/rulesets.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { deckOf, endGame, transcriptOf } from './support.js';

const SEED = Uint8Array.from({ length: 32 }, (_, i) => 0x3c ^ (i * 5));
const LEAN = { selection: 'version' };
const RULESETS = builtinRulesets()
  .list()
  .map((r) => r.id);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { random: { newId, newSeed: () => SEED } });
});

const send = (game: CreatedGame, token: string, field: string, input: Record<string, unknown>) =>
  post<Record<string, { version: number }>>(
    server,
    moveDocument(field, `${field[0]!.toUpperCase()}${field.slice(1)}Input`, LEAN),
    { input: { gameId: game.gameId, ...input } },
    token,
  );
const extensionsOf = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  res.errors?.[0]?.extensions;
const versionOf = async (game: CreatedGame) =>
  (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.version;

/** Seat 0's pile to shuffle, and the ruleset's roll or flip where it declares one. */
async function actsOf(ruleset: string, game: CreatedGame) {
  const { zone } = await deckOf(server, game);
  const table = builtinRulesets().get(ruleset)?.table;
  const chance = table?.dice
    ? { field: 'rollDice', input: { sides: table.dice.sides[0], count: 2 } }
    : table?.coins
      ? { field: 'flipCoin', input: { count: 2 } }
      : null;
  return { shuffle: { field: 'shuffleZone', input: { zoneId: zone!.id } }, chance };
}

describe.each(RULESETS)('%s: random acts and seat entropy', (ruleset) => {
  it('a game that waits refuses every random act, naming the seats awaited, until each seat added entropy', async () => {
    const game = await createGame(server, ruleset, decksFor(ruleset, 2), undefined, { add: false });
    const [alice, bob] = game.players;
    const { shuffle, chance } = await actsOf(ruleset, game);
    const version = await versionOf(game);
    for (const act of [shuffle, chance].filter((a) => a !== null)) {
      // A seat's request and an admin's alike: nobody draws before every seat's input is in.
      for (const token of [alice!.token, TEST_ADMIN_TOKEN]) {
        const refused = await send(game, token, act.field, act.input);
        expect(extensionsOf(refused), refused.text).toMatchObject({
          code: 'INVALID_MOVE',
          reason: 'AWAITING_ENTROPY',
          awaitedSeats: [alice!.id, bob!.id],
        });
      }
    }
    expect(await versionOf(game), 'nothing drawn or changed').toBe(version);
    expect(extensionsOf(await send(game, alice!.token, 'addEntropy', { data: 'a1' }))).toBeUndefined();
    const still = await send(game, alice!.token, shuffle.field, shuffle.input);
    expect(extensionsOf(still)).toMatchObject({ reason: 'AWAITING_ENTROPY', awaitedSeats: [bob!.id] });
    expect(extensionsOf(await send(game, bob!.token, 'addEntropy', { data: 'b2' }))).toBeUndefined();
    for (const act of [shuffle, chance].filter((a) => a !== null)) {
      const done = await send(game, alice!.token, act.field, act.input);
      expect(done.errors, done.text).toBeUndefined();
    }
    await endGame(server, game.gameId);
    const t = await transcriptOf(server, game.gameId, bob!.token);
    expect(t.commitments[0]).toMatchObject({ scheme: 'zk-rng/2', waitsForSeats: true });
    expect(t.events.every((e) => e.withoutSeats === undefined)).toBe(true);
    expect(verifyGame(t)).toMatchObject({ verdict: 'verified', withoutSeatInput: 0 });
  });

  it('a game created not to wait makes its acts, marked not covered by seat input in the transcript and the verdict', async () => {
    const game = await createGame(server, ruleset, decksFor(ruleset, 2), undefined, {
      wait: false,
      add: false,
    });
    const [alice, bob] = game.players;
    const { shuffle, chance } = await actsOf(ruleset, game);
    const made = await send(game, alice!.token, shuffle.field, shuffle.input);
    expect(made.errors, made.text).toBeUndefined();
    expect(extensionsOf(await send(game, alice!.token, 'addEntropy', { data: 'a1' }))).toBeUndefined();
    if (chance) expect((await send(game, bob!.token, chance.field, chance.input)).errors).toBeUndefined();
    await endGame(server, game.gameId);
    const t = await transcriptOf(server, game.gameId, alice!.token);
    expect(t.commitments[0]).toMatchObject({ waitsForSeats: false });
    const [first, second] = t.events;
    expect(first!.withoutSeats).toEqual([alice!.id, bob!.id]);
    if (chance) expect(second!.withoutSeats).toEqual([bob!.id]);
    const acts = chance ? 2 : 1;
    expect(verifyGame(t)).toMatchObject({
      verdict: 'partial',
      verified: acts,
      withoutSeatInput: acts,
      notCovered: 0,
    });
  });
});

describe('act keys and the operator', () => {
  it('an inserted admin event moves no act key, and the transcript shows it beside the act', async () => {
    const game = await createGame(server, 'mtg', decksFor('mtg', 2));
    const { zone } = await deckOf(server, game);
    const keys = async () =>
      (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.zones
        .find((z) => z.id === zone!.id)!
        .objects.filter((o) => o.host === null)
        .map((o) => o.internalKey!);
    const draw = (n: number) =>
      drawsFrom(perActKey2(SEED, game.gameId, n, Buffer.from(game.entropy!, 'hex')));
    // An admin's no-op-like counter change before the first act: its seq moves, its number does not.
    const inserted = await send(game, TEST_ADMIN_TOKEN, 'changeCounters', {
      holder: { playerId: game.players[0]!.id },
      kind: 'poison',
      op: 'ADD',
      amount: 0,
    });
    expect(inserted.errors, inserted.text).toBeUndefined();
    const before = await keys();
    expect(
      (await send(game, game.players[0]!.token, 'shuffleZone', { zoneId: zone!.id })).errors,
    ).toBeUndefined();
    expect(await keys()).toEqual(shuffleTop(before, before.length, draw(0)));
    await endGame(server, game.gameId);
    const t = await transcriptOf(server, game.gameId);
    expect(t.events[0]!.interposed).toEqual([expect.objectContaining({ actor: 'ADMIN' })]);
    expect(verifyGame(t)).toMatchObject({ verdict: 'verified', afterNonSeatEvents: 1 });
  });
});
