/**
 * The commit protocol of a move, whole: the per-game queue, the state to plan against (the
 * service's cached state, else loaded), the authority's pure decision, the one-statement commit, and
 * when another writer was first the same under the game row lock. A used idempotency key answers
 * with its stored response, decided in one place ({@link underLock}). Nothing here decides whether
 * a move may be made: the `decide` callback is the authority's (`src/authority/pipeline.ts`).
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
import { dbNow } from './time.js';
import { secretOf, type GameSecret } from './fairness.js';
import { findResponse, type IdempotencyKey } from './idempotency.js';
import { QueueFullError } from './keyed-queue.js';
import { dbError } from './errors.js';
import { withRetry } from './retry.js';
import { decodeEventRow } from './rows.js';
import { loadCurrentGame, loadGame, type GameRow, type LoadedGame, type Queryable } from './state.js';
import type { Store } from './store.js';

export type { MoveResult, Planned } from './commit.js';

/**
 * The authority's decision on a move against one state of its game: a plan to commit, or a refusal
 * (the authority's typed error) to throw unless the request's key was used before.
 */
export type Decision =
  | { readonly kind: 'plan'; readonly planned: Planned }
  | { readonly kind: 'refused'; readonly refusal: unknown };

/**
 * The one callback of the commit protocol: the authority's pure decision (status, version,
 * permission, plan) against the state given. It may be called more than once, each time with a
 * newer state; it reads nothing and writes nothing. Anything it throws is not a refusal and fails
 * the move as it is.
 */
/**
 * The authority's pure decision on a loaded game, with the game's zk-rng secret (read inside the
 * game's queue, so a move the queue refuses reads nothing) and, for a game with clocks, the
 * database's time (`zk_now()`, epoch ms) read just before, on the connection that commits (issue 40).
 */
export type Decide = (loaded: LoadedGame, secret: GameSecret | null, now: number | undefined) => Decision;

/** Who a move is committed as, and where its commit is announced. */
export interface MoveAuthor {
  readonly actor: Actor;
  /** The player the move is made as (`actingPlayer`), logged with the actor. */
  readonly actorPlayerId: string | null;
  /** A NOTIFY channel the commit announces `(gameId, lastSeq)` on as it commits (`Fanout.commitChannel`). */
  readonly notifyChannel?: string | undefined;
  /** Called when another process committed first and when a locked attempt is retried (metrics). */
  readonly onRetry?: (() => void) | undefined;
}

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
async function queued<T>(store: Store, gameId: string, fn: () => Promise<T>): Promise<T> {
  if (!isUuid(gameId)) throw gameNotFound();
  return store.moves.run(gameId, fn).catch((err: unknown) => {
    if (err instanceof QueueFullError) throw dbError({ kind: 'QUEUE_FULL', limit: store.moves.maxPerKey });
    throw err;
  });
}

/** The game as stored now (one query, one consistent snapshot), or GAME_NOT_FOUND. */
export async function loadOrThrow(
  store: Pick<Store, 'rulesets'>,
  db: Queryable,
  gameId: string,
): Promise<LoadedGame> {
  const loaded = await loadGame(db, store.rulesets, gameId);
  if (!loaded) throw gameNotFound();
  return loaded;
}

/** {@link Decide} with its secret bound, reading the database's time on `db` when it needs it. */
type Deciding = (db: Queryable, loaded: LoadedGame) => Promise<Decision>;

/** How a move's commit ended: committed, or the stored response of its used key. */
type Ended =
  | { readonly kind: 'committed'; readonly result: MoveResult }
  | { readonly kind: 'answered'; readonly stored: StoredMoveResponse };

/**
 * Commits a move of `gameId` (see the file comment): queued behind the game's earlier moves in
 * this service, decided by `decide` against the cached (else loaded) state and committed in one
 * statement; when that is not enough (another process committed first, the request was refused or
 * its key was used) once more under the game row lock. Resolves with the committed result, or the
 * stored response of `key` re-read from the log (`replayed`); rejects with the refusal.
 */
export async function commitMove(
  store: Store,
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
    notifyChannel: author.notifyChannel,
  };
  const ended = await queued(store, gameId, async (): Promise<Ended> => {
    const secret = await secretOf(store, gameId);
    // A game with clocks is decided as of the database's time; one without costs no round trip.
    const decide = async (db: Queryable, loaded: LoadedGame): Promise<Decision> =>
      decideWith(loaded, secret, loaded.state.clock ? await dbNow(db) : undefined);
    const first = await optimistic(store, req, decide);
    if (first.kind === 'committed') return cached(store, first);
    if (first.kind === 'refused' && !key) throw first.refusal;
    if (first.kind === 'conflict') author.onRetry?.();
    const locked = await underLock(store, req, decide, author.onRetry);
    if (locked.kind === 'refused') throw locked.refusal;
    return locked.kind === 'committed' ? cached(store, locked) : locked;
  });
  return ended.kind === 'committed' ? ended.result : answerFromRecord(store, gameId, ended.stored);
}

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
  let loaded = cachedState ?? (await loadOrThrow(store, store.db, req.gameId));
  let decision = await decide(store.db, loaded);
  if (decision.kind === 'refused' && cachedState) {
    loaded = await loadOrThrow(store, store.db, req.gameId);
    decision = await decide(store.db, loaded);
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
        const loaded = await loadOrThrow(store, tx, req.gameId);
        const decision = await decide(tx, loaded);
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
