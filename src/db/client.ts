/**
 * The Prisma client. Prisma 7 runs in JS/WASM through the `pg` driver adapter: no native engine.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

const pools = new WeakMap<Db, pg.Pool>();

export function createDb(url: string, poolSize: number): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Fail fast when the database is unreachable instead of queueing forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection dropped (a database restart): the pool discards it and the next query
  // connects again. Without a listener the error would end the process.
  pool.on('error', () => undefined);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * The `pg` pool under a client, shared with Prisma (one set of connections). Exactly one statement
 * goes around Prisma: a move's commit (`mutate.ts`), whose large JSON parameter costs more CPU in
 * Prisma's raw-query path than the statement itself.
 */
export function driverPool(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('driverPool: this client was not made by createDb');
  return pool;
}

/** True while the database answers a trivial query within the timeout. */
export async function isDatabaseReady(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const probe = db.$queryRawUnsafe('SELECT 1').then(() => true as const);
    return await Promise.race([probe, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
