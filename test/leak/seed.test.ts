/**
 * zk-rng/1 secrets never leave the service before the end (docs/fairness.md, "Reveal"): a game
 * played on a server with a known injected seed, every output path read as every viewer before
 * the end (mutation payloads, game views, the event history with the fairness fields, the refused
 * transcript, the admin's list, snapshot and export, the metrics page), and none of them carries
 * the seed or any act's key, in hex, base64 or base64url. The keys are known only after the end,
 * from the transcript; the scan is shown able to find the seed by finding it after the end.
 */
import { beforeAll, expect, it } from 'vitest';
import { perActKey, startEntropy } from '../../client/verify.js';
import { newId } from '../../src/ids.js';
import { ADMIN_GAMES, EXPORT_GAME, GAME_AT } from '../admin/support.js';
import { endGame, playSteps, shuffleAndPick, transcriptOf, TRANSCRIPT } from '../fairness/support.js';
import { createGame, fetchGame, fetchHistory, post } from '../support/game-api.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { decksFor } from './moves.js';

const SEED = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) & 0xff);
const FAIRNESS_FIELDS =
  'query F($gameId: ID!) { gameEvents(gameId: $gameId, first: 100) { seq randomness { scheme acts } commitment { hash gameId } revealedSeed } }';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { random: { newId, newSeed: () => SEED } });
});

const encodings = (bytes: Uint8Array) => {
  const b = Buffer.from(bytes);
  return [b.toString('hex'), b.toString('base64').replace(/=+$/, ''), b.toString('base64url')];
};

it('no output path carries the seed or a per-act key before the end', { timeout: 120_000 }, async () => {
  const outputs: string[] = [];
  const read = async (query: string, variables: Record<string, unknown>, token?: string) =>
    outputs.push((await post(server, query, variables, token)).text);
  for (const ruleset of ['mtg', 'netrunner']) {
    const game = await createGame(server, ruleset, decksFor(ruleset, 2));
    await shuffleAndPick(server, game);
    await shuffleAndPick(server, game);
    await playSteps(server, ruleset, game, 10, 7);
    const tokens = [...game.players.map((p) => p.token), game.spectatorToken, TEST_ADMIN_TOKEN];
    for (const token of tokens) {
      outputs.push((await fetchGame(server, game.gameId, token)).text);
      outputs.push(...(await fetchHistory(server, game.gameId, 0, token)).texts);
      await read(FAIRNESS_FIELDS, { gameId: game.gameId }, token);
      await read(TRANSCRIPT, { gameId: game.gameId }, token);
    }
    const as = { kind: 'ADMIN' };
    await read(GAME_AT, { gameId: game.gameId, seq: 3, as }, TEST_ADMIN_TOKEN);
    await read(ADMIN_GAMES, {}, TEST_ADMIN_TOKEN);
    await read(EXPORT_GAME, { gameId: game.gameId }, TEST_ADMIN_TOKEN);
    outputs.push(await (await fetch(new URL('/metrics', server.url))).text());

    await endGame(server, game.gameId);
    const t = await transcriptOf(server, game.gameId);
    const commitment = t.commitments.at(-1)!;
    const keys = t.events.flatMap((e) =>
      e.acts.map((a) => perActKey(SEED, commitment.gameId, e.seq, a.index, startEntropy())),
    );
    expect(keys.length).toBeGreaterThanOrEqual(4);
    const needles = [SEED, ...keys].flatMap(encodings);
    const all = outputs.join('\n');
    for (const needle of needles) expect(all.includes(needle), `leaked ${needle}`).toBe(false);
    // The scan can see a seed where there is one: after the end, the reveal carries it.
    expect(JSON.stringify(t)).toContain(encodings(SEED)[0]);
    outputs.length = 0;
  }
});
