/**
 * The migration to game-keyed tables (prisma/migrations/*_citus_ready_keys) on a database as the
 * release before it left it: every row survives unchanged, credentials issued before tokens carried
 * their game id keep working (through `legacy_credential`), and idempotency keys used before still
 * replay, a move's and a createGame's.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/auth/tokens.js';
import { applyMigrations, MIGRATIONS_DIR } from '../../src/postgres/schema-engine.js';
import { CREATE, deck, loadGame, ok, zoneOf, type Created } from '../api/helpers.js';
import { useTestDatabase } from '../support/db.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';

const MIGRATION = /_citus_ready_keys$/;
const TABLES = [
  'game',
  'player',
  'zone',
  'game_object',
  'game_event',
  'game_checkpoint',
  'idempotency_record',
];
const legacyToken = (prefix: string) => prefix + randomBytes(32).toString('base64url');

/** Every row of every game table, as JSON text per table, in a stable order. */
async function rows(db: pg.Client): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of TABLES)
    out[t] = (
      await db.query<{ r: string }>(
        // Without the columns later migrations add (ruleset_version, filled at the first start after
        // it; the table state: table_state, statuses, counters; a seat's platform user; a game's clock
        // deadline).
        `SELECT (to_jsonb(x) - 'ruleset_version' - 'table_state' - 'statuses' - 'counters' - 'ext_issuer' - 'ext_subject' - 'clock_deadline')::text AS r FROM ${t} x ORDER BY 1`,
      )
    ).rows.map((r) => r.r);
  return out;
}

let source: TestServer;
let old: pg.Client;
let migrated: TestServer;
const legacy = {
  alice: legacyToken('zkp_'),
  bob: legacyToken('zkp_'),
  spectator: legacyToken('zks_'),
  referee: legacyToken('zkr_'),
};
let g1: Created;
let g2: { id: string; tokens: string[] };
const input2 = {
  ruleset: 'mtg',
  players: [
    { name: 'C', deck: deck('C', 5) },
    { name: 'D', deck: deck('D', 5) },
  ],
  idempotencyKey: 'made-before-the-migration',
};
let before: Record<string, string[]>;

/** Alice's keyed draw of two cards: sent before the migration, replayed after it, the same. */
function keyedMove() {
  const me = g1.seats[0]!.player.id;
  return {
    gameId: g1.game.id,
    select: { zoneId: zoneOf(g1.game, 'library', me).id, from: 'TOP', count: 2 },
    to: { type: 'hand', ownerId: me },
    idempotencyKey: 'moved-before-the-migration',
  };
}

