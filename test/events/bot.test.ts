/**
 * Runs the guide's bot (`examples/bot.ts`) as its own process against the real server: it follows
 * the game as Alice, prints the cards arriving in her hand and her library count, and stops after
 * ZK_MAX_EVENTS events.
 */
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { createGame, deck, draw, loadGame, zoneOf } from '../api/helpers.js';
import { docExample } from '../support/doc-example.js';
import { runTs } from '../support/doc-run.js';
import { ROOT } from '../support/process.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { eventually, within } from './log-rows.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});

/** A two-seat MTG game of ten-card decks (Alice, Bob) and a `zone(type, ownerId)` lookup. */
async function twoSeatGame() {
  const game = await createGame(s, 'mtg', [
    { name: 'Alice', deck: deck('Alpha', 10) },
    { name: 'Bob', deck: deck('Beta', 10) },
  ]);
  const gameId = game.game.id;
  const [alice, bob] = game.seats as [(typeof game.seats)[0], (typeof game.seats)[0]];
  const g = await loadGame(s, gameId, TEST_ADMIN_TOKEN);
  const zone = (type: string, owner: string) => zoneOf(g, type, owner);
  return { gameId, alice, bob, zone };
}

/**
 * The guide's command: its variables (by name; the values are this test's) and the script it
 * runs with `npx tsx`.
 */
function readmeCommand(): { names: string[]; script: string } {
  const words = docExample('bot-run').split(/\s+(?![^<]*>)/);
  const names = words.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.slice(0, w.indexOf('=')));
  const rest = words.filter((w) => !/^[A-Z_]+=/.test(w));
  expect(rest.slice(0, 2)).toEqual(['npx', 'tsx']);
  return { names, script: rest[2]! };
}

/** Starts the guide's bot with `env`; `output()` is everything it printed so far. */
function startBot(env: Record<string, string>) {
  const { names, script } = readmeCommand();
  // The guide sets these; the tests may add more (ZK_MAX_EVENTS…), never miss one.
  expect(Object.keys(env)).toEqual(expect.arrayContaining(names));
  return runTs(path.join(ROOT, script), env, ROOT);
}

