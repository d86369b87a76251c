/**
 * NUL and unpaired surrogates, which PostgreSQL cannot store (SQLSTATE 22021 in text, 22P05 in
 * jsonb), are refused as BAD_USER_INPUT naming the path, for every operation and both transports,
 * and nothing in the database changes.
 */
import { createClient } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { CREATE, createGame, deck, loadGame, zoneOf, type Created } from '../api/helpers.js';

const NUL = '\u0000';
const HIGH = '\uD800';
const LOW = '\uDC00';

let s: TestServer;
let g: Created;
let token: string;
let me: string;
let library: string;

const TABLES = ['game', 'player', 'zone', 'game_object', 'game_event', 'idempotency_record'];

/** Rows per table and each game's version: what a refused request must leave as it was. */
async function snapshot(): Promise<string> {
  const c = new pg.Client({ connectionString: s.databaseUrl });
  await c.connect();
  try {
    const counts = [];
    for (const t of TABLES)
      counts.push(`${t}=${(await c.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n}`);
    const versions = (await c.query(`SELECT id, version, last_seq FROM game ORDER BY id`)).rows;
    return JSON.stringify({ counts, versions });
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  s = await startTestServer();
  g = await createGame(s, 'mtg', [
    { name: 'A', deck: deck('A', 5) },
    { name: 'B', deck: deck('B', 5) },
  ]);
  token = g.seats[0]!.token;
  me = g.seats[0]!.player.id;
  library = zoneOf(await loadGame(s, g.game.id, token), 'library', me).id;
});

const MOVE = `mutation M($input: MoveObjectsInput!) { moveObjects(input: $input) { version } }`;
const TOKEN = `mutation M($input: CreateTokenInput!) { createToken(input: $input) { version } }`;
const LAYER = `mutation M($input: AddStackLayerInput!) { addStackLayer(input: $input) { version } }`;
const IMPORT = `mutation I($data: JSON!) { importGame(data: $data) { game { id } } }`;

