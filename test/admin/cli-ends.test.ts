/**
 * Where the admin command line stops: `import` prints the new game's credentials (the referee
 * token included, shown once), `tail --count` prints exactly that many events, `tail` ends at a
 * game's end or archive unless `--follow`, and a closed pipe ends the CLI quietly.
 */
import { spawn } from 'node:child_process';
import { beforeAll, expect, it } from 'vitest';
import { createGame, drawCards, post, type CreatedGame } from '../support/game-api.js';
import { compiledAdminCli } from '../support/admin-cli.js';
import { ROOT, runCommand, type CommandRun } from '../support/process.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';
import { ARCHIVE_GAME, END_GAME, EXPORT_GAME } from './support.js';

const SLOW = 180_000;
/** `scripts/admin.ts`, compiled once for the file (test/support/admin-cli.ts). */
const ADMIN = compiledAdminCli();
let server: TestServer;

const env = () => ({ ...process.env, ZONEKEEPER_URL: server.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN });
const cli = (args: string[], killAfterMs = 120_000): Promise<CommandRun> =>
  runCommand(ADMIN[0], [ADMIN[1], ...args], { env: env(), killAfterMs });
const admin = (query: string, variables: Record<string, unknown>) =>
  post(server, query, variables, TEST_ADMIN_TOKEN);
const DECK = Array.from({ length: 10 }, (_, i) => ({ name: `Card ${i + 1}`, types: ['creature'] }));

/** A game with `moves` draws after its creation: events 1 (created) to 1 + moves. */
async function gameWithMoves(moves: number): Promise<CreatedGame> {
  const game = await createGame(server, 'mtg', [DECK, DECK]);
  await drawCards(server, game.gameId, game.players[0]!, moves);
  return game;
}

const seqs = (run: CommandRun) =>
  run.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { seq: number; kind: string }).seq);

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);

it(
  'import prints the new credentials once, the referee token included, and that token works',
  async () => {
    const game = await gameWithMoves(1);
    const exported = await admin(EXPORT_GAME, { gameId: game.gameId });
    const run = await runCommand(ADMIN[0], [ADMIN[1], 'import', '-'], {
      env: env(),
      stdin: JSON.stringify((exported.data as { exportGame: unknown }).exportGame),
      killAfterMs: 120_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const payload = JSON.parse(run.stdout) as {
      game: { id: string };
      refereeToken: string;
      spectatorToken: string;
    };
    expect(payload.refereeToken).toMatch(/\S{20,}/);
    expect(run.stderr).toContain('shown once');
    const who = await post<{ whoami: { kind: string; gameId: string } }>(
      server,
      '{ whoami { kind gameId } }',
      {},
      payload.refereeToken,
    );
    expect(who.data?.whoami).toEqual({ kind: 'REFEREE', gameId: payload.game.id });
  },
  SLOW,
);

it(
  'tail --count 2 prints exactly 2 events, from a replay of a longer log',
  async () => {
    const game = await gameWithMoves(6);
    const [fromStart, afterTwo] = await Promise.all([
      cli(['tail', game.gameId, '--after', '0', '--count', '2']),
      cli(['tail', game.gameId, '--after', '2', '--count', '2']),
    ]);
    expect(fromStart.code, fromStart.stderr).toBe(0);
    expect(seqs(fromStart)).toEqual([1, 2]);
    expect(afterTwo.code, afterTwo.stderr).toBe(0);
    expect(seqs(afterTwo)).toEqual([3, 4]);
  },
  SLOW,
);

it(
  'tail ends at GAME_ENDED, and at once on an archived game; --follow keeps following',
  async () => {
    const game = await gameWithMoves(0);
    // Live tail of an active game, then the game ends: the tail prints GAME_ENDED and exits 0.
    const child = spawn(ADMIN[0], [ADMIN[1], 'tail', game.gameId, '--after', '0'], {
      cwd: ROOT,
      env: env(),
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    try {
      for (let i = 0; i < 1200 && !stdout.includes('GAME_CREATED'); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(stdout).toContain('GAME_CREATED');
      expect((await admin(END_GAME, { gameId: game.gameId })).errors).toBeUndefined();
      expect(await exited).toBe(0);
    } finally {
      clearTimeout(killer);
      child.kill('SIGKILL');
    }
    const kinds = stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { kind: string }).kind);
    expect(kinds.at(-1)).toBe('GAME_ENDED');

    expect((await admin(ARCHIVE_GAME, { gameId: game.gameId })).errors).toBeUndefined();
    const archived = await cli(['tail', game.gameId]);
    expect(archived.code, archived.stderr).toBe(0);
    expect(archived.stdout).toBe('');
    expect(archived.stderr).toContain('is ARCHIVED');

    // With --follow it subscribes and waits for events that will not come: once its subscription
    // is live (the hub counts it) it is still running, and it ends when interrupted.
    const hub = server.app.service.hub;
    await until(() => hub.stats().subscribers === 0, 'the ended tail to unsubscribe');
    const follower = spawn(ADMIN[0], [ADMIN[1], 'tail', game.gameId, '--follow'], { cwd: ROOT, env: env() });
    const followerExited = new Promise<number | null>((resolve) => follower.on('exit', resolve));
    let followed = '';
    let followerErr = '';
    follower.stdout.setEncoding('utf8').on('data', (d: string) => (followed += d));
    follower.stderr.setEncoding('utf8').on('data', (d: string) => (followerErr += d));
    try {
      await until(
        () => hub.stats().subscribers === 1 || follower.exitCode !== null,
        () => `the --follow tail to subscribe: ${followerErr}`,
        { timeoutMs: 120_000 },
      );
      expect(follower.exitCode, `still following: ${followerErr}`).toBeNull();
    } finally {
      follower.kill('SIGINT');
    }
    expect(await followerExited, followerErr).toBe(0);
    expect(followed).toBe('');
  },
  SLOW,
);

it(
  'a closed pipe ends the CLI quietly: list --json | head -1, and a reader that reads nothing',
  async () => {
    await createGame(server, 'mtg', [DECK, DECK]);
    for (const reader of ['head -1', 'true']) {
      const run = await runCommand(
        'bash',
        ['-o', 'pipefail', '-c', `"$0" "$1" list --json | ${reader}`, ...ADMIN],
        {
          env: env(),
          killAfterMs: 120_000,
        },
      );
      expect(run.code, `${reader}: ${run.stderr}`).toBe(0);
      expect(run.stderr, reader).not.toMatch(/EPIPE|^\s+at /m);
    }
  },
  SLOW,
);
