/**
 * The data side of the clocks (issue 40): the sweep's heartbeat, and claiming a game whose clock is due. What
 * an expiry records is decided by the authority (`src/authority/clock-sweep.ts`); the commit is
 * `zk_commit_move`, the same statement as every move's, under the game's row lock.
 */
import type { Prisma } from '../generated/prisma/client.js';
import { commit, inTransaction, type CommitRequest, type Outcome, type Planned } from './commit.js';
import type { Db } from './client.js';
import { loadOrThrow, type LoadedGame } from './state.js';
import type { Store } from './store.js';
import { dbNow } from './time.js';

/**
 * The database's time, the last tick any instance's sweep recorded (epoch ms; null before the
 * first), and whether any active game's clock is due: a gap between the two times is a time no
 * instance swept, and a tick with nothing due claims nothing (at rest a tick is this one
 * statement and {@link recordTick}). Nothing is written: the tick is recorded once the sweep has
 * given that gap back, so a tick cut short by a failing database leaves the gap for the next one.
 */
export async function sweepTick(db: Db): Promise<{ now: number; previous: number | null; due: boolean }> {
  // The earliest deadline is the first entry of `game_clock_deadline_idx` (the trigger keeps a
  // deadline only on active games): one index entry read, however many clocks run.
  const rows = await db.$queryRaw<{ now: number; previous: number | null; due: boolean }[]>`
    SELECT floor(extract(epoch FROM t.now) * 1000)::float8 AS now,
      (SELECT floor(extract(epoch FROM last_tick) * 1000)::float8 FROM clock_sweep WHERE id = 1) AS previous,
      coalesce((SELECT min(clock_deadline) FROM game WHERE status = 'ACTIVE') <= t.now, false) AS due
    FROM (SELECT zk_now() AS now) t`;
  const row = rows[0];
  if (!row) throw new Error('clock sweep tick answered nothing');
  return row;
}

/** Records a sweep's tick at `now` (epoch ms); a later tick of another instance is kept. */
export async function recordTick(db: Db, now: number): Promise<void> {
  await db.$executeRaw`
    INSERT INTO clock_sweep (id, last_tick) VALUES (1, to_timestamp(${now}::float8 / 1000))
    ON CONFLICT (id) DO UPDATE SET last_tick = greatest(clock_sweep.last_tick, excluded.last_tick)`;
}

/** Active games whose clock ticks (their deadline is set), at most `limit`, oldest deadline first. */
export async function tickingGames(db: Db, limit: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM game
    WHERE clock_deadline IS NOT NULL AND status = 'ACTIVE'
    ORDER BY clock_deadline LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

/** A game claimed by the sweep: its row locked for this transaction, the state, the database's time. */
export interface ClaimedGame {
  readonly loaded: LoadedGame;
  readonly now: number;
  commit(req: CommitRequest, planned: Planned): Promise<Outcome>;
}

const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

async function claimed(
  store: Store,
  tx: Prisma.TransactionClient,
  gameId: string,
  fn: (game: ClaimedGame) => Promise<void>,
): Promise<void> {
  const loaded = await loadOrThrow(store, tx, gameId);
  const now = await dbNow(tx);
  await fn({
    loaded,
    now,
    commit: async (req, planned) => {
      const outcome = await commit(inTransaction(tx), req, loaded, planned);
      if (outcome.kind !== 'committed')
        throw new Error(`zk_commit_move reported ${outcome.kind} under the game lock`);
      return outcome;
    },
  });
}

/**
 * Claims one active game whose clock is due (`clock_deadline <= zk_now()`), skipping games whose
 * row another transaction holds (`FOR UPDATE SKIP LOCKED`: another instance's sweep, or a move in
 * flight, which the next tick sees settled), and runs `fn` under that lock. False: none was due.
 */
export function withDueGame(store: Store, fn: (game: ClaimedGame) => Promise<void>): Promise<boolean> {
  return store.db.$transaction(async (tx) => {
    // `(SELECT zk_now())`, evaluated once, bounds the index scan; `zk_now()` itself (volatile)
    // would be a filter evaluated on every ticking game's index entry.
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM game
      WHERE clock_deadline <= (SELECT zk_now()) AND status = 'ACTIVE'
      ORDER BY clock_deadline LIMIT 1
      FOR UPDATE SKIP LOCKED`;
    const id = rows[0]?.id;
    if (id === undefined) return false;
    await claimed(store, tx, id, fn);
    return true;
  }, TX_OPTIONS);
}

/** Runs `fn` under one game's row lock (the sweep giving back an outage), unless another holds it. */
export function withGameIfFree(
  store: Store,
  gameId: string,
  fn: (game: ClaimedGame) => Promise<void>,
): Promise<boolean> {
  return store.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM game WHERE id = ${gameId}::uuid AND status = 'ACTIVE'
      FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return false;
    await claimed(store, tx, gameId, fn);
    return true;
  }, TX_OPTIONS);
}
