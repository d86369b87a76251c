/**
 * A fresh database per test file, cloned from the migrated template: files never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { closeAfterFile } from './after-file.js';
import { withDatabase } from './global-setup.js';

export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const runId = template.replace(/^zk_tpl_/, '');
  const name = `zk_t_${runId}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Postgres refuses to clone a template while another clone of it is in progress: retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (err) {
        if (attempt >= 50 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 150));
      }
    }
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  return { url: withDatabase(adminUrl, name), name, drop };
}

/** Creates a database for the calling test file and drops it after the file's tests (or the suite's). */
export async function useTestDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  closeAfterFile(() => db.drop());
  return db;
}