describe('text PostgreSQL cannot store', () => {
  it('is refused in every operation with the path named, and the database is unchanged', async () => {
    const cases: { what: string; run: () => ReturnType<TestServer['gql']>; field: string }[] = [
      {
        what: 'createGame player name (NUL)',
        run: () => s.gql(CREATE, { input: { ruleset: 'mtg', players: [{ name: `A${NUL}`, deck: [] }] } }),
        field: '$input.players.0.name',
      },
      {
        what: 'createGame card name (lone high surrogate)',
        run: () =>
          s.gql(CREATE, {
            input: { ruleset: 'mtg', players: [{ name: 'A', deck: [{ name: 'ok' }, { name: `x${HIGH}` }] }] },
          }),
        field: '$input.players.0.deck.1.name',
      },
      {
        what: 'createGame card types list (lone low surrogate)',
        run: () =>
          s.gql(CREATE, {
            input: {
              ruleset: 'mtg',
              players: [{ name: 'A', deck: [{ name: 'ok', types: ['Land', `${LOW}x`] }] }],
            },
          }),
        field: '$input.players.0.deck.0.types.1',
      },
      {
        what: 'createGame card attributes: a JSON value and a JSON key',
        run: () =>
          s.gql(CREATE, {
            input: {
              ruleset: 'mtg',
              players: [{ name: 'A', deck: [{ name: 'ok', attributes: { cost: [1, { x: `${NUL}` }] } }] }],
            },
          }),
        field: '$input.players.0.deck.0.attributes.cost.1.x',
      },
      {
        what: 'createGame card attribute key',
        run: () =>
          s.gql(CREATE, {
            input: {
              ruleset: 'mtg',
              players: [{ name: 'A', deck: [{ name: 'ok', attributes: { [`k${NUL}`]: 1 } }] }],
            },
          }),
        field: '$input.players.0.deck.0.attributes (an object key)',
      },
      {
        what: 'createGame, inline literal in the document',
        run: () =>
          s.gql(
            `mutation { createGame(input: { ruleset: "mtg", players: [{ name: "A\\u0000", deck: [] }] }) { spectatorToken } }`,
          ),
        field: 'createGame.input.players.0.name',
      },
      {
        what: 'createGame idempotencyKey',
        run: () =>
          s.gql(
            CREATE,
            { input: { ruleset: 'mtg', players: [{ name: 'A', deck: [] }], idempotencyKey: `k${NUL}` } },
            TEST_ADMIN_TOKEN,
          ),
        field: '$input.idempotencyKey',
      },
      {
        what: 'moveObjects ids',
        run: () =>
          s.gql(
            MOVE,
            { input: { gameId: g.game.id, objectIds: [`id${NUL}`], to: { type: 'hand', ownerId: me } } },
            token,
          ),
        field: '$input.objectIds.0',
      },
      {
        what: 'moveObjects idempotencyKey',
        run: () =>
          s.gql(
            MOVE,
            {
              input: {
                gameId: g.game.id,
                select: { zoneId: library, from: 'TOP', count: 1 },
                to: { type: 'hand', ownerId: me },
                idempotencyKey: `k${HIGH}`,
              },
            },
            token,
          ),
        field: '$input.idempotencyKey',
      },
      {
        what: 'createToken name',
        run: () =>
          s.gql(
            TOKEN,
            { input: { gameId: g.game.id, token: { name: `Goblin${NUL}` }, to: { type: 'battlefield' } } },
            token,
          ),
        field: '$input.token.name',
      },
      {
        what: 'addStackLayer text',
        run: () =>
          s.gql(
            LAYER,
            { input: { gameId: g.game.id, layer: { name: 'Trigger', text: `draw${LOW}` } } },
            token,
          ),
        field: '$input.layer.text',
      },
      {
        what: 'query argument',
        run: () => s.gql(`query Q($id: ID!) { game(id: $id) { id } }`, { id: `${g.game.id}${NUL}` }, token),
        field: '$id',
      },
    ];

    const before = await snapshot();
    for (const c of cases) {
      const r = await c.run();
      expect(r.status, c.what).toBe(400);
      expect(r.data, c.what).toBeNull();
      expect(r.errors?.[0]?.extensions?.code, c.what).toBe('BAD_USER_INPUT');
      expect(r.errors?.[0]?.extensions?.['field'], c.what).toBe(c.field);
      expect(r.errors?.[0]?.message, c.what).toMatch(/NUL character or an unpaired UTF-16 surrogate/);
    }
    expect(await snapshot()).toBe(before);
  });

  it('is refused in importGame’s JSON document, and no game is imported', async () => {
    const exported = await s.gql<{ exportGame: unknown }>(
      `query E($id: ID!) { exportGame(gameId: $id) }`,
      { id: g.game.id },
      TEST_ADMIN_TOKEN,
    );
    expect(exported.errors).toBeUndefined();
    const text = JSON.stringify(exported.data!.exportGame);
    expect(text).toContain('"A 1"');
    const data = JSON.parse(text.replace('"A 1"', '"A\\u00001"')) as unknown;
    const before = await snapshot();
    const r = await s.gql(IMPORT, { data }, TEST_ADMIN_TOKEN);
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(String(r.errors?.[0]?.extensions?.['field'])).toMatch(/^\$data\./);
    expect(await snapshot()).toBe(before);
    // The same document without the NUL imports: the refusal was the NUL's.
    const clean = await s.gql(IMPORT, { data: JSON.parse(text) }, TEST_ADMIN_TOKEN);
    expect(clean.errors).toBeUndefined();
  });

  it('is refused in subscription arguments over graphql-ws, as a variable and as a literal', async () => {
    const client = createClient({
      url: s.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    const refusal = (query: string, variables: Record<string, unknown>) =>
      new Promise<unknown>((resolve) => {
        client.subscribe(
          { query, variables },
          { next: (r) => resolve(r), error: (e) => resolve(e), complete: () => resolve('complete') },
        );
      });
    try {
      const byVariable = (await refusal(
        `subscription S($gameId: ID!) { gameEvents(gameId: $gameId) { seq } }`,
        { gameId: `${g.game.id}${NUL}` },
      )) as { message: string; extensions: { code: string; field: string } }[];
      expect(byVariable[0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: '$gameId' });
      const byLiteral = (await refusal(
        `subscription { zoneEvents(gameId: "${g.game.id}", zoneId: "z\\u0000") { seq } }`,
        {},
      )) as { extensions: { code: string; field: string } }[];
      expect(byLiteral[0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'zoneEvents.zoneId' });
    } finally {
      await client.dispose();
    }
  });

  it('well-formed text, astral characters included, still goes through', async () => {
    const r = await s.gql<{ createGame: Created }>(CREATE, {
      input: {
        ruleset: 'mtg',
        players: [{ name: 'Ünïcödé 🃏', deck: [{ name: 'Ace 🂡', attributes: { '🔑': '値' } }] }],
      },
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.createGame.game.players[0]!.name).toBe('Ünïcödé 🃏');
  });
});
