/**
 * Issue 7: the admin command line (`npm run admin -- …` = `tsx scripts/admin.ts …`), run as a real
 * child process against a test server, with ZONEKEEPER_URL and ADMIN_TOKEN in its environment.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, fetchGame, type CreatedGame } from '../support/game-api.js';
import { ROOT } from '../support/process.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { normaliseIds } from './support.js';

let server: TestServer;
let game: CreatedGame;
let dir: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npx tsx scripts/admin.ts …args` with the given environment (stdin optional). */
function cli(args: string[], env: Record<string, string | undefined> = {}, stdin?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'scripts/admin.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ZONEKEEPER_URL: server.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

beforeAll(async () => {
  server = await startTestServer();
  game = await createGame(server, 'mtg', [
    [
      { name: 'Grizzly Bears', types: ['creature'] },
      { name: 'Opening Hand', types: ['instant'], zone: 'hand' },
    ],
    [{ name: 'Llanowar Elves', types: ['creature'], zone: 'battlefield' }],
  ]);
  await createGame(server, 'fab', [
    [{ name: 'Hero', types: ['hero'], zone: 'hero' }],
    [{ name: 'Other', types: ['hero'], zone: 'hero' }],
  ]);
  dir = await mkdtemp(path.join(tmpdir(), 'zk-admin-cli-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Each command is a fresh `npx tsx` process: seconds each on a busy machine. */
const SLOW = 180_000;

describe('npm run admin', () => {
  it(
    'list prints a table of games, and JSON with --json; filters apply',
    async () => {
      const table = await cli(['list']);
      expect(table.code, table.stderr).toBe(0);
      const [header, ...rows] = table.stdout.trim().split('\n');
      expect(header).toMatch(/^ID\s+RULESET\s+STATUS\s+VERSION\s+SEQ\s+CREATED\s+PLAYERS$/);
      expect(rows.some((r) => r.startsWith(game.gameId) && /\bmtg\b/.test(r) && /\bACTIVE\b/.test(r))).toBe(
        true,
      );
      expect(rows.at(-1)).toBe('1-2 of 2');

      const json = await cli(['list', '--ruleset', 'mtg', '--status', 'active', '--json']);
      expect(json.code, json.stderr).toBe(0);
      const page = JSON.parse(json.stdout) as {
        total: number;
        games: { id: string; players: { name: string }[] }[];
      };
      expect(page.total).toBe(1);
      expect(page.games[0]!.id).toBe(game.gameId);
      expect(page.games[0]!.players.map((p) => p.name)).toEqual(['Seat 0', 'Seat 1']);
    },
    SLOW,
  );

  it(
    'show renders a game as a chosen viewer, now or at a seq',
    async () => {
      const [asAdmin, opponent, json] = await Promise.all([
        cli(['show', game.gameId]),
        cli(['show', game.gameId, '--as', game.players[1]!.id]),
        cli(['show', game.gameId, '--as', 'spectator', '--seq', '1', '--json']),
      ]);
      expect(asAdmin.code, asAdmin.stderr).toBe(0);
      expect(asAdmin.stdout).toContain(`game ${game.gameId}  mtg  ACTIVE`);
      expect(asAdmin.stdout).toContain('Opening Hand');
      expect(asAdmin.stdout).toContain('Grizzly Bears');

      expect(opponent.code, opponent.stderr).toBe(0);
      expect(opponent.stdout).toContain('as player Seat 1');
      expect(opponent.stdout).toContain('Llanowar Elves');
      expect(opponent.stdout).not.toContain('Opening Hand');
      expect(opponent.stdout).not.toContain('Grizzly Bears');

      expect(json.code, json.stderr).toBe(0);
      const snapshot = JSON.parse(json.stdout) as {
        seq: number;
        game: { viewer?: unknown; zones: unknown[] };
      };
      expect(snapshot.seq).toBe(1);
      const live = (await fetchGame(server, game.gameId, game.spectatorToken)).game;
      expect(snapshot.game.zones.length).toBe(live.zones.length);
    },
    SLOW,
  );

  it(
    'export writes the document; import reads it back as a new game with new credentials',
    async () => {
      const file = path.join(dir, 'game.json');
      const [exported, toStdout] = await Promise.all([
        cli(['export', game.gameId, '--out', file]),
        cli(['export', game.gameId]),
      ]);
      expect(exported.code, exported.stderr).toBe(0);
      const doc = JSON.parse(await readFile(file, 'utf8')) as { format: string; game: { id: string } };
      expect(doc).toMatchObject({ format: 'zonekeeper.game/1', game: { id: game.gameId } });

      expect(toStdout.code).toBe(0);
      expect(normaliseIds({ ...JSON.parse(toStdout.stdout), exportedAt: 0 })).toEqual(
        normaliseIds({ ...doc, exportedAt: 0 }),
      );

      const text = await readFile(file, 'utf8');
      const [imported, fromStdin] = await Promise.all([
        cli(['import', file]),
        cli(['import', '-'], {}, text),
      ]);
      expect(imported.code, imported.stderr).toBe(0);
      const payload = JSON.parse(imported.stdout) as {
        importedFrom: string;
        game: { id: string };
        seats: { token: string }[];
      };
      expect(payload.importedFrom).toBe(game.gameId);
      expect(payload.seats).toHaveLength(2);
      const copy = (await fetchGame(server, payload.game.id, payload.seats[0]!.token)).game;
      expect(copy.viewer.kind).toBe('PLAYER');

      expect(fromStdin.code, fromStdin.stderr).toBe(0);
      expect((JSON.parse(fromStdin.stdout) as { game: { id: string } }).game.id).not.toBe(payload.game.id);
    },
    SLOW,
  );

  it(
    'tail prints live events as JSON lines',
    async () => {
      const tail = await cli(['tail', game.gameId, '--after', '0', '--count', '1']);
      expect(tail.code, tail.stderr).toBe(0);
      const first = JSON.parse(tail.stdout.trim().split('\n')[0]!) as { seq: number; kind: string };
      expect(first).toMatchObject({ seq: 1, kind: 'GAME_CREATED' });
    },
    SLOW,
  );

  it(
    'exit codes: 2 for bad usage, 1 when the service refuses or is unreachable',
    async () => {
      const badFile = path.join(dir, 'bad.json');
      await writeFile(badFile, '{"format":"nope"}');
      // Independent processes: run them side by side.
      const [none, unknown, missingId, badInt, badFlag, noToken, refused, forbidden, unreachable] =
        await Promise.all([
          cli([]),
          cli(['frobnicate']),
          cli(['show']),
          cli(['list', '--limit', 'many']),
          cli(['list', '--bogus']),
          cli(['list'], { ADMIN_TOKEN: '' }),
          cli(['import', badFile]),
          cli(['list'], { ADMIN_TOKEN: game.players[0]!.token }),
          cli(['list'], { ZONEKEEPER_URL: 'http://127.0.0.1:9/graphql' }),
        ]);
      for (const usage of [none, unknown, missingId, badInt, badFlag, noToken]) {
        expect(usage.code, usage.stderr).toBe(2);
        expect(usage.stdout + usage.stderr).toContain('usage: npm run admin');
      }
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('BAD_USER_INPUT');
      expect(forbidden.code).toBe(1);
      expect(forbidden.stderr).toContain('FORBIDDEN');
      expect(unreachable.code).toBe(1);
      expect(unreachable.stderr).toContain('cannot reach');
    },
    SLOW,
  );
});
