/**
 * Export and import. A game played through the API, exported and imported again, is the
 * same game apart from its ids (state, log, and every viewer's replayed view at every seq), with
 * new credentials; a bad document is BAD_USER_INPUT and writes nothing.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeEvent } from '../../src/db/rows.js';
import { viewGame, type GameState, type RulesetId, type Viewer } from '../../src/rules/index.js';
import { replaySteps, type EventWithPlayers } from '../../src/rules/replay.js';
import { fetchGame, fetchHistory, type CreatedGame } from '../support/game-api.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import {
  ADMIN_GAMES,
  END_GAME,
  EXPORT_GAME,
  IMPORT_GAME,
  errorCode,
  canonicalChanges,
  gameAt,
  idCorrespondence,
  normaliseIds,
  renameIds,
  ok,
  playRandom,
  viewersOf,
  type GameViewer,
  type ImportJson,
} from './support.js';
import { builtinRulesets } from '../support/rulesets.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

/** Plays `steps` random mutations (the leak suite's generator). */
const play = (ruleset: 'mtg' | 'fab' | 'netrunner', players: number, steps: number, seed: number) =>
  playRandom(server, ruleset, players, steps, seed);

const exportDoc = async (gameId: string) =>
  (
    await ok<{ exportGame: Record<string, unknown> & { events: unknown[]; game: Record<string, unknown> } }>(
      server,
      EXPORT_GAME,
      { gameId },
    )
  ).exportGame;
/** The state after each event of `gameId`'s stored log, in one pass (element i: after seq i + 1). */
async function storedSteps(ruleset: RulesetId, gameId: string): Promise<GameState[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ payload: unknown }>(
      'SELECT payload FROM game_event WHERE game_id = $1 ORDER BY seq',
      [gameId],
    );
    return replaySteps(
      ruleset,
      rows.map((r) => decodeEvent(r.payload) as EventWithPlayers),
    );
  } finally {
    await client.end();
  }
}

/** The rules layer's viewer for a `gameAt(as:)` choice. */
function asViewer(as: GameViewer['as']): Viewer {
  if (as.kind === 'PLAYER') return { kind: 'player', playerId: as.playerId! };
  return as.kind === 'SPECTATOR' ? { kind: 'spectator' } : { kind: 'admin' };
}

const importDoc = async (data: unknown) =>
  (await ok<{ importGame: ImportJson }>(server, IMPORT_GAME, { data })).importGame;
const total = async () =>
  (await ok<{ adminGames: { total: number } }>(server, ADMIN_GAMES, {})).adminGames.total;

