/**
 * The judges guide's export-then-import round trip (`npm run -s admin -- export <id> | npm run -s
 * admin -- import -`, docs/admin.md), run as written, as one shell pipeline of the real command
 * line, on games of the sizes people play: two seats of 60 cards, and four seats of 100 cards
 * each. Their documents are larger than the anonymous body cap (MAX_PAYLOAD_BYTES), so the import
 * only works because an admin's body may be as large as ADMIN_MAX_PAYLOAD_BYTES. Each seat sees
 * the copy as it saw the original (apart from ids), and the copy's fairness transcript verifies
 * where the original's did: a copy of an active game from its import on, a copy of an ended game
 * everywhere.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyGame } from '../../client/verify.js';
import { moveDocument } from '../support/documents.js';
import { createGame, drawCards, fetchGame, post, type CreatedGame } from '../support/game-api.js';
import { ROOT, runCommand } from '../support/process.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { endGame, transcriptOf } from '../fairness/support.js';
import { normaliseIds, ok, type ImportJson } from './support.js';

/** Two `tsx` processes and a game's worth of JSON between them: seconds on a busy machine. */
const SLOW = 300_000;
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const LEAN = { selection: 'version' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

/** A Magic game of `seats` seats with `cards` distinct cards each in their libraries. */
async function newGame(seats: number, cards: number): Promise<CreatedGame> {
  return createGame(
    server,
    'mtg',
    Array.from({ length: seats }, (_, s) =>
      Array.from({ length: cards }, (_, c) => ({
        name: `Seat ${s} card ${c}`,
        types: [c % 3 === 0 ? 'Land' : 'Creature'],
        text: `The ${c}th card of seat ${s}.`,
      })),
    ),
    undefined,
    { add: false },
  );
}

/**
 * Each seat adds its entropy (random acts wait for every seat's), then each shuffles its library and
 * draws an opening hand of seven.
 */
async function shuffleAndDraw(game: CreatedGame): Promise<void> {
  const zones = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.zones;
  const sender =
    (seat: CreatedGame['players'][number]) => (field: string, input: Record<string, unknown>, type: string) =>
      ok(server, moveDocument(field, type, LEAN), { input: { gameId: game.gameId, ...input } }, seat.token);
  for (const seat of game.players)
    await sender(seat)('addEntropy', { data: (0x5eed0000 + seat.seat).toString(16) }, 'AddEntropyInput');
  for (const seat of game.players) {
    const send = sender(seat);
    const library = zones.find((z) => z.type === 'library' && z.owner?.id === seat.id)!;
    await send('shuffleZone', { zoneId: library.id }, 'ShuffleZoneInput');
    await drawCards(server, game.gameId, seat, 7);
  }
}

/** The guide's pipeline, as a shell runs it, with the admin's environment. */
async function exportThenImport(gameId: string): Promise<ImportJson> {
  const run = await runCommand(
    'sh',
    ['-c', `"${TSX}" scripts/admin.ts export "$1" | "${TSX}" scripts/admin.ts import -`, 'sh', gameId],
    {
      env: { ...process.env, ZONEKEEPER_URL: server.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN },
      killAfterMs: SLOW - 30_000,
    },
  );
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as ImportJson;
}

/** Each seat's view of a game, with its version and seq left out (the import appends one event). */
async function seatViews(gameId: string, tokens: readonly string[]) {
  return Promise.all(
    tokens.map(async (token) => {
      const { game } = await fetchGame(server, gameId, token);
      return normaliseIds({ ...game, version: 0, lastSeq: 0 });
    }),
  );
}

describe.each([
  { seats: 2, cards: 60 },
  { seats: 4, cards: 100 },
])('the guide export | import round trip: $seats seats of $cards cards', ({ seats, cards }) => {
  it(
    'imports a document larger than the anonymous cap; every seat sees the same game; the transcripts verify alike',
    async () => {
      const original = await newGame(seats, cards);
      await shuffleAndDraw(original);
      const document = await post<{ exportGame: unknown }>(
        server,
        'query($id: ID!) { exportGame(gameId: $id) }',
        { id: original.gameId },
        TEST_ADMIN_TOKEN,
      );
      const bytes = Buffer.byteLength(JSON.stringify({ query: '', variables: { data: document.data } }));
      // The reason for the admin's own cap: the anonymous one would refuse this document.
      expect(bytes).toBeGreaterThan(server.app.service.config.MAX_PAYLOAD_BYTES);

      const imported = await exportThenImport(original.gameId);
      expect(imported.importedFrom).toBe(original.gameId);
      expect(imported.seats.map((s) => s.player.seat)).toEqual(original.players.map((p) => p.seat));
      const copy: CreatedGame = {
        gameId: imported.game.id,
        spectatorToken: imported.spectatorToken,
        players: imported.seats.map((s) => ({ ...s.player, token: s.token })),
      };
      expect(copy.gameId).not.toBe(original.gameId);

      // Each seat (and a spectator) sees the copy as it saw the original, apart from ids.
      const viewers = (g: CreatedGame) => [...g.players.map((p) => p.token), g.spectatorToken];
      expect(await seatViews(copy.gameId, viewers(copy))).toEqual(
        await seatViews(original.gameId, viewers(original)),
      );

      // The same play after the copy, then the end: each seat's transcript verifies in both games.
      // The copy has a seed of its own, committed at its import: its acts from before the import
      // are not covered, its later ones are: `partial` (docs/fairness.md).
      for (const game of [original, copy]) {
        await shuffleAndDraw(game);
        await endGame(server, game.gameId);
      }
      // The ended original, exported and imported again, carries its reveal: the copy of an ended
      // game verifies every act the original did.
      const ended = await exportThenImport(original.gameId);
      expect(ended.game.status).toBe('ENDED');
      for (const [i, seat] of original.players.entries()) {
        const before = verifyGame(await transcriptOf(server, original.gameId, seat.token));
        const after = verifyGame(await transcriptOf(server, copy.gameId, copy.players[i]!.token));
        const endedCopy = verifyGame(await transcriptOf(server, ended.game.id, ended.seats[i]!.token));
        expect(before).toMatchObject({ verdict: 'verified', verified: 2 * seats, notCovered: 0 });
        expect(after).toMatchObject({ verdict: 'partial', verified: seats, notCovered: seats });
        expect(endedCopy).toEqual(before);
      }
    },
    SLOW,
  );
});
