/**
 * The database's time (issue 40): `zk_now()` (the clocks migration) is the one clock every deadline
 * is compared with, never a process's. Tests pin or move it through `zk_time`.
 */
import type { Queryable } from './state.js';

/** The database's time now, epoch ms (`zk_now()`). */
export async function dbNow(db: Queryable): Promise<number> {
  const rows = await db.$queryRaw<{ ms: number }[]>`
    SELECT floor(extract(epoch FROM zk_now()) * 1000)::float8 AS ms`;
  const ms = rows[0]?.ms;
  if (typeof ms !== 'number') throw new Error('zk_now() answered nothing');
  return ms;
}