describe.each([
  { ruleset: 'mtg' as const, players: 3, seed: 7 },
  { ruleset: 'fab' as const, players: 2, seed: 11 },
  { ruleset: 'netrunner' as const, players: 2, seed: 13 },
])('export then import: $ruleset', ({ ruleset, players, seed }) => {
  it('gives the same game apart from ids: state, log, and every viewer at every seq', async () => {
    const original = await play(ruleset, players, 15, seed);
    const doc = await exportDoc(original.gameId);
    expect(doc['format']).toBe('zonekeeper.game/2');
    // The document carries the game's ruleset version, and the copy plays under the same one.
    expect(doc.game['rulesetVersion']).toBe(builtinRulesets().get(ruleset)!.version);
    // Credentials never travel: not even their hashes.
    const text = JSON.stringify(doc);
    for (const p of original.players) expect(text).not.toContain(p.token);
    expect(text).not.toMatch(/tokenHash|zkp_|zks_/);

    const imported = await importDoc(doc);
    expect(imported.importedFrom).toBe(original.gameId);
    expect(imported.game.id).not.toBe(original.gameId);
    expect(imported.game.importedFrom).toBe(original.gameId);

    // The id correspondence, read off the two logs as stored (same structure, renamed ids).
    const copyDoc = await exportDoc(imported.game.id);
    expect(copyDoc.events).toHaveLength(doc.events.length + 1);
    expect(copyDoc.game['rulesetVersion']).toBe(doc.game['rulesetVersion']);
    const ids = idCorrespondence(
      { game: doc.game['id'], players: doc['players'], events: doc.events },
      { game: copyDoc.game['id'], players: copyDoc['players'], events: copyDoc.events.slice(0, -1) },
    );
    // Every id is new: no id of the original survives in the copy.
    for (const [from, to] of ids) expect(to, from).not.toBe(from);
    expect(JSON.stringify(copyDoc)).not.toMatch(
      new RegExp([...ids.keys()].filter((id) => id !== original.gameId).join('|')),
    );

    const before = (await fetchGame(server, original.gameId, TEST_ADMIN_TOKEN)).game;
    const after = (await fetchGame(server, imported.game.id, TEST_ADMIN_TOKEN)).game;
    expect(after.version).toBe(before.version + 1);
    expect(after.lastSeq).toBe(before.lastSeq + 1);
    expect(after).toEqual({ ...renameIds(before, ids), version: after.version, lastSeq: after.lastSeq });
    expect(normaliseIds({ ...after, version: 0, lastSeq: 0 })).toEqual(
      normaliseIds({ ...before, version: 0, lastSeq: 0 }),
    );

    // The log: the original's, verbatim apart from ids, then GAME_IMPORTED by the admin.
    const logBefore = (await fetchHistory(server, original.gameId, 0, TEST_ADMIN_TOKEN)).events;
    const logAfter = (await fetchHistory(server, imported.game.id, 0, TEST_ADMIN_TOKEN)).events;
    expect(logAfter).toHaveLength(logBefore.length + 1);
    expect(logAfter.slice(0, -1).map(canonicalChanges)).toEqual(
      renameIds(logBefore, ids).map(canonicalChanges),
    );
    expect(logAfter.at(-1)).toMatchObject({
      seq: after.lastSeq,
      version: after.version,
      kind: 'GAME_IMPORTED',
      actor: { kind: 'ADMIN', playerId: null },
      changes: [],
    });

    // Replay works on the copy: every viewer at every seq sees what they saw in the original.
    const seatOf = new Map(imported.seats.map((s) => [s.player.seat, s.player.id]));
    const pairs = viewersOf(original).map((v) => ({
      from: v.as,
      to:
        v.as.kind === 'PLAYER'
          ? {
              kind: 'PLAYER' as const,
              playerId: seatOf.get(original.players.find((p) => p.id === v.as.playerId)!.seat)!,
            }
          : v.as,
    }));
    // One pass over each stored log carries the state forward (replaySteps), and every viewer's view
    // at every seq is compared from it: linear in the log, where a replay per seq was quadratic.
    const [stepsA, stepsB] = await Promise.all([
      storedSteps(ruleset, original.gameId),
      storedSteps(ruleset, imported.game.id),
    ]);
    expect(stepsA).toHaveLength(before.lastSeq);
    expect(stepsB).toHaveLength(before.lastSeq + 1);
    for (let seq = 1; seq <= before.lastSeq; seq++) {
      for (const { from, to } of pairs) {
        const a = viewGame(builtinRulesets().get(ruleset)!, stepsA[seq - 1]!, asViewer(from));
        const b = viewGame(builtinRulesets().get(ruleset)!, stepsB[seq - 1]!, asViewer(to));
        expect(b, `seq ${seq} as ${JSON.stringify(from)}`).toEqual(renameIds(a, ids));
      }
    }
    // And the API's replay (gameAt: nearest checkpoint, then the events after it) agrees on the copy,
    // at the start, the middle and the end of the original's log.
    for (const seq of new Set([0, Math.floor(before.lastSeq / 2), before.lastSeq])) {
      for (const { from, to } of pairs) {
        const a = await gameAt(server, original.gameId, seq, from);
        const b = await gameAt(server, imported.game.id, seq, to);
        expect(b, `seq ${seq} as ${JSON.stringify(from)}`).toEqual(renameIds(a, ids));
      }
    }
  }, 600_000);
});

