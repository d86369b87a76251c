/**
 * Citus readiness of the schema, read from `pg_catalog` of a database built by the migrations: a
 * distributed table's primary key, unique constraints and foreign keys must contain its
 * distribution column, and colocated tables may only reference each other through it. Every table
 * holding a game's data is to be distributed by `game_id` (`game` by its `id`); the few that are
 * not are named below with the reason. docs/scaling.md has the plan.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationGameId } from '../../src/db/idempotency.js';
import { useTestDatabase } from '../support/db.js';

/** Tables that are not distributed by game, and why. Anything else must be keyed by its game. */
const NOT_DISTRIBUTED: Record<string, string> = {
  _prisma_migrations: 'migration bookkeeping, kept on the coordinator',
  legacy_credential:
    'token hash -> game for credentials issued before they carried their game id: written once by a migration, a reference table',
  handoff_code:
    'browser hand-off codes, keyed by the code, alive a minute or ten, no game data: a local table on the coordinator',
  zk_time:
    "the database's time as a test pins or moves it (`zk_now()`): at most one row, no game data: a reference table",
  clock_sweep:
    "the clock sweep's heartbeat (the last tick of any instance): one row, no game data: a local table on the coordinator",
  ruleset_version:
    'the content of each ruleset version, shared by every game that plays it (few rows, written once each): a reference table',
};

/** The column a game table is distributed by. */
const distributionColumn = (table: string) => (table === 'game' ? 'id' : 'game_id');

interface Constraint {
  readonly table: string;
  readonly name: string;
  readonly type: 'p' | 'u' | 'f';
  readonly columns: string[];
  readonly refTable: string | null;
  readonly refColumns: string[] | null;
}

/** Every rule of the file's comment that the database's catalog breaks, in words. Empty: ready. */
async function citusViolations(db: pg.ClientBase): Promise<string[]> {
  const problems: string[] = [];
  const tables = (
    await db.query<{ table: string; columns: string[] }>(
      `SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
       GROUP BY c.relname ORDER BY c.relname`,
    )
  ).rows;
  const distributed = new Set(tables.filter((t) => !(t.table in NOT_DISTRIBUTED)).map((t) => t.table));
  for (const t of tables) {
    if (!distributed.has(t.table)) continue;
    if (!t.columns.includes(distributionColumn(t.table)))
      problems.push(`table ${t.table} has no ${distributionColumn(t.table)} column to be distributed by`);
  }
  const constraints = (
    await db.query<Constraint>(
      `SELECT c.relname AS table, k.conname AS name, k.contype AS type,
              (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
                WHERE a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)) AS columns,
              r.relname AS "refTable",
              (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
                WHERE a.attrelid = k.confrelid AND a.attnum = ANY (k.confkey)) AS "refColumns"
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_class r ON r.oid = k.confrelid
       WHERE n.nspname = current_schema() AND k.contype IN ('p', 'u', 'f')`,
    )
  ).rows;
  for (const t of distributed)
    if (!constraints.some((k) => k.table === t && k.type === 'p'))
      problems.push(`table ${t} has no primary key`);
  for (const k of constraints) {
    const local = distributed.has(k.table);
    const remote = k.refTable !== null && distributed.has(k.refTable);
    if (k.type !== 'f') {
      if (local && !k.columns.includes(distributionColumn(k.table)))
        problems.push(
          `${k.type === 'p' ? 'primary key' : 'unique constraint'} ${k.name} on ${k.table} (${k.columns.join(', ')}) lacks ${distributionColumn(k.table)}`,
        );
      continue;
    }
    // A foreign key between distributed tables must pair their distribution columns; one between a
    // distributed and a non-distributed table cannot be kept by Citus at all.
    if (local !== remote) {
      problems.push(
        `foreign key ${k.name} joins ${k.table} and ${k.refTable}, one distributed by game, one not`,
      );
      continue;
    }
    if (!local) continue;
    const at = k.columns.indexOf(distributionColumn(k.table));
    if (at < 0 || k.refColumns?.[at] !== distributionColumn(k.refTable!))
      problems.push(
        `foreign key ${k.name} ${k.table} (${k.columns.join(', ')}) -> ${k.refTable} (${k.refColumns?.join(', ')}) does not pair ${distributionColumn(k.table)} with ${k.refTable}.${distributionColumn(k.refTable!)}`,
      );
  }
  // Unique indexes without a constraint (CREATE UNIQUE INDEX) are held to the same rule.
  const indexes = (
    await db.query<{ table: string; name: string; columns: string[] }>(
      `SELECT c.relname AS table, i.relname AS name,
              (SELECT array_agg(a.attname::text) FROM pg_attribute a
                WHERE a.attrelid = x.indrelid AND a.attnum = ANY (x.indkey)) AS columns
       FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND x.indisunique
         AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`,
    )
  ).rows;
  for (const i of indexes)
    if (distributed.has(i.table) && !(i.columns ?? []).includes(distributionColumn(i.table)))
      problems.push(
        `unique index ${i.name} on ${i.table} (${(i.columns ?? []).join(', ')}) lacks ${distributionColumn(i.table)}`,
      );
  // The commit and the creation are one function call each; Citus routes a distributed function by
  // one of its arguments.
  for (const name of ['zk_commit_move', 'zk_create_game']) {
    const fn = (
      await db.query<{ args: string }>(
        `SELECT pg_get_function_identity_arguments(p.oid) AS args FROM pg_proc p
         JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname = current_schema() AND p.proname = $1`,
        [name],
      )
    ).rows;
    if (fn.length !== 1 || !/^\w+ uuid, /.test(fn[0]!.args))
      problems.push(
        `${name} must be one function whose first argument is the game id (uuid): found ${JSON.stringify(fn.map((c) => c.args))}`,
      );
  }
  return problems;
}

