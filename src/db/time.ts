/**
 * The database's time (issue 40): `zk_now()` (the clocks migration) is the one clock every deadline
 * is compared with, never a process's. Tests pin or move it through `zk_time`.
 */
import type pg from 'pg';
import type { Queryable } from './state.js';

const NOW_MS = 'SELECT floor(extract(epoch FROM zk_now()) * 1000)::float8 AS ms';

function msOf(rows: readonly { ms: number }[]): number {
  const ms = rows[0]?.ms;
  if (typeof ms !== 'number') throw new Error('zk_now() answered nothing');
  return ms;
}

/** The database's time now, epoch ms (`zk_now()`), on a client or inside a transaction. */
export async function dbNow(db: Queryable): Promise<number> {
  return msOf(await db.$queryRawUnsafe<{ ms: number }[]>(NOW_MS));
}

/**
 * The same, straight on the driver's pool: what a view of a game with clocks asks each time
 * (`StoreOperations.now`), without Prisma's query engine (as `state.ts`'s version check).
 */
export async function poolNow(pool: pg.Pool): Promise<number> {
  return msOf((await pool.query<{ ms: number }>(NOW_MS)).rows);
}
