/**
 * The data side of a move: the per-game queue, the state to plan against, the one-statement
 * commit, the locked fallback's transaction, and replays of idempotent responses. The steps
 * themselves (standing, status, version, permission, plan, commit, publish) are sequenced by the
 * authority (`src/authority/pipeline.ts`); nothing here decides whether a move may be made.
 *
 * The commit itself, one statement (`zk_commit_move`), is `commit.ts`.
 *
 * Why optimistic first: locking, loading and writing in an interactive transaction costs five round
 * trips through Prisma's interactive-transaction machinery, most of a move's cost (BENCHMARKS.md,
 * B1). The version check under the row lock gives the same guarantee (every committed change to a
 * game bumps its version under that lock) in one round trip when the cache is current, which it is
 * for every game whose moves go through this process.
 */
import type { Prisma } from '../generated/prisma/client.js';
import type { RulesetRegistry } from '../rules/index.js';
import { isUuid } from '../uuid.js';
import type { Db } from './client.js';
import {
  commit,
  inTransaction,
  onPool,
  type CommitRequest,
  type Conflict,
  type MoveResult,
  type Outcome,
  type Planned,
  type StoredMoveResponse,
} from './commit.js';
import { findResponse, type IdempotencyKey } from './idempotency.js';
import { QueueFullError } from './keyed-queue.js';
import { dbError } from './errors.js';
import { withRetry } from './retry.js';
import { decodeEventRow } from './rows.js';
import { loadCurrentGame, loadGame, type GameRow, type LoadedGame, type Queryable } from './state.js';
import type { Store } from './store.js';

export type { CommitRequest, Conflict, MoveResult, Outcome, Planned, StoredMoveResponse } from './commit.js';

const gameNotFound = () => dbError({ kind: 'GAME_NOT_FOUND' });

const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

/** Locks the game row for the rest of the transaction (the locked move path, lifecycle changes in admin.ts). */
export async function lockGame(tx: Prisma.TransactionClient, gameId: string): Promise<GameRow | null> {
  const rows = await tx.$queryRaw<GameRow[]>`
    SELECT id, ruleset, status::text AS status, version, last_seq AS "lastSeq", created_at AS "createdAt"
    FROM game WHERE id = ${gameId}::uuid FOR UPDATE`;
  return rows[0] ?? null;
}

/**
 * Moves of one game that may wait in this process at once. A table of players makes a handful; a
 * client that sends more is told to slow down rather than queue without bound.
 */
export const MAX_QUEUED_MOVES_PER_GAME = 64;

/**
 * Runs `fn` after the moves of this game queued before it in this service (`store.moves`, bounded
 * by {@link MAX_QUEUED_MOVES_PER_GAME}: QUEUE_FULL beyond it).
 */
export async function queued<T>(store: Store, gameId: string, fn: () => Promise<T>): Promise<T> {
  if (!isUuid(gameId)) throw gameNotFound();
  return store.moves.run(gameId, fn).catch((err: unknown) => {
    if (err instanceof QueueFullError) throw dbError({ kind: 'QUEUE_FULL', limit: store.moves.maxPerKey });
    throw err;
  });
}

/** The game as stored now (one query, one consistent snapshot), or GAME_NOT_FOUND. */
export async function loadOrThrow(
  db: Queryable,
  rulesets: RulesetRegistry,
  gameId: string,
): Promise<LoadedGame> {
  const loaded = await loadGame(db, rulesets, gameId);
  if (!loaded) throw gameNotFound();
  return loaded;
}

/** The response stored under an idempotency key, if the key was used. */
export async function storedResponse(db: Queryable, key: IdempotencyKey): Promise<StoredMoveResponse | null> {
  return (await findResponse(db, key)) as StoredMoveResponse | null;
}

/** Commits a plan in one statement on the pool, unless another writer was first (`conflict`). */
export function commitOptimistic(
  store: Store,
  req: CommitRequest,
  loaded: LoadedGame,
  planned: Planned,
): Promise<Outcome | Conflict> {
  return commit(store.db, onPool(store.pool), req, loaded, planned);
}

/** The game row locked for one transaction: look up a key, load, commit (which cannot conflict). */
export interface LockedGame {
  stored(key: IdempotencyKey): Promise<StoredMoveResponse | null>;
  load(): Promise<LoadedGame>;
  commit(req: CommitRequest, loaded: LoadedGame, planned: Planned): Promise<Outcome>;
}

/**
 * Runs `fn` in a transaction holding the game row lock (retried on transient failures). Lock first,
 * load in a second statement: under READ COMMITTED a `SELECT … FOR UPDATE` that waited re-reads the
 * locked row but evaluates its subqueries with the snapshot taken before the wait, so the objects
 * would be those before the previous writer committed.
 */
export function withGameLocked<T>(
  db: Db,
  rulesets: RulesetRegistry,
  gameId: string,
  fn: (locked: LockedGame) => Promise<T>,
  onRetry?: () => void,
): Promise<T> {
  return withRetry(
    () =>
      db.$transaction(async (tx) => {
        if (!(await lockGame(tx, gameId))) throw gameNotFound();
        return fn({
          stored: (key) => storedResponse(tx, key),
          load: () => loadOrThrow(tx, rulesets, gameId),
          commit: async (req, loaded, planned) => {
            const outcome = await commit(tx, inTransaction(tx), req, loaded, planned);
            if (outcome.kind === 'conflict')
              throw new Error('zk_commit_move reported a conflict under the game lock');
            return outcome;
          },
        });
      }, TX_OPTIONS),
    undefined,
    onRetry,
  );
}

/** Re-renders a stored response from the immutable event log (nothing is applied again). */
export async function replayMove(
  store: Store,
  gameId: string,
  stored: StoredMoveResponse,
): Promise<MoveResult> {
  const game = await loadCurrentGame(store, gameId);
  if (!game) throw gameNotFound();
  const rows = await store.db.gameEvent.findMany({
    where: { gameId, seq: { gte: stored.firstSeq, lte: stored.lastSeq } },
    orderBy: { seq: 'asc' },
  });
  return {
    version: stored.version,
    lastSeq: stored.lastSeq,
    events: rows.map(decodeEventRow),
    game,
    replayed: true,
  };
}