it('examples/bot.ts reacts to its hand and library, then exits after N events', async () => {
  const { gameId, alice, bob, zone } = await twoSeatGame();
  const { kill, exited, output } = startBot({
    ZK_URL: s.url,
    ZK_TOKEN: alice.token,
    ZK_GAME: gameId,
    ZK_MAX_EVENTS: '2',
    ZK_TIMEOUT_MS: '30000',
  });
  try {
    await eventually(() => output().includes('bot: subscribed'), 30_000, `bot start:\n${output()}`);
    await draw(s, gameId, zone('library', alice.player.id), zone('hand', alice.player.id), 2, alice.token);
    await draw(s, gameId, zone('library', bob.player.id), zone('hand', bob.player.id), 1, bob.token);
    expect(await within(30_000, `bot exit:\n${output()}`, exited)).toBe(0);
  } finally {
    kill();
  }
  const out = output();
  expect(out).toMatch(/#\d+ to hand: Alpha 1/);
  expect(out).toMatch(/#\d+ to hand: Alpha 2/);
  expect(out).toMatch(/#\d+ library: 8/);
  expect(out).toContain('bot: done (2 events)');
}, 90_000);

it('examples/bot.ts with ZK_AFTER_SEQ=0 prints each library count as it was after that event', async () => {
  const { gameId, alice, bob, zone } = await twoSeatGame();
  // History before the bot starts: Alice's library goes 10 → 8 → 7 → 8 (a card put back on top).
  await draw(s, gameId, zone('library', alice.player.id), zone('hand', alice.player.id), 2, alice.token);
  await draw(s, gameId, zone('library', bob.player.id), zone('hand', bob.player.id), 1, bob.token);
  await draw(s, gameId, zone('library', alice.player.id), zone('hand', alice.player.id), 1, alice.token);
  await draw(s, gameId, zone('hand', alice.player.id), zone('library', alice.player.id), 1, alice.token);
  const { lastSeq } = await loadGame(s, gameId, TEST_ADMIN_TOKEN);

  const out = await runBot({
    ZK_URL: s.url,
    ZK_TOKEN: alice.token,
    ZK_GAME: gameId,
    ZK_AFTER_SEQ: '0',
    ZK_MAX_EVENTS: String(lastSeq),
    ZK_TIMEOUT_MS: '30000',
  });
  const counts = (text: string) => [...text.matchAll(/#\d+ library: (\d+)/g)].map((m) => Number(m[1]));
  expect(counts(out)).toEqual([10, 8, 7, 8]);
  expect(out).toContain('library 0 after #0');
  expect(out).toContain(`bot: done (${lastSeq} events), last seq ${lastSeq}`);

  // From the middle of the log: the count as of seq 2 is today's minus what seqs 3.. changed.
  const fromTwo = await runBot({
    ZK_URL: s.url,
    ZK_TOKEN: alice.token,
    ZK_GAME: gameId,
    ZK_AFTER_SEQ: '2',
    ZK_MAX_EVENTS: String(lastSeq - 2),
    ZK_TIMEOUT_MS: '30000',
  });
  expect(counts(fromTwo)).toEqual([7, 8]);
  expect(fromTwo).toContain('library 8 after #2');
}, 90_000);

it("prints what the guide shows, line for line, for the guide's game (ids aside)", async () => {
  const shown = docExample('bot-output').split('\n');
  // The guide's game: Alice's library of the size its first line gives, the cards it shows
  // arriving in her hand on top, drawn by one move after the bot subscribed.
  const size = Number(/library (\d+) after #\d+,/.exec(shown[0]!)?.[1]);
  const arriving = shown.flatMap((l) => /^bot: #\d+ to hand: (.+)$/.exec(l)?.[1] ?? []);
  expect(arriving.length).toBeGreaterThan(0);
  const game = await createGame(s, 'mtg', [
    {
      name: 'Alice',
      deck: [...arriving.map((name) => ({ name })), ...deck('Alpha', size - arriving.length)],
    },
    { name: 'Bob', deck: deck('Beta', 10) },
  ]);
  const alice = game.seats[0]!;
  const g = await loadGame(s, game.game.id, TEST_ADMIN_TOKEN);
  const { kill, exited, output } = startBot({
    ZK_URL: s.url,
    ZK_TOKEN: alice.token,
    ZK_GAME: game.game.id,
    ZK_MAX_EVENTS: '1',
    ZK_TIMEOUT_MS: '30000',
  });
  try {
    await eventually(() => output().includes('bot: subscribed'), 30_000, `bot start:\n${output()}`);
    const me = alice.player.id;
    await draw(
      s,
      game.game.id,
      zoneOf(g, 'library', me),
      zoneOf(g, 'hand', me),
      arriving.length,
      alice.token,
    );
    expect(await within(30_000, `bot exit:\n${output()}`, exited)).toBe(0);
  } finally {
    kill();
  }
  const printed = output().trim().split('\n');
  // Seq 2 is the seat's own entropy, added by the client's first read; the draw is seq 3.
  expect(printed.at(-1)).toBe('bot: done (1 events), last seq 3');
  // A shortened id in the guide (`5b0d…`) stands for a whole one.
  const pattern = (line: string) =>
    new RegExp(
      `^${line
        .split(/[0-9a-f]{4}…/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[0-9a-f-]{36}')}$`,
    );
  // The cards one move brings are printed in the order its event lists them, which is not the
  // library's: the "to hand" lines are compared as a set, in the guide's place.
  const arrivals = (lines: string[]) => lines.filter((l) => / to hand: /.test(l)).sort();
  const others = (lines: string[]) => lines.filter((l) => !/ to hand: /.test(l));
  const real = printed.slice(0, -1);
  expect(real).toHaveLength(shown.length);
  expect(arrivals(real)).toEqual(arrivals(shown));
  expect(real.findIndex((l) => / to hand: /.test(l))).toBe(shown.findIndex((l) => / to hand: /.test(l)));
  others(shown).forEach((line, i) => expect(others(real)[i], `guide line: ${line}`).toMatch(pattern(line)));
}, 90_000);

/** Runs the bot to its end and returns everything it printed. */
async function runBot(env: Record<string, string>): Promise<string> {
  const { kill, exited, output } = startBot(env);
  try {
    expect(await within(30_000, `bot exit:\n${output()}`, exited), output()).toBe(0);
  } finally {
    kill();
  }
  return output();
}
