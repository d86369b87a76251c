/**
 * The one-statement commit of a plan. `zk_commit_move` (a SQL function, see prisma/migrations)
 * writes a plan in one statement, which PostgreSQL runs as one transaction: it takes the game row
 * lock, checks the game is still ACTIVE at the version planned against, writes only the changed
 * rows, bumps version by one and lastSeq by the number of events, appends the events and records
 * the idempotent response. If another process committed first it writes nothing and answers
 * `conflict`. The same statement runs on the pool (the optimistic path) or inside the locked
 * fallback's transaction (`index.ts`, `commitMove`).
 */
import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client.js';
import type { Actor, DomainEvent, GameState, ObjectState } from '../rules/index.js';
import type { IdempotencyKey } from './idempotency.js';
import { isClockRanOut, isUniqueViolation } from './driver-errors.js';
import { dbError } from './errors.js';
import { eventToSqlRow, objectToSqlRow, zoneToSqlRow, type StoredEvent } from './rows.js';
import type { LoadedGame } from './state.js';
import { storedTableOf } from './table-state.js';

/** What a commit writes besides the plan: the game, who, the idempotency record. */
export interface CommitRequest {
  readonly gameId: string;
  readonly actor: Actor;
  /** The player the move is made as (`actingPlayer`), logged with the actor. */
  readonly actorPlayerId: string | null;
  readonly idempotency: IdempotencyKey | null;
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

/**
 * A commit's outcome: written; nothing written because the game is no longer at the version the
 * move was planned on (`conflict`); or nothing written because the request's idempotency key was
 * recorded meanwhile (`keyUsed`: a concurrent duplicate; its record is read under the game lock,
 * `index.ts`, `commitMove`).
 */
export type Outcome =
  | { readonly kind: 'committed'; readonly result: MoveResult }
  | { readonly kind: 'conflict' }
  | { readonly kind: 'keyUsed' };

/** A plan ready to commit: the next state and its events (at least one). */
export interface Planned {
  readonly state: GameState;
  readonly events: readonly DomainEvent[];
}

/**
 * Runs `SELECT zk_commit_move($gameId, $payload)` on some connection; resolves with its answer. The
 * game id is the function's first argument, the one a distributed database routes the call by.
 */
export type CommitStatement = (gameId: string, payload: string) => Promise<string | undefined>;

/** Outside a transaction: straight on the driver's pool (`Database.pool`), one round trip. */
export const onPool =
  (pool: pg.Pool): CommitStatement =>
  async (gameId, payload) =>
    (
      await pool.query<{ status: string }>('SELECT zk_commit_move($1::uuid, $2::jsonb) AS status', [
        gameId,
        payload,
      ])
    ).rows[0]?.status;

/** Inside an interactive transaction (the locked path). */
export const inTransaction =
  (tx: Prisma.TransactionClient): CommitStatement =>
  async (gameId, payload) =>
    (
      await tx.$queryRaw<
        { status: string }[]
      >`SELECT zk_commit_move(${gameId}::uuid, ${payload}::jsonb) AS status`
    )[0]?.status;

/**
 * Several games' commits as one statement inside a transaction (the clock sweep's claimed games,
 * `clock.ts`): each `run` is held until `flush`, which sends every held `(gameId, payload)` as one
 * `SELECT zk_commit_move(...)` over them, in the order they were run, and answers each its own
 * status. It is one statement: one failing commit fails them all, and the transaction with them.
 */
export function batchedInTransaction(tx: Prisma.TransactionClient): {
  readonly run: CommitStatement;
  flush(): Promise<void>;
} {
  const held: {
    gameId: string;
    payload: string;
    answer: (status: string | undefined) => void;
    fail: (err: unknown) => void;
  }[] = [];
  return {
    run: (gameId, payload) =>
      new Promise<string | undefined>((answer, fail) => {
        held.push({ gameId, payload, answer, fail });
      }),
    async flush() {
      const batch = held.splice(0);
      if (batch.length === 0) return;
      try {
        const rows = await tx.$queryRaw<{ i: number; status: string }[]>`
          SELECT c.i::int AS i, zk_commit_move(c.gid, c.p) AS status
          FROM unnest(${batch.map((b) => b.gameId)}::uuid[], ${batch.map((b) => b.payload)}::jsonb[])
            WITH ORDINALITY AS c(gid, p, i)`;
        const byIndex = new Map(rows.map((r) => [r.i, r.status]));
        batch.forEach((b, i) => b.answer(byIndex.get(i + 1)));
      } catch (err) {
        for (const b of batch) b.fail(err);
        throw err;
      }
    },
  };
}

/** The log rows of a plan's events, numbered after the game's last seq. */
function eventRows(req: CommitRequest, loaded: LoadedGame, planned: Planned, version: number): StoredEvent[] {
  const createdAt = new Date();
  return planned.events.map((e, i) => ({
    gameId: req.gameId,
    seq: loaded.game.lastSeq + 1 + i,
    version,
    kind: e.kind,
    actorKind: req.actor.kind,
    actorPlayerId: req.actorPlayerId,
    createdAt,
    payload: e,
  }));
}

/** The JSON parameter of `zk_commit_move`: the changed rows, the events, the idempotency record. */
function commitPayload(
  req: CommitRequest,
  loaded: LoadedGame,
  planned: Planned,
  rows: readonly StoredEvent[],
  response: StoredMoveResponse,
): string {
  return JSON.stringify({
    gameId: req.gameId,
    baseVersion: loaded.game.version,
    version: response.version,
    lastSeq: response.lastSeq,
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
}

/** Writes a plan with `zk_commit_move`: committed, a conflict or a used key (nothing written). */
export async function commit(
  run: CommitStatement,
  req: CommitRequest,
  loaded: LoadedGame,
  planned: Planned,
): Promise<Outcome> {
  const { game } = loaded;
  const version = game.version + 1;
  const lastSeq = game.lastSeq + planned.events.length;
  const rows = eventRows(req, loaded, planned, version);
  const response: StoredMoveResponse = { version, firstSeq: game.lastSeq + 1, lastSeq };
  let status: string | undefined;
  try {
    status = await run(req.gameId, commitPayload(req, loaded, planned, rows, response));
  } catch (err) {
    // The key was recorded meanwhile (a concurrent duplicate): the statement rolled back.
    if (req.idempotency && isUniqueViolation(err)) return { kind: 'keyUsed' };
    if (isClockRanOut(err)) throw dbError({ kind: 'CLOCK_RAN_OUT' });
    throw err;
  }
  if (status === 'conflict') return { kind: 'conflict' };
  if (status !== 'committed') throw new Error(`zk_commit_move answered ${String(status)}`);
  const ended = ends(loaded.state, planned.state);
  return {
    kind: 'committed',
    result: {
      version,
      lastSeq,
      events: rows,
      game: {
        ...loaded,
        game: { ...game, version, lastSeq, status: ended ? 'ENDED' : game.status },
        state: planned.state,
      },
      replayed: false,
    },
  };
}

/**
 * How each field of an object is compared: by identity (strings, numbers, booleans, null) or by
 * value (nested; identical references first, else their JSON). A field added to `ObjectState` and
 * not named here fails the compile, so no change can go unwritten.
 */
const OBJECT_FIELDS: Readonly<Record<keyof ObjectState, 'identity' | 'value'>> = {
  key: 'identity',
  publicId: 'identity',
  kind: 'identity',
  ownerId: 'identity',
  controllerId: 'identity',
  zoneId: 'identity',
  sortKey: 'identity',
  faceUp: 'identity',
  hostKey: 'identity',
  revealedTo: 'value',
  card: 'value',
  history: 'value',
  statuses: 'value',
  counters: 'value',
};
const FIELDS = Object.entries(OBJECT_FIELDS) as [keyof ObjectState, 'identity' | 'value'][];

/**
 * Whether a plan left an object as it was. Field by field: a 60-card shuffle compares 60 objects
 * whose card, history and statuses are the same references, which whole-object JSON re-encoded.
 */
function sameObject(a: ObjectState, b: ObjectState): boolean {
  if (a === b) return true;
  for (const [field, how] of FIELDS) {
    const x = a[field];
    const y = b[field];
    if (x === y) continue;
    if (how === 'identity' || JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

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
