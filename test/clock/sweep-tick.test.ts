/**
 * The clock sweep's heartbeat statements (`sweepTick`, `recordTick` in `src/db/clock.ts`), which
 * every instance runs several times a second straight on the driver's pool: what they answer and
 * write, in the types the sweep compares (epoch ms as numbers, `due` as a boolean).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { recordTick, sweepTick } from '../../src/db/clock.js';
import { closeAfterFile } from '../support/after-file.js';
import { useTestDatabase } from '../support/db.js';

async function openPool(): Promise<pg.Pool> {
  const db = await useTestDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  closeAfterFile(() => pool.end());
  return pool;
}

/** `zk_now()` as epoch ms, read apart from the statements under test. */
async function zkNow(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ ms: number }>(
    'SELECT floor(extract(epoch FROM zk_now()) * 1000)::float8 AS ms',
  );
  return rows[0]!.ms;
}

describe('the clock sweep heartbeat', () => {
  it('reads the database time, the last tick and whether a clock is due; a tick keeps the latest', async () => {
    const pool = await openPool();
    // Before any tick: no previous tick, nothing due (no game has a deadline).
    const before = await zkNow(pool);
    const first = await sweepTick(pool);
    expect(typeof first.now).toBe('number');
    expect(first.now).toBeGreaterThanOrEqual(before);
    expect(first.previous).toBeNull();
    expect(first.due).toBe(false);

    await recordTick(pool, first.now);
    const second = await sweepTick(pool);
    expect(second.previous).toBe(first.now);
    expect(second.now).toBeGreaterThanOrEqual(first.now);

    // A tick older than the recorded one (another instance was later) leaves the later one.
    await recordTick(pool, first.now - 60_000);
    expect((await sweepTick(pool)).previous).toBe(first.now);
    await recordTick(pool, first.now + 5_000);
    expect((await sweepTick(pool)).previous).toBe(first.now + 5_000);
  });
});