describe('import', () => {
  let original: CreatedGame;
  let doc: Awaited<ReturnType<typeof exportDoc>>;
  beforeAll(async () => {
    original = await play('fab', 2, 8, 3);
    doc = await exportDoc(original.gameId);
  });

  it('issues new credentials, returned once; old credentials do not reach the copy', async () => {
    const imported = await importDoc(doc);
    expect(imported.seats.map((s) => s.player.seat)).toEqual([0, 1]);
    expect(imported.seats.map((s) => s.player.name)).toEqual(original.players.map((_, i) => `Seat ${i}`));
    for (const s of imported.seats) {
      expect(original.players.map((p) => p.token)).not.toContain(s.token);
      const who = await ok<{ whoami: { kind: string; gameId: string; playerId: string } }>(
        server,
        '{ whoami { kind gameId playerId } }',
        {},
        s.token,
      );
      expect(who.whoami).toEqual({ kind: 'PLAYER', gameId: imported.game.id, playerId: s.player.id });
    }
    // The referee credential is new too; no credential (nor its hash) is ever in an export.
    expect(JSON.stringify(doc)).not.toMatch(/zk[psr]_|[Tt]okenHash|token_hash/);
    const referee = await ok<{ whoami: { kind: string; gameId: string } }>(
      server,
      '{ whoami { kind gameId } }',
      {},
      imported.refereeToken,
    );
    expect(referee.whoami).toEqual({ kind: 'REFEREE', gameId: imported.game.id });
    const spectator = await fetchGame(server, imported.game.id, imported.spectatorToken);
    expect(spectator.game.viewer.kind).toBe('SPECTATOR');
    expect(spectator.game.id).toBe(imported.game.id);
    expect(
      await errorCode(
        server,
        'query($id: ID!) { game(id: $id) { id } }',
        { id: imported.game.id },
        original.players[0]!.token,
      ),
    ).toBe('NOT_FOUND');
    expect(
      await errorCode(
        server,
        'query($id: ID!) { game(id: $id) { id } }',
        { id: imported.game.id },
        original.spectatorToken,
      ),
    ).toBe('NOT_FOUND');
  });

  it('the copy is a live game: its players can move, and the original is untouched', async () => {
    const imported = await importDoc(doc);
    const seat0 = imported.seats[0]!;
    const view = (await fetchGame(server, imported.game.id, seat0.token)).game;
    const deck = view.zones.find((z) => z.type === 'deck' && z.owner?.id === seat0.player.id)!;
    const hand = view.zones.find((z) => z.type === 'hand' && z.owner?.id === seat0.player.id)!;
    const moved = await ok<{ moveObjects: { version: number } }>(
      server,
      'mutation($input: MoveObjectsInput!) { moveObjects(input: $input) { version } }',
      {
        input: {
          gameId: imported.game.id,
          select: { zoneId: deck.id, from: 'TOP', count: 1 },
          to: { zoneId: hand.id },
        },
      },
      seat0.token,
    );
    expect(moved.moveObjects.version).toBe(imported.game.version + 1);
    const originalNow = (await fetchGame(server, original.gameId, TEST_ADMIN_TOKEN)).game;
    expect(originalNow.version).toBe(doc.game['version']);
  });

  it('keeps the status: an ENDED game imports as ENDED and refuses moves', async () => {
    const game = await play('mtg', 2, 3, 5);
    await ok(server, END_GAME, { gameId: game.gameId });
    const imported = await importDoc(await exportDoc(game.gameId));
    expect(imported.game.status).toBe('ENDED');
    const log = (await fetchHistory(server, imported.game.id, 0, TEST_ADMIN_TOKEN)).events.map((e) => e.kind);
    expect(log.slice(-2)).toEqual(['GAME_ENDED', 'GAME_IMPORTED']);
    const view = (await fetchGame(server, imported.game.id, TEST_ADMIN_TOKEN)).game;
    const zone = view.zones.find((z) => z.count > 0)!;
    const code = await errorCode(
      server,
      'mutation($input: ShuffleZoneInput!) { shuffleZone(input: $input) { version } }',
      { input: { gameId: imported.game.id, zoneId: zone.id } },
      imported.seats[0]!.token,
    );
    expect(code).toBe('GAME_NOT_ACTIVE');
  });

  it('a re-export of a copy imports again (GAME_IMPORTED in the log is fine)', async () => {
    const first = await importDoc(doc);
    const second = await importDoc(await exportDoc(first.game.id));
    expect(second.importedFrom).toBe(first.game.id);
    const a = (await fetchGame(server, first.game.id, TEST_ADMIN_TOKEN)).game;
    const b = (await fetchGame(server, second.game.id, TEST_ADMIN_TOKEN)).game;
    expect(normaliseIds({ ...b, version: 0, lastSeq: 0 })).toEqual(
      normaliseIds({ ...a, version: 0, lastSeq: 0 }),
    );
  });

  const clone = () => structuredClone(doc) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  const BAD: { name: string; make: () => unknown }[] = [
    { name: 'not an object', make: () => 'hello' },
    { name: 'empty object', make: () => ({}) },
    { name: 'wrong format', make: () => ({ ...clone(), format: 'other/1' }) },
    {
      name: 'unknown ruleset',
      make: () => {
        const d = clone();
        d.game.ruleset = 'chess';
        return d;
      },
    },
    {
      name: 'a malformed ruleset version',
      make: () => {
        const d = clone();
        d.game.rulesetVersion = 'v1';
        return d;
      },
    },
    {
      name: 'a ruleset version neither loaded nor stored',
      make: () => {
        const d = clone();
        d.game.rulesetVersion = '0123456789abcdef';
        return d;
      },
    },
    { name: 'no players', make: () => ({ ...clone(), players: [] }) },
    {
      name: 'a gap in the log',
      make: () => {
        const d = clone();
        d.events.splice(1, 1);
        return d;
      },
    },
    {
      name: 'lastSeq disagrees with the log',
      make: () => {
        const d = clone();
        d.game.lastSeq += 5;
        return d;
      },
    },
    {
      name: 'an object in an unknown zone',
      make: () => {
        const d = clone();
        d.objects[0].zoneId = '00000000-0000-4000-8000-000000000001';
        return d;
      },
    },
    {
      name: 'a duplicate object key',
      make: () => {
        const d = clone();
        d.objects[1].key = d.objects[0].key;
        return d;
      },
    },
    {
      name: 'a state the log does not rebuild',
      make: () => {
        const d = clone();
        d.objects[0].name = 'Forged';
        return d;
      },
    },
    {
      name: 'a malformed event payload',
      make: () => {
        const d = clone();
        d.events[0].payload.transitions = 'x';
        return d;
      },
    },
    {
      name: 'a non-uuid id',
      make: () => {
        const d = clone();
        d.players[0].id = 'p0';
        return d;
      },
    },
  ];

  it.each(BAD)('refuses $name with BAD_USER_INPUT and writes nothing', async ({ make }) => {
    const count = await total();
    expect(await errorCode(server, IMPORT_GAME, { data: make() }, TEST_ADMIN_TOKEN)).toBe('BAD_USER_INPUT');
    expect(await total()).toBe(count);
  });
});
