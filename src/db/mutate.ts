/**
 * The data side of a move: the per-game queue, the state to plan against, the one-statement
 * commit, the locked fallback's transaction, and replays of idempotent responses. The steps
 * themselves (standing, status, version, permission, plan, commit, publish) are sequenced by the
 * authority (`src/authority/pipeline.ts`); nothing here decides whether a move may be made.
 *
 * `zk_commit_move` (a SQL function, see prisma/migrations) writes a plan in one statement, which
 * PostgreSQL runs as one transaction: it takes the game row lock, checks the game is still ACTIVE
 * at the version planned against, writes only the changed rows, bumps version by one and lastSeq
 * by the number of events, appends the events and records the idempotent response. If another
 * process committed first it writes nothing and answers `conflict`.
 *
 * Why optimistic first: locking, loading and writing in an interactive transaction costs five round
 * trips through Prisma's interactive-transaction machinery, most of a move's cost (BENCHMARKS.md,
 * B1). The version check under the row lock gives the same guarantee (every committed change to a
 * game bumps its version under that lock) in one round trip when the cache is current, which it is
 * for every game whose moves go through this process.
 *
 * Over 300 lines on purpose: the queue, the state to plan against, the one-statement commit, the
 * locked fallback and idempotent replays are one commit path (the move hot path), read as one.
 */
import type { Prisma } from '../generated/prisma/client.js';
import type { Actor, DomainEvent, GameState, ObjectState } from '../rules/index.js';
import { driverPool, type Db } from './client.js';
import { isUuid } from '../uuid.js';
import { findResponse, type IdempotencyKey } from './idempotency.js';
import { KeyedQueue, QueueFullError } from './keyed-queue.js';
import { isUniqueViolation } from './driver-errors.js';
import { dbError } from './errors.js';
import { withRetry } from './retry.js';
import { decodeEventRow, eventToSqlRow, objectToSqlRow, zoneToSqlRow, type StoredEvent } from './rows.js';
import { loadCurrentGame, loadGame, type GameRow, type LoadedGame, type Queryable } from './state.js';
import { storedTableOf } from './table-state.js';

/** What a commit writes besides the plan: the game, who, the idempotency record, the NOTIFY channel. */
export interface CommitRequest {
  readonly gameId: string;
  readonly actor: Actor;
  /** The player the move is made as (`actingPlayer`), logged with the actor. */
  readonly actorPlayerId: string | null;
  readonly idempotency: IdempotencyKey | null;
  /** A NOTIFY channel the commit announces `(gameId, lastSeq)` on as it commits (`Fanout.commitChannel`). */
  readonly notifyChannel?: string | undefined;
}

/** A committed (or replayed) mutation. `game` is the state now, for resolving nested fields. */
export interface MoveResult {
  readonly version: number;
  readonly lastSeq: number;
  readonly events: readonly StoredEvent[];
  readonly game: LoadedGame;
  readonly replayed: boolean;
}

