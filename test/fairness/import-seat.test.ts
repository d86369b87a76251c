/**
 * A seat of an imported game and its own cards (docs/fairness.md, "Export and import"). An ended
 * game's export carries the reveal, so its import promises everything and the seat's replay runs.
 * A game exported in play is imported under a new seed: the import names, with typed codes, the
 * guarantees it cannot give, and the seat's `verifyGame` reports that its cards were not replayed
 * (`partial`, `seat.notChecked`) instead of a false mismatch or a silent pass. A forged later
 * commitment meant to skip the replay is caught by the commitments the seat saw live.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyGame, type Transcript } from '../../client/verify.js';
import { decksFor } from '../leak/moves.js';
import { EXPORT_GAME, IMPORT_GAME, ok, type ImportJson } from '../admin/support.js';
import { addSeatEntropy, createGame, type CreatedGame, type DeckCard } from '../support/game-api.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { endGame, shuffleAndPick, transcriptOf } from './support.js';
import { seatRecord } from './seat-support.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

/** The game exported and imported: the copy's credentials and the import's stated limits. */
async function importOf(game: CreatedGame) {
  const doc = (await ok<{ exportGame: unknown }>(server, EXPORT_GAME, { gameId: game.gameId })).exportGame;
  const imported = (await ok<{ importGame: ImportJson }>(server, IMPORT_GAME, { data: doc })).importGame;
  const copy: CreatedGame = {
    gameId: imported.game.id,
    spectatorToken: imported.spectatorToken,
    players: imported.seats.map(({ player, token }) => ({ ...player, token })),
  };
  return { copy, limits: imported.fairnessLimits.map((l) => l.code) };
}

/** Seat 0's transcript of the ended copy and its live record, with its deck. */
async function seatView(copy: CreatedGame, deck: DeckCard[]) {
  const seat = copy.players[0]!;
  const t = await transcriptOf(server, copy.gameId, seat.token);
  return { t, record: await seatRecord(server, copy.gameId, seat, deck) };
}

const decks = () => decksFor('mtg', 2);

describe('a seat of an imported game checks its own cards', () => {
  it('an ended game imported: nothing is lost, the seat replays its cards', async () => {
    const d = decks();
    const game = await createGame(server, 'mtg', d);
    await shuffleAndPick(server, game);
    await endGame(server, game.gameId);
    const { copy, limits } = await importOf(game);
    expect(limits).toEqual([]);
    const { t, record } = await seatView(copy, d[0]!);
    const report = verifyGame(t, record);
    expect(report).toMatchObject({ verdict: 'verified', verified: 3 });
    expect(report.seat!.notChecked).toBeUndefined();
    expect(report.seat!.replayed).toMatchObject({ shuffle: 2, pick: 1 });
  });

  it('a game imported in play after random acts: both limits named, the seat’s check is partial', async () => {
    const d = decks();
    const game = await createGame(server, 'mtg', d);
    await shuffleAndPick(server, game);
    const { copy, limits } = await importOf(game);
    expect(limits).toEqual(['ACTS_BEFORE_IMPORT', 'SEAT_CARDS_UNOPENED']);
    await addSeatEntropy(server, copy);
    await shuffleAndPick(server, copy);
    await endGame(server, copy.gameId);
    const { t, record } = await seatView(copy, d[0]!);
    const report = verifyGame(t, record);
    expect(report).toMatchObject({ verdict: 'partial', verified: 3, notCovered: 3 });
    expect(report.firstMismatch).toBeUndefined();
    expect(report.seat!.notChecked).toMatchObject({
      code: 'SEAT_CARDS_UNOPENED',
      seq: t.commitments[1]!.seq,
    });
    expect(report.seat!.replayed).toEqual({ shuffle: 0, pick: 0, order: 0 });
  });

  it('a game imported in play before any random act: every act verifies, yet the seat’s check is partial, not verified', async () => {
    const d = decks();
    const game = await createGame(server, 'mtg', d);
    const { copy, limits } = await importOf(game);
    expect(limits).toEqual(['SEAT_CARDS_UNOPENED']);
    await addSeatEntropy(server, copy);
    await shuffleAndPick(server, copy);
    await endGame(server, copy.gameId);
    const { t, record } = await seatView(copy, d[0]!);
    // Without the seat's record every act checks; with it, the unopened cards are said, not passed over.
    expect(verifyGame(t)).toMatchObject({ verdict: 'verified', verified: 3, notCovered: 0 });
    const report = verifyGame(t, record);
    expect(report.verdict).toBe('partial');
    expect(report.seat!.notChecked?.code).toBe('SEAT_CARDS_UNOPENED');
    expect(report.seat!.notChecked?.reason).toMatch(/not replayed/);
  });

  it('a forged later commitment to skip the replay is a mismatch for the seat that never saw it', async () => {
    const d = decks();
    const game = await createGame(server, 'mtg', d);
    await shuffleAndPick(server, game);
    await endGame(server, game.gameId);
    const { t, record } = await seatView(game, d[0]!);
    expect(verifyGame(t, record).verdict).toBe('verified');
    // The same seed committed again before the acts: every act still follows, the seat's cards
    // would no longer be opened.
    const forged: Transcript = structuredClone(t);
    const fake = { ...forged.commitments[0]!, seq: 1.5 };
    forged.commitments.splice(1, 0, fake);
    expect(verifyGame(forged)).toMatchObject({ verdict: 'verified', verified: 3 });
    expect(verifyGame(forged, record)).toMatchObject({
      verdict: 'mismatch',
      firstMismatch: { seq: 1.5, reason: 'the seed opens a commitment the seat never saw' },
    });
    // A record that lists no commitments (made before they were recorded) still never passes it.
    expect(verifyGame(forged, { ...record, commitments: undefined }).verdict).toBe('partial');
  });
});
