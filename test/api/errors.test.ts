/**
 * Authorization, error shape, STALE_STATE, idempotency and the fixed query count of a game view.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { PrismaClient } from '../../src/generated/prisma/client.js';
import { loadGame as loadState } from '../../src/db/state.js';
import { withRetry } from '../../src/db/retry.js';
import { DbError } from '../../src/db/errors.js';
import { publicError } from '../../src/authority/db-errors.js';
import { ZonekeeperError } from '../../src/errors.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import {
  CREATE,
  GAME_QUERY,
  createGame,
  deck,
  loadGame,
  mutate,
  ok,
  refused,
  zoneOf,
  type Created,
} from './helpers.js';

let s: TestServer;
let g: Created;
let other: Created;

const drawInput = (game: Created, seat = 0, extra: Record<string, unknown> = {}) => {
  const me = game.seats[seat]!.player.id;
  return {
    gameId: game.game.id,
    select: {
      zoneId: game.game.zones.find((z) => z.type === 'library' && z.owner?.id === me)!.id,
      from: 'TOP',
      count: 1,
    },
    to: { type: 'hand', ownerId: me },
    ...extra,
  };
};

beforeAll(async () => {
  s = await startTestServer();
  const players = [
    { name: 'A', deck: deck('A', 10) },
    { name: 'B', deck: deck('B', 10) },
  ];
  g = await createGame(s, 'mtg', players);
  other = await createGame(s, 'mtg', players);
});

describe('who may do what', () => {
  it('rulesets and createGame are public; game and moves need a credential', async () => {
    expect.assertions(6);
    const rs = await s.gql<{ rulesets: { id: string; zoneTypes: { visibility: string }[] }[] }>(
      `{ rulesets { id minPlayers maxPlayers deckZone zoneTypes { type visibility scope faceDownSeenBy admits { rule } } } }`,
    );
    expect(rs.data!.rulesets.map((r) => r.id).sort()).toEqual([
      'fab',
      'mtg',
      'netrunner',
      'pokemon',
      'yugioh',
    ]);
    expect(rs.data!.rulesets[0]!.zoneTypes[0]!.visibility).toMatch(/^(PUBLIC|SECRET|HIDDEN)$/);
    const q = await s.gql(GAME_QUERY, { id: g.game.id });
    expect(q.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const m = await mutate(s, 'moveObjects', 'MoveObjectsInput', drawInput(g), '');
    expect(m.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const bad = await s.gql(GAME_QUERY, { id: g.game.id }, 'zkp_not-a-real-token');
    expect(bad.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const badMove = await mutate(
      s,
      'shuffleZone',
      'ShuffleZoneInput',
      { gameId: g.game.id, zoneId: g.game.zones[0]!.id },
      'zkp_nope',
    );
    expect(badMove.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('an unknown game and another game look the same (NOT_FOUND)', async () => {
    const token = other.seats[0]!.token;
    const unknown = await s.gql(GAME_QUERY, { id: '00000000-0000-4000-8000-000000000000' }, token);
    const foreign = await s.gql(GAME_QUERY, { id: g.game.id }, token);
    const malformed = await s.gql(GAME_QUERY, { id: 'nope' }, token);
    const admin = await s.gql(GAME_QUERY, { id: '00000000-0000-4000-8000-000000000000' }, TEST_ADMIN_TOKEN);
    const shape = (e: { extensions?: Record<string, unknown> } | undefined) =>
      Object.keys(e?.extensions ?? {}).filter((k) => k !== 'requestId');
    for (const r of [unknown, foreign, malformed, admin]) {
      expect(r.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(shape(r.errors?.[0])).toEqual(['code']);
      expect(r.errors?.[0]?.message).toBe(unknown.errors?.[0]?.message);
    }
    const move = await mutate(s, 'moveObjects', 'MoveObjectsInput', drawInput(g), token);
    expect(move.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(shape(move.errors?.[0])).toEqual(['code']);
    expect(move.errors?.[0]?.message).toBe(unknown.errors?.[0]?.message);
  });

  it('spectators see public information and may not act', async () => {
    const view = await loadGame(s, g.game.id, g.spectatorToken);
    expect(view.zones.length).toBeGreaterThan(0);
    await refused(s, 'moveObjects', 'MoveObjectsInput', drawInput(g), g.spectatorToken, 'FORBIDDEN');
  });

  it('an admin acts as a judge, recorded as ADMIN', async () => {
    const res = await ok(s, 'moveObjects', 'MoveObjectsInput', drawInput(g, 1), TEST_ADMIN_TOKEN);
    const ev = await s.gql<{ createGame: unknown }>(
      `mutation M($input: ShuffleZoneInput!) { shuffleZone(input: $input) { events { actor { kind playerId } } } }`,
      { input: { gameId: g.game.id, zoneId: g.game.zones.find((z) => z.type === 'library')!.id } },
      TEST_ADMIN_TOKEN,
    );
    expect(res.objects[0]!.internalKey).toBeTypeOf('string');
    expect(JSON.stringify(ev.data)).toContain('"kind":"ADMIN"');
  });
});

describe('error shape', () => {
  it('bad input is BAD_USER_INPUT with no stack trace and no SQL', async () => {
    const both = await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { ...drawInput(g), objectIds: ['x'] },
      g.seats[0]!.token,
      'BAD_USER_INPUT',
    );
    expect(both.message).not.toMatch(/prisma|sql|postgres|\n\s+at /i);
    await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { ...drawInput(g), select: { zoneId: g.game.zones[0]!.id, from: 'TOP', count: 0 } },
      g.seats[0]!.token,
      'BAD_USER_INPUT',
    );
    await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { ...drawInput(g), to: { zoneId: g.game.zones[0]!.id, type: 'hand' } },
      g.seats[0]!.token,
      'BAD_USER_INPUT',
    );
    await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { ...drawInput(g), position: 'TOP', index: 2 },
      g.seats[0]!.token,
      'BAD_USER_INPUT',
    );
    // A malformed id reaches the planner as an unknown object, never PostgreSQL.
    const unknown = await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: ['not-a-uuid'], to: { type: 'hand', ownerId: g.seats[0]!.player.id } },
      g.seats[0]!.token,
      'INVALID_MOVE',
    );
    expect(unknown.extensions?.['reason']).toBe('UNKNOWN_OBJECT');
    const res = await s.gql(CREATE, { input: { ruleset: 'chess', players: [] } });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const fab = await s.gql(CREATE, { input: { ruleset: 'fab', players: [{ name: 'solo', deck: [] }] } });
    expect(fab.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const zone = await s.gql(CREATE, {
      input: { ruleset: 'mtg', players: [{ name: 'x', deck: [{ name: 'c', zone: 'arsenal' }] }] },
    });
    expect(zone.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('expectedVersion behind the game is STALE_STATE and changes nothing', async () => {
    const before = await loadGame(s, g.game.id, g.seats[0]!.token);
    const err = await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      drawInput(g, 0, { expectedVersion: before.version - 1 }),
      g.seats[0]!.token,
      'STALE_STATE',
    );
    expect(err.extensions?.['actualVersion']).toBe(before.version);
    expect((await loadGame(s, g.game.id, g.seats[0]!.token)).version).toBe(before.version);
    const fine = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      drawInput(g, 0, { expectedVersion: before.version }),
      g.seats[0]!.token,
    );
    expect(fine.version).toBe(before.version + 1);
  });

  it('retries serialization failures with a bound, never surfacing them as internal errors', async () => {
    let calls = 0;
    const value = await withRetry(async () => {
      if (++calls < 3) throw Object.assign(new Error('write conflict'), { code: 'P2034' });
      return 'done';
    });
    expect(value).toBe('done');
    expect(calls).toBe(3);
    calls = 0;
    const deadlock = Object.assign(new Error('driver'), { cause: { originalCode: '40P01' } });
    await expect(
      withRetry(async () => {
        calls++;
        throw deadlock;
      }),
    ).rejects.toSatisfy(
      (err) =>
        err instanceof DbError &&
        err.kind === 'BUSY' &&
        publicError(err) instanceof ZonekeeperError &&
        (publicError(err) as ZonekeeperError).extensions['code'] === 'STALE_STATE',
    );
    expect(calls).toBe(5);
  });
});

describe('idempotency', () => {
  it('the same key twice returns the first response and applies once; a different request is refused', async () => {
    const token = g.seats[0]!.token;
    const before = await loadGame(s, g.game.id, token);
    const input = drawInput(g, 0, { idempotencyKey: 'k-1' });
    const first = await ok(s, 'moveObjects', 'MoveObjectsInput', input, token);
    const again = await ok(s, 'moveObjects', 'MoveObjectsInput', input, token);
    expect(again).toEqual(first);
    const after = await loadGame(s, g.game.id, token);
    expect(after.version).toBe(before.version + 1);
    expect(zoneOf(after, 'hand', g.seats[0]!.player.id).count).toBe(
      zoneOf(before, 'hand', g.seats[0]!.player.id).count + 1,
    );
    await refused(
      s,
      'shuffleZone',
      'ShuffleZoneInput',
      { gameId: g.game.id, zoneId: g.game.zones[0]!.id, idempotencyKey: 'k-1' },
      token,
      'IDEMPOTENCY_CONFLICT',
    );
    // Keys are per caller: the other seat may use the same key for its own request.
    await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      drawInput(g, 1, { idempotencyKey: 'k-1' }),
      g.seats[1]!.token,
    );
  });

  it('createGame with a key returns the same game and credentials to the same caller', async () => {
    const input = {
      ruleset: 'mtg',
      players: [{ name: 'Solo', deck: deck('S', 3) }],
      idempotencyKey: 'create-1',
    };
    // Keys are scoped to the caller: an anonymous caller has none (see test/api/abuse.test.ts).
    const [a, b] = await Promise.all([
      s.gql<{ createGame: Created }>(CREATE, { input }, TEST_ADMIN_TOKEN),
      s.gql<{ createGame: Created }>(CREATE, { input }, TEST_ADMIN_TOKEN),
    ]);
    expect(a.errors).toBeUndefined();
    expect(b.data!.createGame.game.id).toBe(a.data!.createGame.game.id);
    expect(b.data!.createGame.seats[0]!.token).toBe(a.data!.createGame.seats[0]!.token);
    const game = await loadGame(s, a.data!.createGame.game.id, a.data!.createGame.seats[0]!.token);
    expect(game.version).toBe(1);
    const changed = await s.gql(
      CREATE,
      { input: { ...input, players: [{ name: 'Other', deck: [] }] } },
      TEST_ADMIN_TOKEN,
    );
    expect(changed.errors?.[0]?.extensions?.code).toBe('IDEMPOTENCY_CONFLICT');
  });
});

describe('query count', () => {
  it('loading a game view takes the same number of SQL queries for 20 and 200 objects', async () => {
    const small = await createGame(s, 'mtg', [
      { name: 'A', deck: deck('A', 10) },
      { name: 'B', deck: deck('B', 10) },
    ]);
    const large = await createGame(s, 'mtg', [
      { name: 'A', deck: deck('A', 100) },
      { name: 'B', deck: deck('B', 100) },
    ]);
    // Put some objects in other zones too, so the view touches many zones.
    await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      drawInput(large, 0, { select: { ...drawInput(large).select, count: 50 } }),
      large.seats[0]!.token,
    );
    const db = new PrismaClient({
      adapter: new PrismaPg({ connectionString: s.databaseUrl, max: 2 }),
      log: [{ emit: 'event', level: 'query' }],
    });
    let queries = 0;
    db.$on('query', () => queries++);
    try {
      const count = async (id: string) => {
        queries = 0;
        const loaded = await loadState(db, s.app.service.store.rulesets, id);
        expect(loaded).not.toBeNull();
        return { queries, objects: loaded!.state.objects.length };
      };
      const a = await count(small.game.id);
      const b = await count(large.game.id);
      expect(a.objects).toBe(20);
      expect(b.objects).toBe(200);
      expect(a.queries).toBeGreaterThan(0);
      expect(b.queries).toBe(a.queries);
      expect(a.queries).toBeLessThanOrEqual(4);
    } finally {
      await db.$disconnect();
    }
    // And through HTTP the large view is complete and in order.
    const view = await loadGame(s, large.game.id, large.seats[0]!.token);
    expect(zoneOf(view, 'hand', large.seats[0]!.player.id).count).toBe(50);
  });
});