/** What an idempotency record keeps of a move: enough to re-render it for any viewer. */
export interface StoredMoveResponse {
  readonly version: number;
  readonly firstSeq: number;
  readonly lastSeq: number;
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

/** A commit's outcome: written, or the response already stored under the request's idempotency key. */
export type Outcome =
  | { readonly kind: 'committed'; readonly result: MoveResult }
  | { readonly kind: 'replay'; readonly stored: StoredMoveResponse };

/** `zk_commit_move` wrote nothing: the game is no longer at the version the move was planned on. */
export type Conflict = { readonly kind: 'conflict' };

/**
 * Moves of one game that may wait in this process at once. A table of players makes a handful; a
 * client that sends more is told to slow down rather than queue without bound.
 */
export const MAX_QUEUED_MOVES_PER_GAME = 64;

const queues = new WeakMap<Db, KeyedQueue>();

function queueFor(db: Db): KeyedQueue {
  let queue = queues.get(db);
  if (!queue) {
    queue = new KeyedQueue(MAX_QUEUED_MOVES_PER_GAME);
    queues.set(db, queue);
  }
  return queue;
}

/** Runs `fn` after the moves of this game queued before it in this process (QUEUE_FULL beyond the bound). */
export async function queued<T>(db: Db, gameId: string, fn: () => Promise<T>): Promise<T> {
  if (!isUuid(gameId)) throw gameNotFound();
  return queueFor(db)
    .run(gameId, fn)
    .catch((err: unknown) => {
      if (err instanceof QueueFullError)
        throw dbError({ kind: 'QUEUE_FULL', limit: MAX_QUEUED_MOVES_PER_GAME });
      throw err;
    });
}

/** The game as stored now (one query, one consistent snapshot), or GAME_NOT_FOUND. */
export async function loadOrThrow(db: Queryable, gameId: string): Promise<LoadedGame> {
  const loaded = await loadGame(db, gameId);
  if (!loaded) throw gameNotFound();
  return loaded;
}

/** The response stored under an idempotency key, if the key was used. */
export async function storedResponse(db: Queryable, key: IdempotencyKey): Promise<StoredMoveResponse | null> {
  return (await findResponse(db, key)) as StoredMoveResponse | null;
}

/** A plan ready to commit: the next state and its events (at least one). */
export interface Planned {
  readonly state: GameState;
  readonly events: readonly DomainEvent[];
}

/** Commits a plan in one statement on the pool, unless another writer was first (`conflict`). */
export function commitOptimistic(
  db: Db,
  req: CommitRequest,
  loaded: LoadedGame,
  planned: Planned,
): Promise<Outcome | Conflict> {
  return commit(db, onPool(db), req, loaded, planned);
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
          load: () => loadOrThrow(tx, gameId),
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

/**
 * Runs `SELECT zk_commit_move($gameId, $payload)` on some connection; resolves with its answer. The
 * game id is the function's first argument, the one a distributed database routes the call by.
 */
type CommitStatement = (gameId: string, payload: string) => Promise<string | undefined>;

/** Outside a transaction: straight on the driver's pool (see `driverPool`), one round trip. */
const onPool =
  (db: Db): CommitStatement =>
  async (gameId, payload) =>
    (
      await driverPool(db).query<{ status: string }>('SELECT zk_commit_move($1::uuid, $2::jsonb) AS status', [
        gameId,
        payload,
      ])
    ).rows[0]?.status;

/** Inside an interactive transaction (the locked path). */
const inTransaction =
  (tx: Prisma.TransactionClient): CommitStatement =>
  async (gameId, payload) =>
    (
      await tx.$queryRaw<
        { status: string }[]
      >`SELECT zk_commit_move(${gameId}::uuid, ${payload}::jsonb) AS status`
    )[0]?.status;

/** Writes a plan with `zk_commit_move`: committed, a conflict (nothing written), or a used key. */
async function commit(
  db: Queryable,
  run: CommitStatement,
  req: CommitRequest,
  loaded: LoadedGame,
  planned: Planned,
): Promise<Outcome | Conflict> {
  const { game } = loaded;
  const version = game.version + 1;
  const firstSeq = game.lastSeq + 1;
  const lastSeq = game.lastSeq + planned.events.length;
  const createdAt = new Date();
  const rows: StoredEvent[] = planned.events.map((e, i) => ({
    gameId: req.gameId,
    seq: firstSeq + i,
    version,
    kind: e.kind,
    actorKind: req.actor.kind,
    actorPlayerId: req.actorPlayerId,
    createdAt,
    payload: e,
  }));
  const response: StoredMoveResponse = { version, firstSeq, lastSeq };
  const payload = JSON.stringify({
    gameId: req.gameId,
    baseVersion: game.version,
    version,
    lastSeq,
    notifyChannel: req.notifyChannel ?? null,
    ...changedRows(req.gameId, loaded.state, planned),
    ...changedTable(loaded.state, planned.state),
    events: rows.map(eventToSqlRow),
    idempotency: req.idempotency
      ? {
          scope: req.idempotency.scope,
          key: req.idempotency.keyHash,
          request_hash: req.idempotency.requestHash,
          response,
        }
      : null,
  });
  let status: string | undefined;
  try {
    status = await run(req.gameId, payload);
  } catch (err) {
    // The key was used meanwhile (a concurrent duplicate): the statement rolled back; replay the first.
    if (req.idempotency && isUniqueViolation(err)) {
      const stored = await findResponse(db, req.idempotency);
      if (stored !== null) return { kind: 'replay', stored: stored as StoredMoveResponse };
    }
    throw err;
  }
  if (status === 'conflict') return { kind: 'conflict' };
  if (status !== 'committed') throw new Error(`zk_commit_move answered ${String(status)}`);
  return {
    kind: 'committed',
    result: {
      version,
      lastSeq,
      events: rows,
      game: {
        ...loaded,
        game: {
          ...game,
          version,
          lastSeq,
          status: ends(loaded.state, planned.state) ? 'ENDED' : game.status,
        },
        state: planned.state,
      },
      replayed: false,
    },
  };
}

/** Re-renders a stored response from the immutable event log (nothing is applied again). */
export async function replayMove(db: Db, gameId: string, stored: StoredMoveResponse): Promise<MoveResult> {
  const game = await loadCurrentGame(db, gameId);
  if (!game) throw gameNotFound();
  const rows = await db.gameEvent.findMany({
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

const sameObject = (a: ObjectState, b: ObjectState) => JSON.stringify(a) === JSON.stringify(b);

/** The plan records a result: the game ends as the move commits (MTG 104.1). */
const ends = (before: GameState, after: GameState) => !before.result && !!after.result;

/**
 * The game's table (`table_state`) when the plan changed it, written whole (it is small: a few
 * counters per player and zone, the turn, the result); and whether the game ends.
 */
function changedTable(before: GameState, after: GameState) {
  const old = storedTableOf(before);
  const next = storedTableOf(after);
  const changed = JSON.stringify(old) !== JSON.stringify(next);
  return { ...(changed && next ? { table: next } : {}), ends: ends(before, after) };
}

/**
 * The rows a plan changes, limited to the objects its events name (the planner's contract: the
 * transitions together are exactly the changed objects), in `zk_commit_move`'s shape.
 */
function changedRows(gameId: string, before: GameState, planned: Planned) {
  const after = planned.state;
  const touched = new Set<string>();
  for (const e of planned.events)
    for (const t of e.transitions) {
      if (t.before) touched.add(t.before.key);
      if (t.after) touched.add(t.after.key);
    }
  const oldByKey = new Map(before.objects.filter((o) => touched.has(o.key)).map((o) => [o.key, o]));
  const newByKey = new Map(after.objects.filter((o) => touched.has(o.key)).map((o) => [o.key, o]));
  const oldZones = new Set(before.zones.map((z) => z.id));
  const newZones = new Set(after.zones.map((z) => z.id));
  const createdAt = new Date().toISOString();
  return {
    deleted: [...oldByKey.keys()].filter((k) => !newByKey.has(k)),
    zonesCreated: after.zones
      .filter((z) => !oldZones.has(z.id))
      .map((z) => zoneToSqlRow(gameId, z, createdAt)),
    created: [...newByKey.values()].filter((o) => !oldByKey.has(o.key)).map((o) => objectToSqlRow(gameId, o)),
    updated: [...newByKey.values()]
      .filter((o) => {
        const old = oldByKey.get(o.key);
        return old !== undefined && !sameObject(old, o);
      })
      .map((o) => objectToSqlRow(gameId, o)),
    zonesRemoved: before.zones.filter((z) => !newZones.has(z.id)).map((z) => z.id),
  };
}
