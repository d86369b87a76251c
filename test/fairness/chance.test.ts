/**
 * Dice, coins and seat entropy (docs/fairness.md, zk-rng/2) through the API: every roll and flip is
 * the committed seed's draw (checked against an independent recomputation, not the stored record);
 * who sees the results is the ruleset's declaration (a private roll shows its results to the roller
 * and admins only, on every read path); entropy a seat adds changes the next permutation and is
 * folded into it; entropy is bounded and rate-limited; a changed roll is named by `verifyGame`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  drawsFrom,
  foldEntropy,
  perActKey2,
  shuffleTop,
  startEntropy,
  verifyGame,
} from '../../client/verify.js';
import { newId } from '../../src/ids.js';
import { decksFor } from '../leak/moves.js';
import { moveDocument } from '../support/documents.js';
import { createGame, fetchGame, fetchHistory, post, type CreatedGame } from '../support/game-api.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { endGame, onDatabase, transcriptOf } from './support.js';

const SEED = Uint8Array.from({ length: 32 }, (_, i) => 0x5c ^ (i * 7));
const ROLL_FIELDS =
  'version events { seq kind roll { sides count dice coins seenBy } entropy { playerId data hash } }';
interface RollOut {
  sides: number;
  count: number;
  dice: number[] | null;
  coins: ('HEADS' | 'TAILS')[] | null;
  seenBy: string[] | null;
}
interface Payload {
  version: number;
  events: {
    seq: number;
    kind: string;
    roll: RollOut | null;
    entropy: { data: string; hash: string } | null;
  }[];
}

// A data-only ruleset like Pokémon whose coins may also be private (only a fixture: no built-in
// ruleset hides a roll, since MTG 706.1, 705.1 and the others make results public).
const dir = mkdtempSync(path.join(tmpdir(), 'zk-chance-'));
const pokemon = readFileSync(new URL('../../rulesets/pokemon.yaml', import.meta.url), 'utf8');
writeFileSync(
  path.join(dir, 'pokemon-private.yaml'),
  pokemon
    .replace(/^id: pokemon$/m, 'id: pokemon-private')
    .replace(/^name: .*$/m, 'name: Pokémon (private coins)')
    .replace(/coins:\n {2}seenBy: \[all\]/, 'coins:\n  seenBy: [all, roller]'),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RULESETS_DIR: dir }, { random: { newId, newSeed: () => SEED } });
});

const act = async (game: CreatedGame, token: string, field: string, input: Record<string, unknown>) => {
  const type = `${field[0]!.toUpperCase()}${field.slice(1)}Input`;
  return post<Record<string, Payload>>(
    server,
    moveDocument(field, type, { selection: ROLL_FIELDS }),
    { input: { gameId: game.gameId, ...input } },
    token,
  );
};
const accepted = async (game: CreatedGame, token: string, field: string, input: Record<string, unknown>) => {
  const res = await act(game, token, field, input);
  expect(res.errors, res.text).toBeUndefined();
  return res.data![field]!.events[0]!;
};
const reason = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  res.errors?.[0]?.extensions?.['reason'] ?? res.errors?.[0]?.extensions?.['code'];
/** The draws of the game's act number `n` (zk-rng/2), with the set-up's seat entropy unless given. */
const keyFor = (game: CreatedGame, n: number, entropy: Uint8Array = Buffer.from(game.entropy!, 'hex')) =>
  drawsFrom(perActKey2(SEED, game.gameId, n, entropy));

