/**
 * Admin tooling through the real API: who may use it, listing and filtering, the admin
 * views (game, log, gameAt), judge moves, and the ACTIVE → ENDED → ARCHIVED lifecycle.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EventCollector,
  createGame,
  fetchGame,
  fetchHistory,
  post,
  type CreatedGame,
  type DeckCard,
} from '../support/game-api.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import {
  ADMIN_GAMES,
  ARCHIVE_GAME,
  END_GAME,
  EXPORT_GAME,
  GAME_AT,
  IMPORT_GAME,
  errorCode,
  gameAt,
  ok,
  type AdminGameJson,
} from './support.js';

let server: TestServer;
let mtg: CreatedGame;
let fab: CreatedGame;
let netrunner: CreatedGame;

const deck = (prefix: string, n: number, extra: Partial<DeckCard> = {}): DeckCard[] =>
  Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i}`, types: ['creature'], ...extra }));

const MTG_DECKS = [
  [...deck('Alpha', 5), { name: 'Alpha Hand', types: ['instant'], zone: 'hand' }],
  [...deck('Beta', 5), { name: 'Beta Hand', types: ['instant'], zone: 'hand' }],
];

/** No set-up entropy: these tests count every event and version from creation, and draw nothing. */
const NO_ENTROPY = { add: false };

beforeAll(async () => {
  server = await startTestServer();
  mtg = await createGame(server, 'mtg', MTG_DECKS, undefined, NO_ENTROPY);
  fab = await createGame(
    server,
    'fab',
    [
      [{ name: 'Hero A', types: ['hero'], zone: 'hero' }, ...deck('Fa', 3, { types: ['action'] })],
      [{ name: 'Hero B', types: ['hero'], zone: 'hero' }, ...deck('Fb', 3, { types: ['action'] })],
    ],
    undefined,
    NO_ENTROPY,
  );
  netrunner = await createGame(
    server,
    'netrunner',
    [deck('Corp', 3, { types: ['ice'] }), deck('Runner', 3, { types: ['event'] })],
    undefined,
    NO_ENTROPY,
  );
});

type Op = { name: string; query: string; variables: () => Record<string, unknown> };

const OPS: Op[] = [
  { name: 'adminGames', query: ADMIN_GAMES, variables: () => ({}) },
  {
    name: 'gameAt',
    query: GAME_AT,
    variables: () => ({ gameId: mtg.gameId, seq: 1, as: { kind: 'ADMIN' } }),
  },
  { name: 'exportGame', query: EXPORT_GAME, variables: () => ({ gameId: mtg.gameId }) },
  { name: 'endGame', query: END_GAME, variables: () => ({ gameId: mtg.gameId }) },
  { name: 'archiveGame', query: ARCHIVE_GAME, variables: () => ({ gameId: mtg.gameId }) },
  { name: 'importGame', query: IMPORT_GAME, variables: () => ({ data: { format: 'zonekeeper.game/1' } }) },
];

describe('only the admin may use the admin tools', () => {
  it.each(OPS)(
    '$name: anonymous UNAUTHENTICATED, bad token UNAUTHENTICATED, player and spectator FORBIDDEN',
    async (op) => {
      expect.assertions(5 * 2);
      expect(await errorCode(server, op.query, op.variables())).toBe('UNAUTHENTICATED');
      expect(await errorCode(server, op.query, op.variables(), 'not-a-real-token')).toBe('UNAUTHENTICATED');
      expect(await errorCode(server, op.query, op.variables(), mtg.players[0]!.token)).toBe('FORBIDDEN');
      expect(await errorCode(server, op.query, op.variables(), mtg.spectatorToken)).toBe('FORBIDDEN');
      // A credential of another game is no better.
      expect(await errorCode(server, op.query, op.variables(), fab.players[1]!.token)).toBe('FORBIDDEN');
    },
  );

  it('refusals change nothing: the game is still ACTIVE at version 1', async () => {
    const { game } = await fetchGame(server, mtg.gameId, TEST_ADMIN_TOKEN);
    expect(game.status).toBe('ACTIVE');
    expect(game.version).toBe(1);
  });
});

