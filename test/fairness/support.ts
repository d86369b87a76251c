/**
 * Playing, ending and checking games for the zk-rng/1 suites (docs/fairness.md): property-generated
 * steps (the leak suite's generator) plus one shuffle and one RANDOM pick per game, then the end,
 * the transcript and the client's `verifyGame`.
 */
import fc from 'fast-check';
import pg from 'pg';
import { expect } from 'vitest';
import type { Transcript } from '../../client/verify.js';
import { END_GAME, ok } from '../admin/support.js';
import { choiceArb, decksFor, secretName, toMutation } from '../leak/moves.js';
import { moveDocument } from '../support/documents.js';
import { createGame, fetchGame, post, type CreatedGame } from '../support/game-api.js';
import { TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { builtinRulesets } from '../support/rulesets.js';

export const TRANSCRIPT = 'query T($gameId: ID!) { fairnessTranscript(gameId: $gameId) }';
const LEAN = { selection: 'version' };

/** One seat's library or deck: where shuffles and random picks matter. */
export async function deckOf(server: TestServer, game: CreatedGame) {
  const state = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
  const seat = game.players[0]!;
  const zone =
    state.zones.find(
      (z) => z.owner?.id === seat.id && z.count >= 3 && ['library', 'deck'].includes(z.type),
    ) ?? state.zones.find((z) => z.owner?.id === seat.id && z.count >= 3);
  return { state, seat, zone };
}

/** A shuffle, a RANDOM pick (a reveal of 2 random cards) and a shuffle of the top 3, by seat 0 on its own pile. */
export async function shuffleAndPick(server: TestServer, game: CreatedGame): Promise<void> {
  const { seat, zone } = await deckOf(server, game);
  if (!zone) throw new Error(`seat 0 has no pile of 3 or more in ${game.gameId}`);
  const shuffled = await post(
    server,
    moveDocument('shuffleZone', 'ShuffleZoneInput', LEAN),
    {
      input: { gameId: game.gameId, zoneId: zone.id },
    },
    seat.token,
  );
  expect(shuffled.errors, shuffled.text).toBeUndefined();
  const picked = await post(
    server,
    moveDocument('revealObjects', 'RevealObjectsInput', LEAN),
    {
      input: { gameId: game.gameId, select: { zoneId: zone.id, from: 'RANDOM', count: 2 }, toAll: true },
    },
    seat.token,
  );
  expect(picked.errors, picked.text).toBeUndefined();
  const partial = await post(
    server,
    moveDocument('shuffleZone', 'ShuffleZoneInput', LEAN),
    { input: { gameId: game.gameId, zoneId: zone.id, top: 3 } },
    seat.token,
  );
  expect(partial.errors, partial.text).toBeUndefined();
}

/**
 * Seat entropy (by the last seat), then a roll of the ruleset's first die and a flip of coins where
 * its file declares them (docs/fairness.md): rolls and flips drawn after the entropy.
 */
export async function entropyRollAndFlip(server: TestServer, game: CreatedGame, ruleset: string, n: number) {
  const table = builtinRulesets()
    .list()
    .find((r) => r.id === ruleset)?.table;
  const seat = game.players.at(-1)!;
  const send = async (field: string, input: Record<string, unknown>) => {
    const type = `${field[0]!.toUpperCase()}${field.slice(1)}Input`;
    const res = await post(
      server,
      moveDocument(field, type, LEAN),
      { input: { gameId: game.gameId, ...input } },
      seat.token,
    );
    expect(res.errors, res.text).toBeUndefined();
  };
  await send('addEntropy', { data: (n >>> 0).toString(16).padStart(8, '0') });
  if (table?.dice)
    await send('rollDice', { sides: table.dice.sides[n % table.dice.sides.length], count: 1 + (n % 3) });
  if (table?.coins) await send('flipCoin', { count: 1 + (n % 2) });
}

/** Steps {@link playSteps} leaves out: a game's end, and seat entropy (callers add their own). */
const UNPLAYED = new Set(['concede', 'endGameWithResult', 'addEntropy']);

/** Plays `steps` generated moves (some refused on purpose, as in the leak suite). */
export async function playSteps(
  server: TestServer,
  ruleset: string,
  game: CreatedGame,
  steps: number,
  seed: number,
) {
  const adminView = async () => (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
  const names = { made: 0 };
  const nextName = (kind: 'Token' | 'Layer') => secretName(kind, (names.made += 1));
  let state = await adminView();
  const choices = fc.sample(choiceArb, { numRuns: steps, seed });
  for (let i = 0; i < choices.length; i++) {
    const step = toMutation({ ruleset, state, nextName }, choices[i]!);
    // The caller ends the game itself, and computes per-act keys from the starting entropy.
    if (UNPLAYED.has(step.field)) continue;
    const token = game.players[step.actor]!.token;
    const refused = (await post(server, step.document, { input: step.input }, token)).errors;
    if (refused === undefined) state = await adminView();
  }
}

/**
 * A new game of `ruleset`, played: at least one shuffle, one partial shuffle and one random pick,
 * seat entropy, a roll and a flip where the ruleset declares dice and coins, then generated steps.
 */
export async function playedGame(
  server: TestServer,
  ruleset: string,
  players: number,
  steps: number,
  seed: number,
) {
  const game = await createGame(server, ruleset, decksFor(ruleset, players));
  await shuffleAndPick(server, game);
  await entropyRollAndFlip(server, game, ruleset, seed);
  await playSteps(server, ruleset, game, steps, seed);
  return game;
}

export const endGame = (server: TestServer, gameId: string) => ok(server, END_GAME, { gameId });

/** The transcript as `token` fetches it (a seat's, by default the admin's). */
export async function transcriptOf(server: TestServer, gameId: string, token = TEST_ADMIN_TOKEN) {
  return (await ok<{ fairnessTranscript: Transcript }>(server, TRANSCRIPT, { gameId }, token))
    .fairnessTranscript;
}

/** Runs `sql` on the test database (planted tamperings). */
export async function onDatabase(server: TestServer, sql: string, params: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const res = await client.query(sql, params);
    expect(res.rowCount, sql).toBeGreaterThan(0);
  } finally {
    await client.end();
  }
}
