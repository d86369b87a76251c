/**
 * The Prisma client. Prisma 7 runs in JS/WASM through the `pg` driver adapter: no native engine.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

export function createDb(url: string, poolSize: number): Db {
  const adapter = new PrismaPg({
    connectionString: url,
    max: poolSize,
    // Fail fast when the database is unreachable instead of queueing forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
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