beforeAll(async () => {
  // The games, made by today's service on today's schema (the rows' columns are the same before).
  source = await startTestServer();
  const created = await source.gql<{ createGame: Created }>(CREATE, {
    input: {
      ruleset: 'mtg',
      players: [
        { name: 'A', deck: deck('A', 10) },
        { name: 'B', deck: deck('B', 10) },
      ],
    },
  });
  g1 = created.data!.createGame;
  await ok(source, 'moveObjects', 'MoveObjectsInput', keyedMove(), g1.seats[0]!.token);
  const keyed = await source.gql<{ createGame: Created }>(CREATE, { input: input2 }, TEST_ADMIN_TOKEN);
  g2 = { id: keyed.data!.createGame.game.id, tokens: keyed.data!.createGame.seats.map((s) => s.token) };

  // A database migrated up to the release before, holding those rows, the first game's credentials
  // replaced by tokens of the old form (no game id in them).
  const { url } = await useTestDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'zk-old-migrations-'));
  try {
    for (const name of await readdir(MIGRATIONS_DIR))
      if (!MIGRATION.test(name) && name < (await readdir(MIGRATIONS_DIR)).find((n) => MIGRATION.test(n))!)
        await cp(path.join(MIGRATIONS_DIR, name), path.join(dir, name), { recursive: true });
    const fresh = new pg.Client({ connectionString: url });
    await fresh.connect();
    // The template database is already migrated: start this one empty.
    await fresh.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await fresh.end();
    await applyMigrations(url, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  old = new pg.Client({ connectionString: url });
  await old.connect();
  const from = new pg.Client({ connectionString: source.databaseUrl });
  await from.connect();
  try {
    for (const t of TABLES) {
      const key = t === 'game' ? 'id' : 'game_id';
      const { rows: copied } = await from.query<{ r: string }>(
        `SELECT row_to_json(x)::text AS r FROM ${t} x WHERE ${key} IN ($1, $2)`,
        [g1.game.id, g2.id],
      );
      for (const r of copied)
        await old.query(`INSERT INTO ${t} SELECT * FROM json_populate_record(NULL::${t}, $1::json)`, [r.r]);
    }
  } finally {
    await from.end();
  }
  const [alice, bob] = g1.seats.map((s) => s.player.id);
  await old.query('UPDATE player SET token_hash = $2 WHERE id = $1', [alice, hashToken(legacy.alice)]);
  await old.query('UPDATE player SET token_hash = $2 WHERE id = $1', [bob, hashToken(legacy.bob)]);
  await old.query('UPDATE game SET spectator_token_hash = $2, referee_token_hash = $3 WHERE id = $1', [
    g1.game.id,
    hashToken(legacy.spectator),
    hashToken(legacy.referee),
  ]);
  before = await rows(old);
  expect(before['idempotency_record']).toHaveLength(2);

  await applyMigrations(url);
  migrated = await startTestServer({}, { databaseUrl: url });
}, 120_000);

afterAll(() => old?.end());

describe('migrating to game-keyed tables', () => {
  it('keeps every row as it was', async () => {
    expect(await rows(old)).toEqual(before);
    const { rows: names } = await old.query<{ migration_name: string }>(
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL',
    );
    expect(names.some((n) => MIGRATION.test(n.migration_name))).toBe(true);
  });

  it('still accepts the credentials issued before, as the same seats, spectator and referee', async () => {
    const who = async (token: string) =>
      (
        await migrated.gql<{ game: { viewer: { kind: string; player: { id: string } | null } } }>(
          'query ($id: ID!) { game(id: $id) { viewer { kind player { id } } } }',
          { id: g1.game.id },
          token,
        )
      ).data?.game.viewer;
    expect(await who(legacy.alice)).toEqual({ kind: 'PLAYER', player: { id: g1.seats[0]!.player.id } });
    expect(await who(legacy.bob)).toEqual({ kind: 'PLAYER', player: { id: g1.seats[1]!.player.id } });
    expect((await who(legacy.spectator))?.kind).toBe('SPECTATOR');
    expect(await who(legacy.referee)).toBeTruthy();
    // And an old seat token moves cards.
    const me = g1.seats[0]!.player.id;
    await ok(
      migrated,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g1.game.id,
        select: { zoneId: zoneOf(g1.game, 'library', me).id, from: 'TOP', count: 1 },
        to: { type: 'hand', ownerId: me },
      },
      legacy.alice,
    );
    expect(zoneOf(await loadGame(migrated, g1.game.id, legacy.alice), 'hand', me).count).toBe(3);
  });

  it('replays requests made before under their idempotency keys', async () => {
    const replayed = await migrated.gql<{ moveObjects: { version: number } }>(
      `mutation ($input: MoveObjectsInput!) { moveObjects(input: $input) { version } }`,
      { input: keyedMove() },
      legacy.alice,
    );
    expect(replayed.data?.moveObjects.version).toBe(2);
    const again = await migrated.gql<{ createGame: Created }>(CREATE, { input: input2 }, TEST_ADMIN_TOKEN);
    expect(again.data?.createGame.game.id).toBe(g2.id);
    expect(again.data?.createGame.seats.map((s) => s.token)).toEqual(g2.tokens);
  });
});
