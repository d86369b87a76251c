/**
 * The storage facade: {@link GameStore}, the one thing above `src/db` that the authority talks to
 * (dependency-cruiser refuses any other `src/authority` → `src/db` import). It stores and reads;
 * every decision (who may, what a move does, which credentials and seeds a new game gets) is made
 * above it and handed in. Its operations other than a move's commit are `store-operations.ts`'s.
 *
 * Here is the commit protocol of a move, whole ({@link GameStore.commitMove}): the per-game queue,
 * the state to plan against (the service's cached state, else loaded), the authority's pure
 * decision (the facade's one callback), the one-statement commit (`commit.ts`, `zk_commit_move`),
 * and when another writer was first the same under the game row lock. A used idempotency key
 * answers with its stored response, decided in one place ({@link underLock}). Nothing here decides
 * whether a move may be made: the `decide` callback is the authority's (`src/authority/pipeline.ts`).
 *
 * Why optimistic first: locking, loading and writing in an interactive transaction costs five round
 * trips through Prisma's interactive-transaction machinery, most of a move's cost (BENCHMARKS.md,
 * B1). The version check under the row lock gives the same guarantee (every committed change to a
 * game bumps its version under that lock) in one round trip when the cache is current, which it is
 * for every game whose moves go through this process.
 */
import type { Actor } from '../rules/index.js';
import { isUuid } from '../uuid.js';
import {
  commit,
  inTransaction,
  onPool,
  type CommitRequest,
  type MoveResult,
  type Planned,
  type StoredMoveResponse,
} from './commit.js';
import { dbError } from './errors.js';
import { secretOf, type GameSecret } from './fairness.js';
import { findResponse, type IdempotencyKey } from './idempotency.js';
import { QueueFullError } from './keyed-queue.js';
import { withRetry } from './retry.js';
import { decodeEventRow } from './rows.js';
import { loadAtOrThrow, loadCurrentGame, lockGame, type LoadedGame, type Queryable } from './state.js';
import type { Store } from './store.js';
import { StoreOperations } from './store-operations.js';
import { dbNow } from './time.js';

export { DbError, type DbErrorDetail } from './errors.js';
export { revealOf, type GameSecret, type NewSecret } from './fairness.js';
export { idempotencyKeyFor, type IdempotencyKey } from './idempotency.js';
export { MAX_PAGE as MAX_ADMIN_PAGE, type GameFilter } from './admin.js';
export type { CreatedGame, GameCredentials } from './games.js';
export type { MoveResult } from './commit.js';
export type { ClaimedGame, SweepCommit, SweepResult } from './clock.js';
export type { LoadedGame, SeatRow } from './state.js';
export type { StoredEvent } from './rows.js';
export { CHECKPOINT_INTERVAL } from './checkpoints.js';
export type { TranscriptSource } from './transcript-reads.js';

/**
 * The authority's decision on a move against one state of its game: a plan to commit, or a refusal
 * (the authority's typed error) to throw unless the request's key was used before.
 */
export type Decision =
  | { readonly kind: 'plan'; readonly planned: Planned }
  | { readonly kind: 'refused'; readonly refusal: unknown }
  | { readonly kind: 'needsTime' };

/** A decision the commit acts on: a plan or a refusal (`needsTime` answered with the time). */
type Settled = Exclude<Decision, { kind: 'needsTime' }>;

/**
 * The one callback of the commit protocol: the authority's pure decision (status, version,
 * permission, plan) against the state given, with the game's zk-rng secret (read inside the game's
 * queue, so a move the queue refuses reads nothing) and the database's time (`zk_now()`, epoch ms)
 * when the commit has it: read by the statement that loaded the state (under the game row lock on
 * the locked path). Planned against the service's cached state there is no such statement, and the
 * time is not given: a move that changes the clocks answers `needsTime`, and is decided again with
 * the time read then; any other move of a game with clocks costs no round trip for it (a change
 * committed after the deadline is refused by the database, `zk_game_clock`). It may be called more
 * than once, each time with a newer state; it reads nothing and writes nothing. Anything it throws
 * is not a refusal and fails the move as it is.
 */
export type Decide = (loaded: LoadedGame, secret: GameSecret | null, now: number | undefined) => Decision;

/** Who a move is committed as. */
export interface MoveAuthor {
  readonly actor: Actor;
  /** The player the move is made as (`actingPlayer`), logged with the actor. */
  readonly actorPlayerId: string | null;
  /** Called when another process committed first and when a locked attempt is retried (metrics). */
  readonly onRetry?: (() => void) | undefined;
}

/**
 * One service's storage (see the file comment): its database handles and caches and the operations
 * the authority calls. Built once by `app.ts`; two services share none of it.
 */