describe('dice and coins', () => {
  it('a roll and a flip are the committed seed’s draws, public to every viewer (MTG 706.1, 705.1)', async () => {
    const game = await createGame(server, 'mtg', decksFor('mtg', 2));
    const [alice, bob] = game.players;
    const rolled = await accepted(game, alice!.token, 'rollDice', { sides: 20, count: 5 });
    const draw = keyFor(game, 0);
    expect(rolled).toMatchObject({
      kind: 'DICE_ROLLED',
      roll: { sides: 20, count: 5, coins: null, seenBy: null },
    });
    expect(rolled.roll!.dice).toEqual(Array.from({ length: 5 }, () => 1 + draw(20)));

    const flipped = await accepted(game, bob!.token, 'flipCoin', { count: 7 });
    const flip = keyFor(game, 1);
    expect(flipped.roll!.coins).toEqual(Array.from({ length: 7 }, () => (flip(2) === 0 ? 'HEADS' : 'TAILS')));

    // Every viewer's history shows the same results.
    for (const token of [alice!.token, bob!.token, game.spectatorToken]) {
      const texts = (await fetchHistory(server, game.gameId, 0, token)).texts.join('\n');
      expect(texts).toContain('DICE_ROLLED');
    }
    await endGame(server, game.gameId);
    expect(verifyGame(await transcriptOf(server, game.gameId, bob!.token))).toMatchObject({
      verdict: 'verified',
      counts: { roll: 1, coin: 1 },
    });
  });

  it('refuses what the ruleset does not declare, with typed reasons', async () => {
    const mtg = await createGame(server, 'mtg', decksFor('mtg', 2));
    const seat = mtg.players[0]!.token;
    expect(reason(await act(mtg, seat, 'rollDice', { sides: 7 }))).toBe('BAD_ROLL');
    expect(reason(await act(mtg, seat, 'rollDice', { sides: 6, count: 0 }))).toBe('BAD_ROLL');
    expect(reason(await act(mtg, seat, 'rollDice', { sides: 6, count: 101 }))).toBe('BAD_ROLL');
    expect(reason(await act(mtg, seat, 'rollDice', { sides: 6, seenBy: 'ROLLER' }))).toBe('BAD_ROLL');
    const nr = await createGame(server, 'netrunner', decksFor('netrunner', 2));
    const refused = await act(nr, nr.players[0]!.token, 'flipCoin', {});
    expect(reason(refused)).toBe('NO_RANDOMIZER');
    expect(refused.errors?.[0]?.extensions?.['rule']).toBe('NR rule_deck_ordered');
    const pk = await createGame(server, 'pokemon', decksFor('pokemon', 2));
    expect(reason(await act(pk, pk.players[0]!.token, 'rollDice', { sides: 6 }))).toBe('NO_RANDOMIZER');
    expect(reason(await act(pk, game0(pk), 'flipCoin', { count: 3 }))).toBeUndefined();
  });

  it('a private flip shows its results to the roller and admins only, on every read path', async () => {
    const game = await createGame(server, 'pokemon-private', decksFor('pokemon', 2));
    const [alice, bob] = game.players;
    const mine = await accepted(game, alice!.token, 'flipCoin', { count: 12, seenBy: 'ROLLER' });
    expect(mine.roll).toMatchObject({ count: 12, seenBy: [alice!.id] });
    const flip = keyFor(game, 0);
    const faces = Array.from({ length: 12 }, () => (flip(2) === 0 ? 'HEADS' : 'TAILS'));
    expect(mine.roll!.coins).toEqual(faces);

    const historyRoll = async (token: string) => {
      const res = await post<{ gameEvents: { seq: number; roll: RollOut | null }[] }>(
        server,
        `query H($gameId: ID!) { gameEvents(gameId: $gameId, first: 100) { seq roll { sides count dice coins seenBy } } }`,
        { gameId: game.gameId },
        token,
      );
      return res.data!.gameEvents.find((e) => e.seq === mine.seq)!.roll!;
    };
    expect((await historyRoll(alice!.token)).coins).toEqual(faces);
    expect((await historyRoll(TEST_ADMIN_TOKEN)).coins).toEqual(faces);
    for (const token of [bob!.token, game.spectatorToken]) {
      expect(await historyRoll(token)).toMatchObject({ count: 12, coins: null, seenBy: [alice!.id] });
      const all = [
        (await fetchGame(server, game.gameId, token)).text,
        ...(await fetchHistory(server, game.gameId, 0, token)).texts,
      ].join('\n');
      expect(all).not.toContain('HEADS');
      expect(all).not.toContain('heads');
    }
    // A public flip in the same game is seen by all.
    const shown = await accepted(game, bob!.token, 'flipCoin', {});
    expect((await historyRoll(alice!.token)).coins).toEqual(faces);
    expect(shown.roll!.coins).toHaveLength(1);
  });
});

const game0 = (g: CreatedGame) => g.players[0]!.token;