describe('adminGames: list, filter, paginate', () => {
  const list = async (variables: Record<string, unknown>) =>
    (
      await ok<{
        adminGames: { total: number; offset: number; hasNextPage: boolean; games: AdminGameJson[] };
      }>(server, ADMIN_GAMES, variables)
    ).adminGames;

  it('lists every game newest first, with players', async () => {
    const page = await list({});
    expect(page.total).toBeGreaterThanOrEqual(3);
    const ids = page.games.map((g) => g.id);
    expect(ids).toEqual(expect.arrayContaining([mtg.gameId, fab.gameId, netrunner.gameId]));
    const times = page.games.map((g) => Date.parse(g.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const m = page.games.find((g) => g.id === mtg.gameId)!;
    expect(m.players.map((p) => p.id)).toEqual(mtg.players.map((p) => p.id));
    expect(m).toMatchObject({
      ruleset: 'mtg',
      status: 'ACTIVE',
      version: 1,
      lastSeq: 1,
      importedFrom: null,
      endedAt: null,
    });
  });

  it('filters by ruleset, status and creation date range', async () => {
    const fabOnly = await list({ filter: { ruleset: 'fab' } });
    expect(fabOnly.games.map((g) => g.id)).toEqual([fab.gameId]);
    expect(fabOnly.total).toBe(1);

    const extra = await createGame(server, 'netrunner', [deck('C', 1), deck('R', 1)], undefined, NO_ENTROPY);
    await ok(server, END_GAME, { gameId: extra.gameId });
    const ended = await list({ filter: { status: ['ENDED'] } });
    expect(ended.games.map((g) => g.id)).toEqual([extra.gameId]);
    const active = await list({ filter: { ruleset: 'netrunner', status: ['ACTIVE'] } });
    expect(active.games.map((g) => g.id)).toEqual([netrunner.gameId]);
    const both = await list({ filter: { ruleset: 'netrunner', status: ['ACTIVE', 'ENDED'] } });
    expect(both.total).toBe(2);

    const created = Date.parse(both.games.find((g) => g.id === extra.gameId)!.createdAt);
    const from = new Date(created).toISOString();
    const after = await list({ filter: { ruleset: 'netrunner', createdFrom: from } });
    expect(after.games.map((g) => g.id)).toEqual([extra.gameId]);
    const before = await list({ filter: { ruleset: 'netrunner', createdTo: from } });
    expect(before.games.map((g) => g.id)).toEqual([netrunner.gameId]);
    const future = await list({ filter: { createdFrom: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(future).toMatchObject({ total: 0, games: [], hasNextPage: false });
  });

  it('pages with offset and limit: pages tile the full list, total is stable', async () => {
    const all = await list({ limit: 200 });
    const seen: string[] = [];
    for (let offset = 0; offset < all.total; offset += 2) {
      const page = await list({ offset, limit: 2 });
      expect(page.total).toBe(all.total);
      expect(page.offset).toBe(offset);
      expect(page.hasNextPage).toBe(offset + page.games.length < all.total);
      seen.push(...page.games.map((g) => g.id));
    }
    expect(seen).toEqual(all.games.map((g) => g.id));
  });

  it('refuses a negative offset and an oversized limit with BAD_USER_INPUT', async () => {
    expect(await errorCode(server, ADMIN_GAMES, { offset: -1 }, TEST_ADMIN_TOKEN)).toBe('BAD_USER_INPUT');
    expect(await errorCode(server, ADMIN_GAMES, { limit: 10_000 }, TEST_ADMIN_TOKEN)).toBe('BAD_USER_INPUT');
  });
});

describe('the admin sees everything', () => {
  it('game(id) with the admin token shows every card and internal key; a player does not see the opponent hand', async () => {
    const admin = (await fetchGame(server, mtg.gameId, TEST_ADMIN_TOKEN)).game;
    expect(admin.viewer.kind).toBe('ADMIN');
    const objects = admin.zones.flatMap((z) => z.objects);
    expect(objects).toHaveLength(12);
    for (const o of objects) {
      expect(o.card).not.toBeNull();
      expect(o.internalKey).not.toBeNull();
    }
    const seat0 = (await fetchGame(server, mtg.gameId, mtg.players[0]!.token)).game;
    const opponentHand = seat0.zones.find((z) => z.type === 'hand' && z.owner?.id === mtg.players[1]!.id)!;
    expect(opponentHand.objects.map((o) => o.card)).toEqual([null]);
    expect(seat0.zones.flatMap((z) => z.objects).every((o) => o.internalKey === null)).toBe(true);
  });

  it('gameEvents with the admin token is the unredacted log', async () => {
    const { events } = await fetchHistory(server, mtg.gameId, 0, TEST_ADMIN_TOKEN);
    expect(events[0]!.kind).toBe('GAME_CREATED');
    const created = events[0]!.changes.map((c) => c.object!);
    expect(created).toHaveLength(12);
    expect(created.every((o) => o.card !== null && o.internalKey !== null)).toBe(true);
    const asSeat0 = await fetchHistory(server, mtg.gameId, 0, mtg.players[0]!.token);
    expect(asSeat0.events[0]!.changes.filter((c) => c.object?.card === null).length).toBeGreaterThan(0);
  });

  it('gameAt: seq 0 is the empty game, bad seq / viewer are BAD_USER_INPUT, an unknown game NOT_FOUND', async () => {
    const empty = await gameAt(server, mtg.gameId, 0, { kind: 'ADMIN' });
    expect(empty).toMatchObject({ seq: 0, version: 0, game: { zones: [], lastSeq: 0 } });
    const at = (seq: number, as: unknown, gameId = mtg.gameId) =>
      errorCode(server, GAME_AT, { gameId, seq, as }, TEST_ADMIN_TOKEN);
    expect(await at(99, { kind: 'ADMIN' })).toBe('BAD_USER_INPUT');
    expect(await at(-1, { kind: 'ADMIN' })).toBe('BAD_USER_INPUT');
    expect(await at(1, { kind: 'PLAYER', playerId: fab.players[0]!.id })).toBe('BAD_USER_INPUT');
    expect(await at(1, { kind: 'PLAYER' })).toBe('BAD_USER_INPUT');
    expect(await at(1, { kind: 'ANONYMOUS' })).toBe('BAD_USER_INPUT');
    expect(await at(1, { kind: 'ADMIN' }, '00000000-0000-4000-8000-000000000000')).toBe('NOT_FOUND');
    expect(await at(1, { kind: 'ADMIN' }, 'not-a-uuid')).toBe('NOT_FOUND');
  });
});

const MOVE = /* GraphQL */ `
  mutation Move($input: MoveObjectsInput!) {
    moveObjects(input: $input) {
      version
      events {
        seq
        kind
        actor {
          kind
          playerId
          onBehalfOf
        }
      }
    }
  }
`;

describe('judge moves', () => {
  it('a move made with the admin token is recorded with the admin as the actor', async () => {
    const admin = (await fetchGame(server, fab.gameId, TEST_ADMIN_TOKEN)).game;
    const deckZone = admin.zones.find((z) => z.type === 'deck' && z.owner?.id === fab.players[0]!.id)!;
    const hand = admin.zones.find((z) => z.type === 'hand' && z.owner?.id === fab.players[0]!.id)!;
    const res = await ok<{
      moveObjects: { version: number; events: { seq: number; kind: string; actor: unknown }[] };
    }>(server, MOVE, {
      input: {
        gameId: fab.gameId,
        select: { zoneId: deckZone.id, from: 'TOP', count: 1 },
        to: { zoneId: hand.id },
      },
    });
    expect(res.moveObjects.events).toEqual([
      { seq: 2, kind: 'OBJECTS_MOVED', actor: { kind: 'ADMIN', playerId: null, onBehalfOf: null } },
    ]);
    const { events } = await fetchHistory(server, fab.gameId, 1, fab.players[0]!.token);
    expect(events.map((e) => e.actor)).toEqual([{ kind: 'ADMIN', playerId: null, onBehalfOf: null }]);
  });
});

describe('end and archive', () => {
  it('ACTIVE → ENDED → ARCHIVED, each a logged admin event with the next seq and version, heard live', async () => {
    const game = await createGame(server, 'mtg', MTG_DECKS, undefined, NO_ENTROPY);
    const watcher = new EventCollector(server.wsUrl, game.players[1]!.token);
    watcher.start(game.gameId, 1);
    try {
      const ended = (await ok<{ endGame: AdminGameJson }>(server, END_GAME, { gameId: game.gameId })).endGame;
      expect(ended).toMatchObject({ status: 'ENDED', version: 2, lastSeq: 2 });
      expect(ended.endedAt).not.toBeNull();
      const archived = (
        await ok<{ archiveGame: AdminGameJson }>(server, ARCHIVE_GAME, { gameId: game.gameId })
      ).archiveGame;
      expect(archived).toMatchObject({ status: 'ARCHIVED', version: 3, lastSeq: 3, endedAt: ended.endedAt });

      await watcher.waitFor(3);
      expect(watcher.events.map((e) => [e.seq, e.version, e.kind, e.actor.kind])).toEqual([
        [2, 2, 'GAME_ENDED', 'ADMIN'],
        [3, 3, 'GAME_ARCHIVED', 'ADMIN'],
      ]);
      const live = (await fetchGame(server, game.gameId, game.players[0]!.token)).game;
      expect(live).toMatchObject({ status: 'ARCHIVED', version: 3, lastSeq: 3 });
      // The snapshots tell the status as it was.
      expect((await gameAt(server, game.gameId, 1, { kind: 'SPECTATOR' })).game.status).toBe('ACTIVE');
      expect((await gameAt(server, game.gameId, 2, { kind: 'SPECTATOR' })).game.status).toBe('ENDED');
    } finally {
      await watcher.close();
    }
  });

  it('ended and archived games refuse moves with GAME_NOT_ACTIVE, from players and judges alike', async () => {
    const game = await createGame(server, 'mtg', MTG_DECKS, undefined, NO_ENTROPY);
    const admin = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
    const library = admin.zones.find((z) => z.type === 'library' && z.owner?.id === game.players[0]!.id)!;
    const hand = admin.zones.find((z) => z.type === 'hand' && z.owner?.id === game.players[0]!.id)!;
    const input = {
      gameId: game.gameId,
      select: { zoneId: library.id, from: 'TOP', count: 1 },
      to: { zoneId: hand.id },
    };
    await ok(server, END_GAME, { gameId: game.gameId });
    expect(await errorCode(server, MOVE, { input }, game.players[0]!.token)).toBe('GAME_NOT_ACTIVE');
    expect(await errorCode(server, MOVE, { input }, TEST_ADMIN_TOKEN)).toBe('GAME_NOT_ACTIVE');
    await ok(server, ARCHIVE_GAME, { gameId: game.gameId });
    expect(await errorCode(server, MOVE, { input }, game.players[0]!.token)).toBe('GAME_NOT_ACTIVE');
    const after = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
    expect(after.zones).toEqual(admin.zones);
    expect(after.lastSeq).toBe(3);
  });

  it('refuses steps out of order and unknown games, writing nothing', async () => {
    const game = await createGame(
      server,
      'fab',
      [[{ name: 'H', types: ['hero'], zone: 'hero' }], [{ name: 'I', types: ['hero'], zone: 'hero' }]],
      undefined,
      NO_ENTROPY,
    );
    expect(await errorCode(server, ARCHIVE_GAME, { gameId: game.gameId }, TEST_ADMIN_TOKEN)).toBe(
      'BAD_USER_INPUT',
    );
    await ok(server, END_GAME, { gameId: game.gameId });
    expect(await errorCode(server, END_GAME, { gameId: game.gameId }, TEST_ADMIN_TOKEN)).toBe(
      'GAME_NOT_ACTIVE',
    );
    await ok(server, ARCHIVE_GAME, { gameId: game.gameId });
    expect(await errorCode(server, ARCHIVE_GAME, { gameId: game.gameId }, TEST_ADMIN_TOKEN)).toBe(
      'GAME_NOT_ACTIVE',
    );
    expect(await errorCode(server, END_GAME, { gameId: game.gameId }, TEST_ADMIN_TOKEN)).toBe(
      'GAME_NOT_ACTIVE',
    );
    const { events } = await fetchHistory(server, game.gameId, 0, TEST_ADMIN_TOKEN);
    expect(events.map((e) => e.kind)).toEqual(['GAME_CREATED', 'GAME_ENDED', 'GAME_ARCHIVED']);
    for (const q of [END_GAME, ARCHIVE_GAME, EXPORT_GAME])
      expect(
        await errorCode(server, q, { gameId: '00000000-0000-4000-8000-000000000000' }, TEST_ADMIN_TOKEN),
      ).toBe('NOT_FOUND');
  });

  it('concurrent endGame calls: exactly one wins, the log stays gapless', async () => {
    const game = await createGame(server, 'mtg', MTG_DECKS, undefined, NO_ENTROPY);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        post<{ endGame: AdminGameJson }>(server, END_GAME, { gameId: game.gameId }, TEST_ADMIN_TOKEN),
      ),
    );
    expect(results.filter((r) => r.data?.endGame).length).toBe(1);
    expect(results.filter((r) => r.errors?.[0]?.extensions?.code === 'GAME_NOT_ACTIVE').length).toBe(3);
    const { events } = await fetchHistory(server, game.gameId, 0, TEST_ADMIN_TOKEN);
    expect(events.map((e) => e.seq)).toEqual([1, 2]);
  });
});
