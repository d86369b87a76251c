/**
 * The Prisma client. Prisma 7 runs in JS/WASM through the `pg` driver adapter: no native engine.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

/**
 * A Prisma client and the `pg` pool under it (one set of connections). A few statements go
 * around Prisma on the pool: a move's commit (`commit.ts`), whose large JSON parameter costs more
 * CPU in Prisma's raw-query path than the statement itself, a new game's, the event pages, and what
 * every view asks (its game's version, `state.ts`; a clocked game's time, `time.ts`). Each is
 * unnamed: behind a transaction-mode pooler a prepared statement does not outlive its transaction.
 */
export interface Database {
  readonly db: Db;
  readonly pool: pg.Pool;
}

/** Opens a pool of `poolSize` connections to `url` and a Prisma client on it. */
export function openDatabase(url: string, poolSize: number): Database {
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
  // A connection checked out with no query running (between a transaction's statements) that the
  // server drops (57P01 when the postmaster dies) emits on its own client, which the pool does not
  // listen to while it is out: the statement in flight or the next one fails and the pool discards
  // the client on release; without this listener the error would end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  return { db, pool };
}

/** A Prisma client alone (its pool closes with it): for tools and tests that query through Prisma only. */
export function createDb(url: string, poolSize: number): Db {
  return openDatabase(url, poolSize).db;
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