describe('seat entropy', () => {
  it('changes the next permutation: the shuffle after it is keyed by the folded hash', async () => {
    // Seat 0 adds its entropy, then seat 1 the piece this test folds by hand.
    const game = await createGame(server, 'mtg', decksFor('mtg', 2), undefined, { add: false });
    const first = '5eed';
    await accepted(game, game0(game), 'addEntropy', { data: first });
    const e0 = foldEntropy(startEntropy(), Buffer.from(first, 'hex'));
    const seat = game.players[1]!;
    const state = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
    const library = state.zones.find((z) => z.type === 'library' && z.owner?.id === seat.id)!;
    const keys = async () =>
      (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.zones
        .find((z) => z.id === library.id)!
        .objects.filter((o) => o.host === null)
        .map((o) => o.internalKey!);

    const data = '00112233445566778899aabbccddeeff';
    const added = await accepted(game, seat.token, 'addEntropy', { data });
    const e1 = foldEntropy(e0, Buffer.from(data, 'hex'));
    expect(added).toMatchObject({
      kind: 'ENTROPY_ADDED',
      entropy: { data, hash: Buffer.from(e1).toString('hex') },
    });

    const before = await keys();
    const shuffled = await accepted(game, seat.token, 'shuffleZone', { zoneId: library.id });
    const after = await keys();
    expect(after).toEqual(shuffleTop(before, before.length, keyFor(game, 0, e1)));
    // Without the entropy the same act would have given another order (6 cards: 720 orders).
    expect(after).not.toEqual(shuffleTop(before, before.length, keyFor(game, 0, e0)));

    const rolled = await accepted(game, seat.token, 'rollDice', { sides: 6, count: 10 });
    const draw = keyFor(game, 1, e1);
    expect(rolled.roll!.dice).toEqual(Array.from({ length: 10 }, () => 1 + draw(6)));

    await endGame(server, game.gameId);
    const t = await transcriptOf(server, game.gameId);
    expect(t.entropy?.at(-1)).toEqual({ seq: added.seq, playerId: seat.id, data });
    expect(t.entropy).toHaveLength(2);
    // The commitment precedes the first random act.
    expect(t.commitments[0]!.seq).toBeLessThan(t.events[0]!.seq);
    expect(verifyGame(t)).toMatchObject({ verdict: 'verified', counts: { shuffle: 1, roll: 1 } });
    // A verifier that leaves the entropy out cannot verify the acts after it.
    expect(verifyGame({ ...t, entropy: [] }).firstMismatch?.seq).toBe(shuffled.seq);
  });

  it('is 1 to 64 bytes of hex (BAD_ENTROPY) and rate-limited per seat (RATE_LIMITED)', async () => {
    // No set-up entropy: the budget counted here is the whole window's.
    const game = await createGame(server, 'mtg', decksFor('mtg', 2), undefined, { add: false });
    const [alice, bob] = game.players;
    for (const data of ['', 'xyz0', 'ab'.repeat(65)])
      expect(reason(await act(game, bob!.token, 'addEntropy', { data }))).toBe('BAD_ENTROPY');
    for (let i = 0; i < 8; i++)
      expect(reason(await act(game, alice!.token, 'addEntropy', { data: 'ab'.repeat(64) }))).toBeUndefined();
    const limited = await act(game, alice!.token, 'addEntropy', { data: '01' });
    expect(limited.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.errors?.[0]?.extensions?.['retryAfterMs']).toBeGreaterThan(0);
    // Another seat has its own window.
    expect(reason(await act(game, bob!.token, 'addEntropy', { data: '02' }))).toBeUndefined();
  });

  it('a changed roll is named by verifyGame', async () => {
    const game = await createGame(server, 'mtg', decksFor('mtg', 2));
    await accepted(game, game0(game), 'rollDice', { sides: 6, count: 4 });
    const second = await accepted(game, game0(game), 'rollDice', { sides: 6, count: 4 });
    await endGame(server, game.gameId);
    const t = await transcriptOf(server, game.gameId);
    expect(verifyGame(t).verdict).toBe('verified');
    const roll = t.events.find((e) => e.seq === second.seq)!.acts[0]!;
    if (roll.kind !== 'roll') throw new Error('not a roll');
    const changed = [...roll.results];
    changed[2] = (changed[2]! % 6) + 1;
    await onDatabase(
      server,
      `UPDATE game_event SET payload = jsonb_set(payload, '{random,acts,0,results}', $3::jsonb) WHERE game_id = $1::uuid AND seq = $2`,
      [game.gameId, second.seq, JSON.stringify(changed)],
    );
    expect(verifyGame(await transcriptOf(server, game.gameId)).firstMismatch).toMatchObject({
      seq: second.seq,
      reason: expect.stringContaining('roll'),
    });
  });
});