let client: pg.Client;
beforeAll(async () => {
  const database = await useTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(() => client?.end());

describe('the schema is ready to be distributed by game', () => {
  it('keys every table, unique constraint, unique index and foreign key of game data by its game', async () => {
    expect(await citusViolations(client)).toEqual([]);
  });

  it('reports each kind of violation (planted in a transaction that is rolled back)', async () => {
    await client.query('BEGIN');
    try {
      await client.query('CREATE TABLE zk_planted (id uuid PRIMARY KEY, note text)');
      await client.query('CREATE UNIQUE INDEX zk_planted_public ON game_object (public_id)');
      await client.query('ALTER TABLE zone ADD CONSTRAINT zk_planted_type UNIQUE (type, index, owner_id)');
      await client.query('ALTER TABLE player ADD CONSTRAINT zk_planted_id UNIQUE (id)');
      await client.query(
        'ALTER TABLE game_object ADD CONSTRAINT zk_planted_fk FOREIGN KEY (host_key) REFERENCES player (id)',
      );
      await client.query('DROP FUNCTION zk_commit_move(uuid, jsonb)');
      await client.query(
        `CREATE FUNCTION zk_commit_move(p jsonb) RETURNS text LANGUAGE sql AS $$ SELECT 'x' $$`,
      );
      await client.query('DROP FUNCTION zk_create_game(uuid, jsonb)');
      const found = await citusViolations(client);
      expect(found).toEqual(
        expect.arrayContaining([
          'table zk_planted has no game_id column to be distributed by',
          'unique index zk_planted_public on game_object (public_id) lacks game_id',
          expect.stringMatching(/^unique constraint zk_planted_type on zone .* lacks game_id$/),
          'unique constraint zk_planted_id on player (id) lacks game_id',
          expect.stringMatching(
            /^foreign key zk_planted_fk game_object \(host_key\) -> player \(id\) does not pair/,
          ),
          expect.stringMatching(/^zk_commit_move must be one function whose first argument is the game id/),
          'zk_create_game must be one function whose first argument is the game id (uuid): found []',
        ]),
      );
    } finally {
      await client.query('ROLLBACK');
    }
    expect(await citusViolations(client)).toEqual([]);
  });

  it('derives a createGame key’s game id the same way in the service and in SQL', async () => {
    for (const [scope, key] of [
      ['host|createGame', 'a'.repeat(64)],
      ['player:5548a5a6-1b74-45e3-94f5-172ed883d66c|createGame', '0123456789abcdef'.repeat(4)],
      ['admin|createGame', 'f'.repeat(64)],
    ] as const) {
      const { rows } = await client.query<{ id: string }>('SELECT zk_creation_game_id($1, $2)::text AS id', [
        scope,
        key,
      ]);
      expect(rows[0]!.id).toBe(creationGameId(scope, key));
      expect(creationGameId(scope, key)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });
});
