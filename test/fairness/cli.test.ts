/**
 * `npm run -s admin -- verify <gameId>` (scripts/admin.ts) against a live service: an ended game
 * verifies; with its revealed seed tampered, the command exits 1 naming the reveal event.
 */
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { decksFor } from '../leak/moves.js';
import { createGame } from '../support/game-api.js';
import { ROOT, runCommand } from '../support/process.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { endGame, entropyRollAndFlip, onDatabase, shuffleAndPick, transcriptOf } from './support.js';

const SLOW = 180_000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

const verify = (gameId: string) =>
  runCommand(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/admin.ts', 'verify', gameId], {
    env: { ...process.env, ZONEKEEPER_URL: server.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN },
    killAfterMs: SLOW - 30_000,
  });

it(
  'verify reports an ended game verified, and a tampered one by its first bad event',
  { timeout: SLOW },
  async () => {
    const game = await createGame(server, 'mtg', decksFor('mtg', 2));
    await shuffleAndPick(server, game);
    await entropyRollAndFlip(server, game, 'mtg', 1);
    await endGame(server, game.gameId);
    const good = await verify(game.gameId);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toContain(
      'verified: 5 random acts verified (2 shuffles of which 1 partial, 1 picks, 1 rolls, 1 flips), 0 not covered',
    );

    const reveal = (await transcriptOf(server, game.gameId)).reveal!;
    await onDatabase(
      server,
      `UPDATE game_event SET payload = jsonb_set(payload, '{seedReveal,seed}', to_jsonb($3::text))
     WHERE game_id = $1::uuid AND seq = $2`,
      [game.gameId, reveal.seq, '00'.repeat(32)],
    );
    const bad = await verify(game.gameId);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      `event ${reveal.seq} does not match: the revealed seed does not match the commitment`,
    );
  },
);
