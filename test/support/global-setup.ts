/**
 * Once per test run: find a real PostgreSQL (TEST_DATABASE_URL, else DATABASE_URL, else an
 * embedded one in a temp folder), create a template database and migrate it. Each test file
 * clones its own database from the template (see `db.ts`). Everything is dropped afterwards.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/postgres/embedded.js';
import { applyMigrations } from '../../src/postgres/schema-engine.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a maintenance database on the test server (used to create/drop databases). */
    adminDatabaseUrl: string;
    /** Name of the migrated template database. */
    templateDatabase: string;
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedDatabase | null = null;
  let tempDir: string | null = null;
  let adminUrl = process.env['TEST_DATABASE_URL'] || process.env['DATABASE_URL'] || '';
  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(tmpdir(), 'zonekeeper-test-'));
    // The embedded server runs as an unprivileged user, which must be able to enter the folder.
    await chmod(tempDir, 0o755);
    embedded = await startEmbeddedPostgres({ dir: tempDir, port: 0, persistent: false });
    adminUrl = embedded.url;
  }
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const template = `zk_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  try {
    await applyMigrations(withDatabase(adminUrl, template));
  } catch (err) {
    // Vitest runs no teardown when setup fails: clean up here.
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
    throw err;
  }
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  process.env['ZK_TEST_RUN_ID'] = runId;

  return async () => {
    // Drop the template and any per-file database left behind by a crashed worker.
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`zk_t_${runId}_%`, template],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
