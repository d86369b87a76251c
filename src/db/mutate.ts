/**
 * The mutation pipeline: one PostgreSQL transaction per mutation.
 *
 * 1. `SELECT … FOR UPDATE` on the game row: every writer of one game queues here, writers of other
 *    games never meet (READ COMMITTED is enough because all reads below happen under the lock).
 * 2. Idempotency: a stored response for the key is replayed; a different request is refused.
 * 3. Status ACTIVE, then `expectedVersion` (STALE_STATE).
 * 4. Load the state (fixed number of queries), plan with the pure rules layer.
 * 5. Write only changed rows (deletes, inserts, one batched UPDATE), bump version by one and lastSeq
 *    by the number of events, append the events, record the idempotent response.
 * After commit the caller publishes `(gameId, lastSeq)` to the fanout.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client.js';
import { ErrorCode, ZonekeeperError, invalidMove, notFound, staleState } from '../errors.js';
import { plan, type DomainEvent, type GameState, type Move, type ObjectState } from '../rules/index.js';
import type { Db } from './client.js';
import { isUuid } from './events.js';
import { findResponse, saveResponse, type IdempotencyKey } from './idempotency.js';
import { withRetry } from './retry.js';
import { stateCacheFor, type StateCache } from './state-cache.js';
import { loadGame, objectToRow, zoneRows, type GameRow, type LoadedGame, type Queryable } from './state.js';

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
  /** Called before each retry of the transaction (metrics). */
  readonly onRetry?: () => void;
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

/** Locks the game row for the rest of the transaction. */
export async function lockGame(tx: Prisma.TransactionClient, gameId: string): Promise<GameRow | null> {
  const rows = await tx.$queryRaw<GameRow[]>`
    SELECT id, ruleset, status::text AS status, version, last_seq AS "lastSeq", created_at AS "createdAt"
    FROM game WHERE id = ${gameId}::uuid FOR UPDATE`;
  return rows[0] ?? null;
}

type Outcome =
  | { readonly kind: 'committed'; readonly result: MoveResult }
  | { readonly kind: 'replay'; readonly stored: StoredMoveResponse };

/** Runs a move as one transaction, retried on serialization failures and deadlocks. */
export async function applyMove(db: Db, req: MoveRequest): Promise<MoveResult> {
  if (!isUuid(req.gameId)) throw gameNotFound();
  const cache = stateCacheFor(db);
  const outcome = await withRetry(
    () => db.$transaction((tx) => attempt(tx, req, cache), TX_OPTIONS),
    undefined,
    req.onRetry,
  );
  if (outcome.kind === 'committed') {
    // Only after commit: a rolled-back attempt must never be remembered.
    cache.set(outcome.result.game);
    return outcome.result;
  }
  return replayMove(db, req.gameId, outcome.stored);
}

