/**
 * The mutation pipeline: plan in this process, write in one statement.
 *
 * 1. Moves of one game queue in this process ({@link KeyedQueue}), so they never race each other.
 * 2. The state to plan against: the version-keyed cache's newest state of the game, else loaded
 *    (one query, one consistent snapshot).
 * 3. Status ACTIVE, then `expectedVersion` (STALE_STATE), then the pure rules layer plans the move.
 *    A refusal planned against a cached state is confirmed against a freshly loaded one first.
 * 4. `zk_commit_move` (a SQL function, see prisma/migrations) writes the plan in one statement,
 *    which PostgreSQL runs as one transaction: it takes the game row lock, checks the game is still
 *    ACTIVE at the version planned against, writes only the changed rows, bumps version by one and
 *    lastSeq by the number of events, appends the events and records the idempotent response.
 * 5. If another process (another instance, an admin's lifecycle change) committed first, it writes
 *    nothing and answers `conflict`. The move is then made the pessimistic way, once: a transaction
 *    locks the game row, loads, plans and calls the same function, whose check now cannot fail.
 * 6. Idempotency: a used key is found when the commit's record insert hits the record's primary key
 *    (the whole statement rolls back, nothing is applied twice), when the plan is refused (the first
 *    request may be what moved the game on), or under the lock. Its stored response is replayed.
 * The commit itself announces `(gameId, lastSeq)` on the PostgreSQL fanout's channel; with another
 * fanout the caller publishes after commit.
 *
 * Why optimistic first: locking, loading and writing in an interactive transaction costs five round
 * trips through Prisma's interactive-transaction machinery, most of a move's cost (BENCHMARKS.md,
 * B1). The version check under the row lock gives the same guarantee (every committed change to a
 * game bumps its version under that lock) in one round trip when the cache is current, which it is
 * for every game whose moves go through this process.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client.js';
import { ErrorCode, ZonekeeperError, invalidMove, notFound, staleState } from '../errors.js';
import { plan, type DomainEvent, type GameState, type Move, type ObjectState } from '../rules/index.js';
import { driverPool, type Db } from './client.js';
import { isUuid } from './events.js';
import { findResponse, type IdempotencyKey } from './idempotency.js';
import { KeyedQueue, QueueFullError } from './keyed-queue.js';
import { isUniqueViolation } from './driver-errors.js';
import { withRetry } from './retry.js';
import { stateCacheFor } from './state-cache.js';
import {
  loadCurrentGame,
  loadGame,
  objectToSqlRow,
  type GameRow,
  type LoadedGame,
  type Queryable,
} from './state.js';

/** Who makes a move. A judge (admin) may act on behalf of a seat: the log records both. */
export type Actor =
  | { readonly kind: 'PLAYER'; readonly playerId: string }
  | { readonly kind: 'ADMIN'; readonly onBehalfOf?: string };

/** The player a move is made as, for the rules (owner's choices) and for the log. */
export const actingPlayer = (actor: Actor): string | null =>
  actor.kind === 'PLAYER' ? actor.playerId : (actor.onBehalfOf ?? null);

/** A stored event row as written (the shape `toGameEvent` reads). */
export interface EventRow {
  readonly gameId: string;
  readonly seq: number;
  readonly version: number;
  readonly kind: string;
  readonly actorKind: 'PLAYER' | 'ADMIN' | 'SYSTEM';
  readonly actorPlayerId: string | null;
  readonly createdAt: Date;
  readonly payload: unknown;
}

export interface MoveRequest {
  readonly gameId: string;
  readonly actor: Actor;
  readonly expectedVersion?: number | null | undefined;
  readonly idempotency: IdempotencyKey | null;
  /** Turns the request into a rules Move; may throw BAD_USER_INPUT after seeing the state. */
  readonly build: (loaded: LoadedGame) => Move;
  /** Called before each new attempt after a conflict or a transient failure (metrics). */
  readonly onRetry?: () => void;
  /** A NOTIFY channel the commit announces `(gameId, lastSeq)` on as it commits (`Fanout.commitChannel`). */
  readonly notifyChannel?: string | undefined;
}

/** A committed (or replayed) mutation. `game` is the state now, for resolving nested fields. */
export interface MoveResult {
  readonly version: number;
  readonly lastSeq: number;
  readonly events: readonly EventRow[];
  readonly game: LoadedGame;
  readonly replayed: boolean;
}

/** What an idempotency record keeps of a move: enough to re-render it for any viewer. */
interface StoredMoveResponse {
  readonly version: number;
  readonly firstSeq: number;
  readonly lastSeq: number;
}

export const gameNotActive = () => new ZonekeeperError(ErrorCode.GAME_NOT_ACTIVE, 'The game is not active.');
export const gameNotFound = () => notFound('Game');

const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

