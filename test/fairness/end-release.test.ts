/**
 * What the end of a game releases to each viewer, on its own (docs/fairness.md, "What the end
 * releases"): before the end a seat sees its own `deckCommitment` and no other's, and the transcript
 * is refused; after it, a seat's transcript opens its own starting cards only and holds no face of
 * another seat's cards; a spectator gets no seat's; an admin and the referee every seat's; and a
 * game created with `revealFacesAfterEnd` opens every seat's to everyone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyGame, type Transcript } from '../../client/verify.js';
import { decksFor } from '../leak/moves.js';
import {
  addSeatEntropy,
  CREATE_GAME,
  createGame,
  post,
  type CreatedGame,
  type DeckCard,
} from '../support/game-api.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { endGame, shuffleAndPick, transcriptOf, TRANSCRIPT } from './support.js';
import { seatEvents, seatRecord } from './seat-support.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

const namesOf = (deck: readonly DeckCard[]) => deck.map((c) => c.name);
const seatIds = (t: Transcript) => (t.seats ?? []).map((s) => s.playerId).sort();
const deckCommitmentAt1 = async (gameId: string, token: string) =>
  (await seatEvents(server, gameId, token)).find((e) => e.seq === 1)?.deckCommitment ?? null;

/** A two-seat game, created with or without `revealFacesAfterEnd`. */
async function newGame(decks: DeckCard[][], revealFacesAfterEnd: boolean): Promise<CreatedGame> {
  if (!revealFacesAfterEnd) return createGame(server, 'mtg', decks);
  const input = { ruleset: 'mtg', players: decks.map((deck, i) => ({ name: `Seat ${i}`, deck })) };
  const res = await post(server, CREATE_GAME, { input: { ...input, revealFacesAfterEnd: true } });
  type Seat = { player: { id: string; seat: number }; token: string };
  const created = (
    res.data as { createGame: { game: { id: string }; seats: Seat[]; spectatorToken: string } }
  ).createGame;
  const game = {
    gameId: created.game.id,
    spectatorToken: created.spectatorToken,
    players: created.seats.map((s) => ({ ...s.player, token: s.token })),
  };
  // As `createGame` does: each seat adds its entropy, so the game's random acts may start.
  await addSeatEntropy(server, game);
  return game;
}

describe('what the end releases', () => {
  const decks = decksFor('mtg', 2);
  let game: CreatedGame;
  beforeAll(async () => {
    game = await newGame(decks, false);
    await shuffleAndPick(server, game);
  });

  it('before the end: each seat sees its own deck commitment only, and the transcript is refused', async () => {
    const [alice, bob] = game.players;
    const mine = await deckCommitmentAt1(game.gameId, alice!.token);
    const theirs = await deckCommitmentAt1(game.gameId, bob!.token);
    expect(mine).toMatch(/^[0-9a-f]{64}$/);
    expect(theirs).toMatch(/^[0-9a-f]{64}$/);
    expect(mine).not.toBe(theirs);
    for (const token of [game.spectatorToken, TEST_ADMIN_TOKEN])
      expect(await deckCommitmentAt1(game.gameId, token)).toBeNull();
    const early = await post(server, TRANSCRIPT, { gameId: game.gameId }, alice!.token);
    expect(early.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('after the end: a seat gets its own opening only, no face of the other seat’s cards', async () => {
    await endGame(server, game.gameId);
    for (const [i, seat] of game.players.entries()) {
      const t = await transcriptOf(server, game.gameId, seat.token);
      expect(seatIds(t)).toEqual([seat.id]);
      expect(t.faces).toBeUndefined();
      expect(t.seats![0]!.opening.map((c) => c.face).sort()).toEqual(namesOf(decks[i]!).sort());
      const text = JSON.stringify(t);
      for (const name of namesOf(decks[1 - i]!)) expect(text).not.toContain(name);
      // What it was released opens the commitment it saw at the start.
      const report = verifyGame(t, await seatRecord(server, game.gameId, seat, decks[i]!));
      expect(report.verdict).toBe('verified');
    }
  });

  it('after the end: a spectator gets no seat’s opening; an admin every seat’s', async () => {
    const spectator = await transcriptOf(server, game.gameId, game.spectatorToken);
    expect(spectator.seats).toEqual([]);
    const text = JSON.stringify(spectator);
    for (const name of decks.flatMap(namesOf)) expect(text).not.toContain(name);
    const admin = await transcriptOf(server, game.gameId, TEST_ADMIN_TOKEN);
    expect(seatIds(admin)).toEqual(game.players.map((p) => p.id).sort());
  });

  it('a game created to show faces opens every seat’s to every seat', async () => {
    const shown = await newGame(decks, true);
    await shuffleAndPick(server, shown);
    await endGame(server, shown.gameId);
    const t = await transcriptOf(server, shown.gameId, shown.players[0]!.token);
    expect(seatIds(t)).toEqual(shown.players.map((p) => p.id).sort());
    expect(Object.values(t.faces ?? {})).toEqual(expect.arrayContaining(namesOf(decks[1]!)));
  });
});