export class GameStore extends StoreOperations {
  /**
   * Commits a move of `gameId` (see the file comment): queued behind the game's earlier moves in
   * this service, decided by `decide` against the cached (else loaded) state and committed in one
   * statement; when that is not enough (another process committed first, the request was refused or
   * its key was used) once more under the game row lock. Resolves with the committed result, or the
   * stored response of `key` re-read from the log (`replayed`); rejects with the refusal.
   */
  async commitMove(
    gameId: string,
    key: IdempotencyKey | null,
    decideWith: Decide,
    author: MoveAuthor,
  ): Promise<MoveResult> {
    const req: CommitRequest = {
      gameId,
      idempotency: key,
      actor: author.actor,
      actorPlayerId: author.actorPlayerId,
    };
    const ended = await queued(this, gameId, async (): Promise<Ended> => {
      const secret = await secretOf(this, gameId);
      const decide: Deciding = async (db, loaded, now) => {
        const first = decideWith(loaded, secret, now);
        if (first.kind !== 'needsTime') return first;
        if (now !== undefined) throw new Error('a move decided with the time asked for the time');
        // Only a cached state comes without the time: a move that changes the clocks reads it.
        const timed = decideWith(loaded, secret, await dbNow(db));
        if (timed.kind === 'needsTime') throw new Error('a move decided with the time asked for the time');
        return timed;
      };
      const first = await optimistic(this, req, decide);
      if (first.kind === 'committed') return cached(this, first);
      if (first.kind === 'refused' && !key) throw first.refusal;
      if (first.kind === 'conflict') author.onRetry?.();
      const locked = await underLock(this, req, decide, author.onRetry);
      if (locked.kind === 'refused') throw locked.refusal;
      return locked.kind === 'committed' ? cached(this, locked) : locked;
    });
    return ended.kind === 'committed' ? ended.result : answerFromRecord(this, gameId, ended.stored);
  }
}

const gameNotFound = () => dbError({ kind: 'GAME_NOT_FOUND' });

const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

/**
 * Moves of one game that may wait in this process at once. A table of players makes a handful; a
 * client that sends more is told to slow down rather than queue without bound.
 */
export const MAX_QUEUED_MOVES_PER_GAME = 64;

/**
 * Runs `fn` after the moves of this game queued before it in this service (`store.moves`, bounded
 * by {@link MAX_QUEUED_MOVES_PER_GAME}: QUEUE_FULL beyond it).
 */
async function queued<T>(store: Store, gameId: string, fn: () => Promise<T>): Promise<T> {
  if (!isUuid(gameId)) throw gameNotFound();
  return store.moves.run(gameId, fn).catch((err: unknown) => {
    if (err instanceof QueueFullError) throw dbError({ kind: 'QUEUE_FULL', limit: store.moves.maxPerKey });
    throw err;
  });
}

/**
 * {@link Decide} with its secret bound: `now` is the time the load of `loaded` read (absent for a
 * cached state); a move that needs the time and was not given it reads it on `db`.
 */
type Deciding = (db: Queryable, loaded: LoadedGame, now: number | undefined) => Promise<Settled>;

/** How a move's commit ended: committed, or the stored response of its used key. */
type Ended =
  | { readonly kind: 'committed'; readonly result: MoveResult }
  | { readonly kind: 'answered'; readonly stored: StoredMoveResponse };

const cached = (store: Store, ended: Ended & { kind: 'committed' }): Ended => {
  store.states.set(ended.result.game);
  return ended;
};

/**
 * Decides against the cached state (else the state loaded now) and commits in one statement on the
 * pool. A refusal decided against a cached state is confirmed against a freshly loaded one first:
 * the cache may be behind another process's commits.
 */
async function optimistic(store: Store, req: CommitRequest, decide: Deciding) {
  const cachedState = store.states.latest(req.gameId);
  let { loaded, now } = cachedState
    ? { loaded: cachedState, now: undefined }
    : await loadAtOrThrow(store, store.db, req.gameId);
  let decision = await decide(store.db, loaded, now);
  if (decision.kind === 'refused' && cachedState) {
    ({ loaded, now } = await loadAtOrThrow(store, store.db, req.gameId));
    decision = await decide(store.db, loaded, now);
  }
  if (decision.kind === 'refused') return decision;
  return commit(onPool(store.pool), req, loaded, decision.planned);
}

/**
 * The move under the game row lock, where the version check cannot fail and nobody else can record
 * the request's key (its scope names the game): so this is the one place that decides "this key
 * was used: answer with its stored response" (a retry after a lost response, a concurrent
 * duplicate, or a retry the game has moved past, refused now). Lock first, load in a second
 * statement: under READ COMMITTED a `SELECT … FOR UPDATE` that waited re-reads the locked row but
 * evaluates its subqueries with the snapshot taken before the wait. Retried on transient failures.
 */
function underLock(store: Store, req: CommitRequest, decide: Deciding, onRetry?: () => void) {
  return withRetry(
    () =>
      store.db.$transaction(async (tx) => {
        if (!(await lockGame(tx, req.gameId))) throw gameNotFound();
        const stored = req.idempotency ? await findResponse(tx, req.idempotency) : null;
        if (stored !== null) return { kind: 'answered', stored: stored as StoredMoveResponse } as const;
        // The time is read by the load, after the lock: a pass and the sweep's expiry of the same
        // game are ordered by the row lock, and the pass is decided as of its turn under it.
        const { loaded, now } = await loadAtOrThrow(store, tx, req.gameId);
        const decision = await decide(tx, loaded, now);
        if (decision.kind === 'refused') return decision;
        const outcome = await commit(inTransaction(tx), req, loaded, decision.planned);
        if (outcome.kind !== 'committed')
          throw new Error(`zk_commit_move reported ${outcome.kind} under the game lock`);
        return outcome;
      }, TX_OPTIONS),
    undefined,
    onRetry,
  );
}

/**
 * The answer to a request whose key was used: its stored response re-read from the immutable event
 * log (nothing is applied again), with the game as it is now.
 */
async function answerFromRecord(
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