async function attempt(tx: Prisma.TransactionClient, req: MoveRequest, cache: StateCache): Promise<Outcome> {
  // Lock first, load in a second statement. Not one statement: under READ COMMITTED a
  // `SELECT … FOR UPDATE` that waited re-reads the locked row but evaluates its subqueries with the
  // snapshot taken before the wait, so the objects would be those before the previous writer committed.
  const game = await lockGame(tx, req.gameId);
  if (!game) throw gameNotFound();
  // Under the lock, the state at the locked version is exact: from the cache when it has it.
  const loaded = cache.get(req.gameId, game.version) ?? (await loadGame(tx, req.gameId));
  if (!loaded) throw gameNotFound();
  if (req.idempotency) {
    const stored = await findResponse(tx, req.idempotency);
    if (stored !== null) return { kind: 'replay', stored: stored as StoredMoveResponse };
  }
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
  const { state } = planned.plan;
  await writeChanges(tx, req.gameId, loaded.state, state, planned.plan.events);

  // Every committed mutation bumps the version and appends at least one event, so that each version
  // can be recovered from the log: a plan that changed nothing (shuffling an empty zone) records NO_MOVE.
  const events: readonly DomainEvent[] = planned.plan.events.length > 0 ? planned.plan.events : [noMove()];
  const version = game.version + 1;
  const firstSeq = game.lastSeq + 1;
  const lastSeq = game.lastSeq + events.length;
  const createdAt = new Date();
  const rows: EventRow[] = events.map((e, i) => ({
    gameId: req.gameId,
    seq: firstSeq + i,
    version,
    kind: e.kind,
    actorKind: req.actor.kind,
    actorPlayerId: actingPlayer(req.actor),
    createdAt,
    payload: e,
  }));
  await bumpAndAppend(tx, req.gameId, version, lastSeq, rows);
  if (req.idempotency)
    await saveResponse(
      tx,
      req.idempotency,
      { version, firstSeq, lastSeq } satisfies StoredMoveResponse,
      req.gameId,
    );
  return {
    kind: 'committed',
    result: {
      version,
      lastSeq,
      events: rows,
      game: { ...loaded, game: { ...game, version, lastSeq }, state },
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

/**
 * Bumps the game's version and lastSeq and appends the events in one statement (one round trip
 * inside the move's transaction). `rows` must be non-empty and carry consecutive seqs.
 */
async function bumpAndAppend(
  tx: Prisma.TransactionClient,
  gameId: string,
  version: number,
  lastSeq: number,
  rows: readonly EventRow[],
): Promise<void> {
  const events = JSON.stringify(
    rows.map((r) => ({
      seq: r.seq,
      kind: r.kind,
      actor_kind: r.actorKind,
      actor_player_id: r.actorPlayerId,
      payload: r.payload,
    })),
  );
  const createdAt = rows[0]!.createdAt;
  const inserted = await tx.$executeRaw`
    WITH bumped AS (
      UPDATE game SET version = ${version}, last_seq = ${lastSeq}, updated_at = now()
      WHERE id = ${gameId}::uuid RETURNING id
    )
    INSERT INTO game_event (game_id, seq, kind, version, actor_kind, actor_player_id, payload, created_at)
    SELECT bumped.id, e.seq, e.kind, ${version}, e.actor_kind::"ActorKind", e.actor_player_id, e.payload, ${createdAt}
    FROM bumped, jsonb_to_recordset(${events}::jsonb)
      AS e(seq int, kind text, actor_kind text, actor_player_id uuid, payload jsonb)`;
  if (inserted !== rows.length) throw new Error(`appended ${inserted} of ${rows.length} events`);
}

/** Re-renders a stored response from the immutable event log (nothing is applied again). */
async function replayMove(db: Db, gameId: string, stored: StoredMoveResponse): Promise<MoveResult> {
  const game = await loadGame(db, gameId);
  if (!game) throw gameNotFound();
  const events = await db.gameEvent.findMany({
    where: { gameId, seq: { gte: stored.firstSeq, lte: stored.lastSeq } },
    orderBy: { seq: 'asc' },
  });
  return { version: stored.version, lastSeq: stored.lastSeq, events, game, replayed: true };
}

const sameObject = (a: ObjectState, b: ObjectState) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the difference between two states, limited to the objects the events name: deletes,
 * inserts, and one batched UPDATE … FROM jsonb_to_recordset for every changed row.
 */
async function writeChanges(
  tx: Prisma.TransactionClient,
  gameId: string,
  before: GameState,
  after: GameState,
  events: readonly DomainEvent[],
): Promise<void> {
  const touched = new Set<string>();
  for (const e of events)
    for (const t of e.transitions) {
      if (t.before) touched.add(t.before.key);
      if (t.after) touched.add(t.after.key);
    }
  const oldByKey = new Map(before.objects.filter((o) => touched.has(o.key)).map((o) => [o.key, o]));
  const newByKey = new Map(after.objects.filter((o) => touched.has(o.key)).map((o) => [o.key, o]));
  const deleted = [...oldByKey.keys()].filter((k) => !newByKey.has(k));
  const created = [...newByKey.values()].filter((o) => !oldByKey.has(o.key));
  const updated = [...newByKey.values()].filter((o) => {
    const old = oldByKey.get(o.key);
    return old !== undefined && !sameObject(old, o);
  });

  const oldZones = new Set(before.zones.map((z) => z.id));
  const newZones = new Set(after.zones.map((z) => z.id));
  const zonesCreated = after.zones.filter((z) => !oldZones.has(z.id));
  const zonesRemoved = before.zones.filter((z) => !newZones.has(z.id)).map((z) => z.id);

  if (deleted.length) await tx.gameObject.deleteMany({ where: { gameId, key: { in: deleted } } });
  if (zonesCreated.length) await tx.zone.createMany({ data: zoneRows(gameId, zonesCreated, new Date()) });
  if (created.length) await tx.gameObject.createMany({ data: created.map((o) => objectToRow(gameId, o)) });
  if (updated.length) await updateObjects(tx, gameId, updated);
  if (zonesRemoved.length) await tx.zone.deleteMany({ where: { gameId, id: { in: zonesRemoved } } });
}

async function updateObjects(tx: Prisma.TransactionClient, gameId: string, objects: readonly ObjectState[]) {
  const rows = objects.map((o) => {
    const r = objectToRow(gameId, o);
    return {
      key: r.key,
      public_id: r.publicId,
      kind: r.kind,
      owner_id: r.ownerId,
      controller_id: r.controllerId,
      zone_id: r.zoneId,
      sort_key: r.sortKey,
      face_up: r.faceUp,
      revealed_to_all: r.revealedToAll,
      revealed_to: r.revealedTo,
      host_key: r.hostKey,
      name: r.name,
      types: r.types,
      subtypes: r.subtypes,
      text: r.text,
      attributes: r.attributes,
      history: r.history,
    };
  });
  const count = await tx.$executeRaw`
    UPDATE game_object AS o SET
      public_id = v.public_id, kind = v.kind::"ObjectKind", owner_id = v.owner_id,
      controller_id = v.controller_id, zone_id = v.zone_id, sort_key = v.sort_key, face_up = v.face_up,
      revealed_to_all = v.revealed_to_all, revealed_to = v.revealed_to, host_key = v.host_key,
      name = v.name, types = v.types, subtypes = v.subtypes, text = v.text,
      attributes = v.attributes, history = v.history
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
      key uuid, public_id uuid, kind text, owner_id uuid, controller_id uuid, zone_id uuid,
      sort_key float8, face_up boolean, revealed_to_all boolean, revealed_to uuid[], host_key uuid,
      name text, types text[], subtypes text[], text text, attributes jsonb, history jsonb)
    WHERE o.key = v.key AND o.game_id = ${gameId}::uuid`;
  // Every row exists: we hold the game lock and loaded them in this transaction.
  if (count !== rows.length) throw new Error(`updated ${count} of ${rows.length} objects`);
}
