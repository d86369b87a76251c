/**
 * Who may create a game, under which idempotency scope, how big and how often (src/authority/create-game.ts),
 * through the API against a real PostgreSQL.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCreationAuthority } from '../../src/authority/create-game.js';
import { loadConfig } from '../../src/config.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { CREATE, deck, type Created } from './helpers.js';

const HOST_TOKEN = 'test-host-token-0123456789abcdefgh';
const WHOAMI = `{ whoami { kind gameId playerId } }`;

type CreateResult = Awaited<ReturnType<TestServer['gql']>> & { data: { createGame: Created } | null };
const create = (s: TestServer, input: Record<string, unknown>, token?: string) =>
  s.gql<{ createGame: Created }>(CREATE, { input }, token) as Promise<CreateResult>;
const solo = (extra: Record<string, unknown> = {}) => ({
  ruleset: 'mtg',
  players: [{ name: 'Solo', deck: deck('S', 3) }],
  ...extra,
});
const codeOf = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;
const fieldOf = (r: { errors?: { extensions?: { [k: string]: unknown } }[] }) =>
  r.errors?.[0]?.extensions?.['field'];

async function count(s: TestServer, table: string): Promise<number> {
  const c = new pg.Client({ connectionString: s.databaseUrl });
  await c.connect();
  try {
    return Number((await c.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
  } finally {
    await c.end();
  }
}

describe('without HOST_TOKEN (local play): anyone creates, idempotency needs an identity', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });

  it('a second anonymous caller never receives the first caller’s credentials', async () => {
    expect.assertions(4);
    const input = solo({ idempotencyKey: 'shared-key' });
    const first = await create(s, input);
    const second = await create(s, input);
    // Before: the second call replayed the first game with its seat and spectator tokens.
    for (const r of [first, second]) {
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(fieldOf(r)).toBe('idempotencyKey');
    }
  });

  it('refuses an idempotencyKey from an anonymous caller or a spectator, saying why; a seat may use one', async () => {
    const anonymous = await create(s, solo({ idempotencyKey: 'k' }));
    expect(anonymous.errors?.[0]?.message).toMatch(/no caller identity/);
    expect(await count(s, 'idempotency_record')).toBe(0);

    const base = (await create(s, solo())).data!.createGame;
    const spectator = await create(s, solo({ idempotencyKey: 'k' }), base.spectatorToken);
    expect(codeOf(spectator)).toBe('BAD_USER_INPUT');
    expect(spectator.errors?.[0]?.message).toMatch(/shared by every spectator/);

    // A seat credential is one caller's own: its key replays for it, and only for it.
    const two = (
      await create(s, {
        ruleset: 'mtg',
        players: [
          { name: 'A', deck: [] },
          { name: 'B', deck: [] },
        ],
      })
    ).data!.createGame;
    const input = solo({ idempotencyKey: 'seat-key' });
    const a1 = (await create(s, input, two.seats[0]!.token)).data!.createGame;
    const a2 = (await create(s, input, two.seats[0]!.token)).data!.createGame;
    const b1 = (await create(s, input, two.seats[1]!.token)).data!.createGame;
    expect(a2.game.id).toBe(a1.game.id);
    expect(a2.seats[0]!.token).toBe(a1.seats[0]!.token);
    expect(b1.game.id).not.toBe(a1.game.id);
    expect(b1.seats[0]!.token).not.toBe(a1.seats[0]!.token);
    expect(b1.spectatorToken).not.toBe(a1.spectatorToken);
  });

  it('stores every seat, zone and object it answers with, and the GAME_CREATED event lists each object', async () => {
    // The service keeps the state it wrote in its cache and answers from it, so a row missing from
    // the one statement that writes a new game (`zk_create_game`) shows only in the database: on a
    // restart, or on another instance.
    const ALL = `mutation Create($input: CreateGameInput!) { createGame(input: $input) { game {
      id players { id seat } zones { id type owner { id } objects { id internalKey zone { id } } } } } }`;
    const cards = (seat: string, n: number) =>
      deck(seat, n).map((c, i) => ({ ...c, ...(i % 4 === 1 ? { zone: 'hand' } : {}) }));
    const input = {
      ruleset: 'mtg',
      players: [
        { name: 'A', deck: cards('A', 9) },
        { name: 'B', deck: cards('B', 7) },
      ],
    };
    type Shown = {
      createGame: {
        game: {
          id: string;
          players: { id: string; seat: number }[];
          zones: { id: string; objects: { id: string; internalKey: string; zone: { id: string } }[] }[];
        };
      };
    };
    const res = await s.gql<Shown>(ALL, { input }, TEST_ADMIN_TOKEN);
    expect(res.errors).toBeUndefined();
    const game = res.data!.createGame.game;
    const objects = game.zones.flatMap((z) => z.objects);
    expect(objects).toHaveLength(16);
    const c = new pg.Client({ connectionString: s.databaseUrl });
    await c.connect();
    try {
      const rows = async (sql: string) => (await c.query(sql, [game.id])).rows as Record<string, unknown>[];
      const sorted = <T>(xs: T[]) => xs.map((x) => JSON.stringify(x)).sort();
      expect(sorted(await rows('SELECT id, seat FROM player WHERE game_id = $1'))).toEqual(
        sorted(game.players.map((p) => ({ id: p.id, seat: p.seat }))),
      );
      expect(sorted(await rows('SELECT id FROM zone WHERE game_id = $1'))).toEqual(
        sorted(game.zones.map((z) => ({ id: z.id }))),
      );
      expect(
        sorted(
          await rows('SELECT public_id AS id, key, zone_id AS zone FROM game_object WHERE game_id = $1'),
        ),
      ).toEqual(sorted(objects.map((o) => ({ id: o.id, key: o.internalKey, zone: o.zone.id }))));
      const [event] = await rows(
        `SELECT payload->'created' AS created, payload->'zonesCreated' AS zones FROM game_event
         WHERE game_id = $1 AND seq = 1`,
      );
      const created = event!['created'] as { publicId: string }[];
      expect(created.map((o) => o.publicId).sort()).toEqual(objects.map((o) => o.id).sort());
      expect((event!['zones'] as { id: string }[]).map((z) => z.id).sort()).toEqual(
        game.zones.map((z) => z.id).sort(),
      );
    } finally {
      await c.end();
    }
  });

  it('keeps no credential in plaintext in the idempotency record', async () => {
    const input = solo({ idempotencyKey: 'admin-key-plaintext-check' });
    const created = (await create(s, input, TEST_ADMIN_TOKEN)).data!.createGame;
    const c = new pg.Client({ connectionString: s.databaseUrl });
    await c.connect();
    try {
      const rows = (await c.query(`SELECT scope, key, response::text AS response FROM idempotency_record`))
        .rows as {
        scope: string;
        key: string;
        response: string;
      }[];
      const stored = JSON.stringify(rows);
      expect(rows.some((r) => r.scope === 'admin|createGame')).toBe(true);
      for (const secret of [
        created.spectatorToken,
        ...created.seats.map((x) => x.token),
        'admin-key-plaintext-check',
      ])
        expect(stored).not.toContain(secret);
    } finally {
      await c.end();
    }
  });

  it('an invalid credential is UNAUTHENTICATED, not anonymous', async () => {
    const r = await create(s, solo(), 'zkp_not-a-real-token');
    expect(codeOf(r)).toBe('UNAUTHENTICATED');
  });

  it('caps sizes with errors naming the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ players: [{ name: 'x'.repeat(101), deck: [] }] }, 'players.0.name', /1 to 100 characters/],
      [{ players: [{ name: 'A', deck: deck('A', 1001) }] }, 'players.0.deck', /at most 1000 cards/],
      [
        { players: Array.from({ length: 9 }, (_, i) => ({ name: `P${i}`, deck: [] })) },
        'players',
        /1 to 8 players/,
      ],
      [{ ruleset: 'chess' }, 'ruleset', /Unknown ruleset/],
    ];
    for (const [patch, field, message] of cases) {
      const r = await create(s, { ...solo(), ...patch });
      expect(codeOf(r), field).toBe('BAD_USER_INPUT');
      expect(fieldOf(r), field).toBe(field);
      expect(r.errors?.[0]?.message, field).toMatch(message);
    }
  });
});

describe('with HOST_TOKEN: only the host and the admin create games', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ HOST_TOKEN });
  });

  it('refuses anonymous callers, bad credentials, seats and spectators before writing anything', async () => {
    const hosted = await create(s, solo(), HOST_TOKEN);
    expect(hosted.errors).toBeUndefined();
    const games = await count(s, 'game');
    expect(codeOf(await create(s, solo()))).toBe('UNAUTHENTICATED');
    expect(codeOf(await create(s, solo(), 'not-the-host-token-at-all-0123456789'))).toBe('UNAUTHENTICATED');
    const seat = await create(s, solo(), hosted.data!.createGame.seats[0]!.token);
    expect(codeOf(seat)).toBe('FORBIDDEN');
    expect(codeOf(await create(s, solo(), hosted.data!.createGame.spectatorToken))).toBe('FORBIDDEN');
    expect(await count(s, 'game')).toBe(games);
  });

  it('the host is a principal of its own, with its own idempotency scope and no standing in games', async () => {
    const who = await s.gql<{ whoami: { kind: string; gameId: string | null } }>(WHOAMI, {}, HOST_TOKEN);
    expect(who.data!.whoami).toEqual({ kind: 'HOST', gameId: null, playerId: null });

    const input = solo({ idempotencyKey: 'host-key' });
    const [a, b] = await Promise.all([create(s, input, HOST_TOKEN), create(s, input, HOST_TOKEN)]);
    expect(a.errors).toBeUndefined();
    expect(b.data!.createGame.game.id).toBe(a.data!.createGame.game.id);
    expect(b.data!.createGame.seats[0]!.token).toBe(a.data!.createGame.seats[0]!.token);
    // The admin's key of the same name is another caller's: another game.
    const admin = await create(s, input, TEST_ADMIN_TOKEN);
    expect(admin.data!.createGame.game.id).not.toBe(a.data!.createGame.game.id);

    const view = await s.gql(
      `query($id: ID!) { game(id: $id) { id } }`,
      { id: a.data!.createGame.game.id },
      HOST_TOKEN,
    );
    expect(codeOf(view)).toBe('NOT_FOUND');
  });
});

describe('rate limit and configured caps for untrusted creators', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      CREATE_GAME_RATE_PER_MINUTE: '6',
      CREATE_GAME_BURST: '3',
      CREATE_GAME_MAX_CARDS_PER_PLAYER: '40',
      CREATE_GAME_MAX_CARDS: '50',
    });
  });

  it('caps total cards over all players and cards per player from the configuration', async () => {
    const perPlayer = await create(s, { ruleset: 'mtg', players: [{ name: 'A', deck: deck('A', 41) }] });
    expect(codeOf(perPlayer)).toBe('BAD_USER_INPUT');
    expect(perPlayer.errors?.[0]?.message).toMatch(/at most 40 cards/);
    const total = await create(s, {
      ruleset: 'mtg',
      players: [
        { name: 'A', deck: deck('A', 30) },
        { name: 'B', deck: deck('B', 30) },
      ],
    });
    expect(codeOf(total)).toBe('BAD_USER_INPUT');
    expect(total.errors?.[0]?.message).toMatch(/at most 50 cards over all players \(this one has 60\)/);
  });

  it('lets a burst through, then answers RATE_LIMITED with a retry hint; the admin is not limited', async () => {
    const games = await count(s, 'game');
    for (let i = 0; i < 3; i++) expect((await create(s, solo())).errors).toBeUndefined();
    const limited = await create(s, solo());
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    const retry = limited.errors?.[0]?.extensions?.['retryAfterSeconds'] as number;
    // 6 per minute: one token every 10 s.
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(10);
    expect(limited.errors?.[0]?.message).toMatch(/Retry in \d+ s/);
    expect(await count(s, 'game')).toBe(games + 3);
    expect((await create(s, solo(), TEST_ADMIN_TOKEN)).errors).toBeUndefined();
  });
});

describe('token bucket', () => {
  it('refills at the configured rate and keeps addresses apart', () => {
    let now = 0;
    const config = loadConfig({ CREATE_GAME_RATE_PER_MINUTE: '60', CREATE_GAME_BURST: '2' });
    const authority = createCreationAuthority(config, () => now);
    const admit = (clientIp: string) => () =>
      authority.admit({
        principal: { kind: 'anonymous' },
        badCredential: false,
        clientIp,
        seats: { min: 1, max: 8 },
        players: [{ name: 'A', deck: [] }],
      });
    admit('1.1.1.1')();
    admit('1.1.1.1')();
    expect(admit('1.1.1.1')).toThrow(/Retry in 1 s/);
    expect(admit('2.2.2.2')).not.toThrow();
    now += 999;
    expect(admit('1.1.1.1')).toThrow(/RATE|Too many/);
    now += 1;
    expect(admit('1.1.1.1')).not.toThrow();
    expect(admit('1.1.1.1')).toThrow(/Too many/);
  });
});
