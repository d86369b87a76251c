/**
 * The side-by-side cases' databases (bench/compare.ts, `sideDatabases`): both sides on fresh
 * databases of the server that holds the run's database, never a second server and never the run's
 * own database with the rows earlier cases left in it. Real PostgreSQL: the test's own database
 * stands for the run's.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sideDatabases } from '../../bench/compare.js';
import { useTestDatabase } from '../support/db.js';

async function onDatabase<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Which server and which database a URL reaches, and whether it holds the earlier cases' table. */
const identify = (url: string) =>
  onDatabase(url, async (c) => {
    const { rows } = await c.query<{ system: string; port: number; db: string; earlier: boolean }>(
      `SELECT (SELECT system_identifier::text FROM pg_control_system()) AS system,
              inet_server_port() AS port, current_database() AS db,
              to_regclass('public.earlier_case') IS NOT NULL AS earlier`,
    );
    return rows[0]!;
  });

describe('the side-by-side cases’ databases', () => {
  it('gives each side a fresh database of its own on the run’s server, and drops both', async () => {
    const run = await useTestDatabase();
    // What an earlier case of the run left in its database.
    await onDatabase(run.url, (c) =>
      c.query('CREATE TABLE earlier_case AS SELECT g AS n FROM generate_series(1, 1000) g'),
    );
    const runDb = await identify(run.url);
    const { before, after } = await sideDatabases(run.url);
    const sides = [await identify(before.url), await identify(after.url)];
    for (const side of sides) {
      expect({ system: side.system, port: side.port }).toEqual({ system: runDb.system, port: runDb.port });
      expect(side.db).not.toBe(runDb.db);
      expect(side.earlier).toBe(false);
    }
    expect(sides[0]!.db).not.toBe(sides[1]!.db);
    await before.release();
    await after.release();
    const left = await onDatabase(run.url, (c) =>
      c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_database WHERE datname = ANY($1)', [
        sides.map((s) => s.db),
      ]),
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});
