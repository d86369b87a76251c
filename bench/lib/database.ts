/**
 * The PostgreSQL a run measures against: a throw-away embedded cluster by default, or a fresh
 * database created inside the server named by `BENCH_DATABASE_URL` / `DATABASE_URL` (dropped at
 * the end unless `BENCH_KEEP_DB=1`), so a run never mixes with existing data.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/postgres/embedded.js';

/** `count` connected clients of the database at `url` (the baselines' own connections). */
export async function connectClients(url: string, count: number): Promise<pg.Client[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
}

export interface BenchDatabase {
  /** URL of the database the service and the baselines share. */
  readonly url: string;
  readonly embedded: boolean;
  release(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the server that holds `url` (its own name, dropped by `release` unless
 * `BENCH_KEEP_DB=1`): what a side-by-side case gives each side, so both sides share one server (its
 * WAL, buffers, checkpoints and background work, which a pair then sees at the same moment) and
 * neither inherits the tables earlier cases filled. {@link openBenchDatabase} without a URL would
 * start a second embedded server, and the run's own database holds every earlier case's rows.
 */
export async function openSiblingDatabase(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BenchDatabase> {
  const name = `zk_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin(url, (c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: withDatabase(url, name),
    embedded: false,
    release: async () => {
      if (env['BENCH_KEEP_DB'] === '1') return;
      await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
    },
  };
}

export async function openBenchDatabase(env: NodeJS.ProcessEnv = process.env): Promise<BenchDatabase> {
  const given = env['BENCH_DATABASE_URL'] || env['DATABASE_URL'];
  const name = `zk_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  if (given) {
    const created = await admin(given, (c) => c.query(`CREATE DATABASE ${name}`)).then(
      () => true,
      () => false,
    );
    if (!created) {
      // No CREATE DATABASE privilege: use the given database as it is.
      return { url: given, embedded: false, release: async () => undefined };
    }
    return {
      url: withDatabase(given, name),
      embedded: false,
      release: async () => {
        if (env['BENCH_KEEP_DB'] === '1') return;
        await admin(given, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(
          () => undefined,
        );
      },
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zk-bench-'));
  // mkdtemp makes it 0700; the cluster runs as the `postgres` user when we are root.
  await chmod(dir, 0o755);
  const cluster = await startEmbeddedPostgres({ dir, port: 0, persistent: false }).catch(
    async (err: unknown) => {
      await rm(dir, { recursive: true, force: true });
      throw err;
    },
  );
  try {
    await admin(cluster.url, (c) => c.query(`CREATE DATABASE ${name}`));
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return {
    // As the service connects to its own embedded cluster: over the Unix socket.
    url: cluster.localUrlFor(name),
    embedded: true,
    release: async () => {
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
