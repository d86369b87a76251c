/**
 * The data side of the clocks (issue 40): the sweep's heartbeat, and claiming the games whose clock
 * is due, several per transaction. What an expiry records is decided by the authority
 * (`src/authority/clock-sweep.ts`); the commit is `zk_commit_move`, the same function as every
 * move's, under the game's row lock.
 */
import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client.js';
import { batchedInTransaction, commit, type CommitRequest, type MoveResult, type Planned } from './commit.js';
import type { Db } from './client.js';
import { cacheSecrets } from './fairness.js';
import { loadAtOrThrow, loadManyAt, type LoadedAt, type LoadedGame } from './state.js';
import type { Store } from './store.js';

/**
 * The database's time, the last tick any instance's sweep recorded (epoch ms; null before the
 * first), and whether any active game's clock is due: a gap between the two times is a time no
 * instance swept, and a tick with nothing due claims nothing (at rest a tick is this one
 * statement and {@link recordTick}). Nothing is written: the tick is recorded once the sweep has
 * given that gap back, so a tick cut short by a failing database leaves the gap for the next one.
 * Both statements run straight on the driver's pool, as `poolNow` (`time.ts`) does: every instance
 * ticks several times a second for as long as it runs, and Prisma's query engine costs several
 * times the statement's own work.
 */
export async function sweepTick(
  pool: pg.Pool,
): Promise<{ now: number; previous: number | null; due: boolean }> {
  // The earliest deadline is the first entry of `game_clock_deadline_idx` (the trigger keeps a
  // deadline only on active games): one index entry read, however many clocks run.
  const { rows } = await pool.query<{ now: number; previous: number | null; due: boolean }>(SWEEP_TICK);
  const row = rows[0];
  if (!row) throw new Error('clock sweep tick answered nothing');
  return row;
}

const SWEEP_TICK = `
    SELECT floor(extract(epoch FROM t.now) * 1000)::float8 AS now,
      (SELECT floor(extract(epoch FROM last_tick) * 1000)::float8 FROM clock_sweep WHERE id = 1) AS previous,
      coalesce((SELECT min(clock_deadline) FROM game WHERE status = 'ACTIVE') <= t.now, false) AS due
    FROM (SELECT zk_now() AS now) t`;

/** Records a sweep's tick at `now` (epoch ms); a later tick of another instance is kept. */
export async function recordTick(pool: pg.Pool, now: number): Promise<void> {
  await pool.query(RECORD_TICK, [now]);
}

const RECORD_TICK = `
    INSERT INTO clock_sweep (id, last_tick) VALUES (1, to_timestamp($1::float8 / 1000))
    ON CONFLICT (id) DO UPDATE SET last_tick = greatest(clock_sweep.last_tick, excluded.last_tick)`;

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
  /** `zk_now()` (epoch ms), read by the statement that loaded the state, after the row lock. */
  readonly now: number;
}

/** What the sweep commits for a claimed game: the plan and who it is committed as. */
export interface SweepCommit {
  readonly req: CommitRequest;
  readonly planned: Planned;
}

/** A claimed game's commit: the result, or null when nothing was planned for it. */
export interface SweepResult {
  readonly gameId: string;
  readonly result: MoveResult | null;
}

const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

/**
 * Plans each claimed game (`plan`: null commits nothing for it), then commits every plan in one
 * statement (`zk_commit_move` over them all, the commit of every move), in the claim's transaction.
 */
async function commitClaimed(
  tx: Prisma.TransactionClient,
  games: readonly LoadedAt[],
  plan: (game: ClaimedGame) => Promise<SweepCommit | null>,
): Promise<SweepResult[]> {
  const planned = await Promise.all(games.map((g) => plan(g)));
  const batch = batchedInTransaction(tx);
  const outcomes = Promise.all(
    games.map(async (g, i): Promise<SweepResult> => {
      const p = planned[i];
      const gameId = g.loaded.game.id;
      if (!p) return { gameId, result: null };
      const outcome = await commit(batch.run, p.req, g.loaded, p.planned);
      if (outcome.kind !== 'committed')
        throw new Error(`zk_commit_move reported ${outcome.kind} under the game lock`);
      return { gameId, result: outcome.result };
    }),
  );
  // Its failure is the flush's, thrown by the flush itself.
  outcomes.catch(() => undefined);
  await batch.flush();
  return outcomes;
}

/**
 * Claims up to `limit` active games whose clock is due (`clock_deadline <= zk_now()`), the earliest
 * deadline first, skipping games whose row another transaction holds (`FOR UPDATE SKIP LOCKED`:
 * another instance's sweep, or a move in flight, which a later claim sees settled); loads them all
 * with the database's time in a second statement (after the locks: a statement that locked a row
 * reads the rest of the game as of its start), reads the zk-rng secrets the service has not cached
 * on the same connection (so planning them takes no second pooled connection while this one is
 * held), and commits what `plan` plans for each in one last statement. Answers each claimed game's
 * result; empty: none was due.
 */
export function withDueGames(
  store: Store,
  limit: number,
  plan: (game: ClaimedGame) => Promise<SweepCommit | null>,
): Promise<SweepResult[]> {
  return store.db.$transaction(async (tx) => {
    // `(SELECT zk_now())`, evaluated once, bounds the index scan; `zk_now()` itself (volatile)
    // would be a filter evaluated on every ticking game's index entry.
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM game
      WHERE clock_deadline <= (SELECT zk_now()) AND status = 'ACTIVE'
      ORDER BY clock_deadline LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const games = await loadManyAt(store, tx, ids);
    await cacheSecrets(store, tx, ids);
    return commitClaimed(tx, games, plan);
  }, TX_OPTIONS);
}

/**
 * Runs `plan` under one game's row lock and commits what it plans (the sweep giving back an
 * outage), unless another holds the lock (null).
 */
export function withGameIfFree(
  store: Store,
  gameId: string,
  plan: (game: ClaimedGame) => Promise<SweepCommit | null>,
): Promise<SweepResult | null> {
  return store.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM game WHERE id = ${gameId}::uuid AND status = 'ACTIVE'
      FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return null;
    const [result] = await commitClaimed(tx, [await loadAtOrThrow(store, tx, gameId)], plan);
    return result ?? null;
  }, TX_OPTIONS);
}