/** Locks the game row for the rest of the transaction (the locked move path, lifecycle changes in admin.ts). */
export async function lockGame(tx: Prisma.TransactionClient, gameId: string): Promise<GameRow | null> {
  const rows = await tx.$queryRaw<GameRow[]>`
    SELECT id, ruleset, status::text AS status, version, last_seq AS "lastSeq", created_at AS "createdAt"
    FROM game WHERE id = ${gameId}::uuid FOR UPDATE`;
  return rows[0] ?? null;
}

type Outcome =
  | { readonly kind: 'committed'; readonly result: MoveResult }
  | { readonly kind: 'replay'; readonly stored: StoredMoveResponse };

/** `zk_commit_move` wrote nothing: the game is no longer at the version the move was planned on. */
type Conflict = { readonly kind: 'conflict' };

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

/** Plans and commits a move (see the file comment), or replays the response stored for its key. */
export async function applyMove(db: Db, req: MoveRequest): Promise<MoveResult> {
  if (!isUuid(req.gameId)) throw gameNotFound();
  const outcome = await queueFor(db)
    .run(req.gameId, () => planAndCommit(db, req))
    .catch((err: unknown) => {
      if (err instanceof QueueFullError)
        throw new ZonekeeperError(
          ErrorCode.RATE_LIMITED,
          `More than ${MAX_QUEUED_MOVES_PER_GAME} moves are waiting for this game; retry shortly.`,
        );
      throw err;
    });
  if (outcome.kind === 'committed') return outcome.result;
  return replayMove(db, req.gameId, outcome.stored);
}

async function planAndCommit(db: Db, req: MoveRequest): Promise<Outcome> {
  const cache = stateCacheFor(db);
  let outcome = await tryCommit(db, req, cache.latest(req.gameId));
  if (outcome.kind === 'conflict') {
    // Another process committed first. Queue on the game row lock instead of racing again: under
    // the lock the version check cannot fail, so a busy game never starves this move.
    req.onRetry?.();
    outcome = await withRetry(
      () => db.$transaction((tx) => commitLocked(tx, req), TX_OPTIONS),
      undefined,
      req.onRetry,
    );
  }
  if (outcome.kind === 'committed') cache.set(outcome.result.game);
  return outcome;
}

/** Plans against `cached` (else the state loaded now) and commits, unless another writer was first. */
async function tryCommit(
  db: Db,
  req: MoveRequest,
  cached: LoadedGame | undefined,
): Promise<Outcome | Conflict> {
  let loaded = cached ?? (await loadOrThrow(db, req.gameId));
  let planned = tryPlan(loaded, req);
  if (!planned.ok && cached && planned.error instanceof ZonekeeperError) {
    // The cached state may be behind another process's commits: refuse only what the current state refuses.
    loaded = await loadOrThrow(db, req.gameId);
    planned = tryPlan(loaded, req);
  }
  if (!planned.ok) return refuse(db, req, planned.error);
  return commit(db, onPool(db), req, loaded, planned.plan);
}

/** The same move inside a transaction that holds the game row lock: load, plan, commit. */
async function commitLocked(tx: Prisma.TransactionClient, req: MoveRequest): Promise<Outcome> {
  // Lock first, load in a second statement. Not one statement: under READ COMMITTED a
  // `SELECT … FOR UPDATE` that waited re-reads the locked row but evaluates its subqueries with the
  // snapshot taken before the wait, so the objects would be those before the previous writer committed.
  if (!(await lockGame(tx, req.gameId))) throw gameNotFound();
  // Under the lock nobody else can record this key (its scope names the game): look it up first.
  const stored = req.idempotency ? await findResponse(tx, req.idempotency) : null;
  if (stored !== null) return { kind: 'replay', stored: stored as StoredMoveResponse };
  const loaded = await loadOrThrow(tx, req.gameId);
  const outcome = await commit(tx, inTransaction(tx), req, loaded, planMove(loaded, req));
  if (outcome.kind === 'conflict') throw new Error('zk_commit_move reported a conflict under the game lock');
  return outcome;
}

async function loadOrThrow(db: Queryable, gameId: string): Promise<LoadedGame> {
  const loaded = await loadGame(db, gameId);
  if (!loaded) throw gameNotFound();
  return loaded;
}

/**
 * A refused request whose key was already used answers with the first response: the first request
 * may be what moved the game to where this one is refused (a retry after a lost response).
 */
async function refuse(db: Queryable, req: MoveRequest, err: unknown): Promise<Outcome> {
  if (err instanceof ZonekeeperError && req.idempotency) {
    const stored = await findResponse(db, req.idempotency);
    if (stored !== null) return { kind: 'replay', stored: stored as StoredMoveResponse };
  }
  throw err;
}

interface Planned {
  readonly state: GameState;
  readonly events: readonly DomainEvent[];
}

/** {@link planMove}, with its error as a value. */
function tryPlan(
  loaded: LoadedGame,
  req: MoveRequest,
): { readonly ok: true; readonly plan: Planned } | { readonly ok: false; readonly error: unknown } {
  try {
    return { ok: true, plan: planMove(loaded, req) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Status, expected version, the request's own checks, then the rules. Throws typed errors. */
function planMove(loaded: LoadedGame, req: MoveRequest): Planned {
  const { game } = loaded;
  if (game.status !== 'ACTIVE') throw gameNotActive();
  if (
    req.expectedVersion !== undefined &&
    req.expectedVersion !== null &&
    req.expectedVersion !== game.version
  )
    throw staleState(req.expectedVersion, game.version);
  const move = req.build(loaded);
  const planned = plan(loaded.state, move, {
    newId: randomUUID,
    randomInt: (n) => randomInt(n),
    actorId: actingPlayer(req.actor),
  });
  if (!planned.ok) throw invalidMove(planned.rejection);
  // Every committed mutation bumps the version and appends at least one event, so that each version
  // can be recovered from the log: a plan that changed nothing (shuffling an empty zone) records NO_MOVE.
  const events = planned.plan.events.length > 0 ? planned.plan.events : [noMove()];
  return { state: planned.plan.state, events };
}

/** Runs `SELECT zk_commit_move($payload)` on some connection; resolves with its answer. */
type CommitStatement = (payload: string) => Promise<string | undefined>;

/** Outside a transaction: straight on the driver's pool (see `driverPool`), one round trip. */
const onPool =
  (db: Db): CommitStatement =>
  async (payload) =>
    (await driverPool(db).query<{ status: string }>('SELECT zk_commit_move($1::jsonb) AS status', [payload]))
      .rows[0]?.status;

/** Inside an interactive transaction (the locked path). */
const inTransaction =
  (tx: Prisma.TransactionClient): CommitStatement =>
  async (payload) =>
    (await tx.$queryRaw<{ status: string }[]>`SELECT zk_commit_move(${payload}::jsonb) AS status`)[0]?.status;

/** Writes a plan with `zk_commit_move`: committed, a conflict (nothing written), or a used key. */
async function commit(
  db: Queryable,
  run: CommitStatement,
  req: MoveRequest,
  loaded: LoadedGame,
  planned: Planned,
): Promise<Outcome | Conflict> {
  const { game } = loaded;
  const version = game.version + 1;
  const firstSeq = game.lastSeq + 1;
  const lastSeq = game.lastSeq + planned.events.length;
  const createdAt = new Date();
  const rows: EventRow[] = planned.events.map((e, i) => ({
    gameId: req.gameId,
    seq: firstSeq + i,
    version,
    kind: e.kind,
    actorKind: req.actor.kind,
    actorPlayerId: actingPlayer(req.actor),
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
    events: rows.map((r) => ({
      seq: r.seq,
      kind: r.kind,
      actor_kind: r.actorKind,
      actor_player_id: r.actorPlayerId,
      payload: r.payload,
      created_at: createdAt.toISOString(),
    })),
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
    status = await run(payload);
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
      game: { ...loaded, game: { ...game, version, lastSeq }, state: planned.state },
      replayed: false,
    },
  };
}

/** Appends event rows (payload = the unredacted DomainEvent). */
export async function appendEvents(tx: Queryable, rows: readonly EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.gameEvent.createMany({
    data: rows.map((r) => ({
      gameId: r.gameId,
      seq: r.seq,
      kind: r.kind,
      version: r.version,
      actorKind: r.actorKind,
      actorPlayerId: r.actorPlayerId,
      payload: r.payload as Prisma.InputJsonValue,
      createdAt: r.createdAt,
    })),
  });
}

const noMove = (): DomainEvent => ({
  kind: 'NO_MOVE',
  zoneIds: [],
  transitions: [],
  zonesCreated: [],
  zonesRemoved: [],
  rules: [],
});

/** Re-renders a stored response from the immutable event log (nothing is applied again). */
async function replayMove(db: Db, gameId: string, stored: StoredMoveResponse): Promise<MoveResult> {
  const game = await loadCurrentGame(db, gameId);
  if (!game) throw gameNotFound();
  const events = await db.gameEvent.findMany({
    where: { gameId, seq: { gte: stored.firstSeq, lte: stored.lastSeq } },
    orderBy: { seq: 'asc' },
  });
  return { version: stored.version, lastSeq: stored.lastSeq, events, game, replayed: true };
}

const sameObject = (a: ObjectState, b: ObjectState) => JSON.stringify(a) === JSON.stringify(b);

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
      .map((z) => ({ id: z.id, type: z.type, owner_id: z.ownerId, index: z.index, created_at: createdAt })),
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
