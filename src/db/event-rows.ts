/**
 * The `game_event` table: the event log's rows. Stored payloads are decoded here, once
 * ({@link decodeEvent}): everything above `db/` receives a typed {@link StoredEvent}, never a raw
 * `payload` to cast. Events are written four ways: a move's by `zk_commit_move`, from
 * {@link eventToSqlRow}'s shape; a new game's by `zk_create_game`, in its stored form
 * (`creation-payload.ts`); an import's in bulk (`transfer-io.ts`); and those of the other writes
 * that are not one statement (lifecycle changes) by {@link appendEvents}.
 */
import type { Prisma } from '../generated/prisma/client.js';
import type { DomainEvent, EventKind } from '../rules/index.js';
import { expandCreation, type StoredCreation } from './creation-payload.js';

/**
 * Every event kind, as a key: the compiler holds the keys equal to the rules layer's `EventKind`
 * (derived there from each move kind's record), so a missing or stray kind fails the compile. db/
 * imports only types from the rules layer, hence its own keys rather than the rules' list.
 */
const EVENT_KIND_KEYS = {
  OBJECTS_MOVED: true,
  TURNED_FACE: true,
  REVEALED: true,
  REVEAL_ENDED: true,
  ZONE_SHUFFLED: true,
  ZONE_REORDERED: true,
  TOKEN_CREATED: true,
  ATTACHED: true,
  DETACHED: true,
  ZONE_CREATED: true,
  ZONE_REMOVED: true,
  LAYER_ADDED: true,
  LAYER_REMOVED: true,
  OBJECTS_CLEARED: true,
  BROUGHT_INTO_GAME: true,
  REMOVED_FROM_GAME: true,
  NO_MOVE: true,
  STATUS_CHANGED: true,
  COUNTERS_CHANGED: true,
  TURN_CHANGED: true,
  PLAYER_CONCEDED: true,
  DICE_ROLLED: true,
  COINS_FLIPPED: true,
  ENTROPY_ADDED: true,
  GAME_REWOUND: true,
  TAKEBACK_REQUESTED: true,
  TAKEBACK_ACCEPTED: true,
  TAKEBACK_REFUSED: true,
  CLOCK_CHANGED: true,
  CLOCK_EXPIRED: true,
  GAME_CREATED: true,
  GAME_ENDED: true,
  GAME_ARCHIVED: true,
  GAME_IMPORTED: true,
} satisfies Record<EventKind, true>;

const EVENT_KIND_SET: ReadonlySet<string> = new Set(Object.keys(EVENT_KIND_KEYS));

export type ActorKind = 'PLAYER' | 'ADMIN' | 'REFEREE' | 'SYSTEM';

/** A `game_event` row with its payload decoded: what every reader above `db/` receives. */
export interface StoredEvent {
  readonly gameId: string;
  readonly seq: number;
  readonly version: number;
  readonly kind: string;
  readonly actorKind: ActorKind;
  readonly actorPlayerId: string | null;
  readonly createdAt: Date;
  /** The unredacted event, as the planner (or the data layer, for lifecycle events) made it. */
  readonly payload: DomainEvent;
}

/** Thrown when a stored payload is not an event: the log was written by something else. */
export class MalformedEventError extends Error {
  constructor(what: string) {
    super(`Stored event payload is malformed: ${what}`);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The one decoder of stored payloads (`game_event.payload`, JSON). A typed guard, not a full schema
 * parse: the log is written only by this service, and a page of events is decoded on every read, so
 * it checks the envelope (kind, the lists, each transition's shape) and trusts the objects inside.
 * Imported documents, which are not trusted, are validated in full by `src/transfer`.
 */
export function decodeEvent(payload: unknown): DomainEvent {
  if (!isRecord(payload)) throw new MalformedEventError('not an object');
  if (typeof payload.kind !== 'string' || !EVENT_KIND_SET.has(payload.kind))
    throw new MalformedEventError(`unknown kind ${String(payload.kind)}`);
  // A new game's event in its stored form (db/creation-payload.ts): objects listed once, flat.
  const compact = payload.kind === 'GAME_CREATED' && !('transitions' in payload);
  for (const list of [
    'zoneIds',
    compact ? 'created' : 'transitions',
    'zonesCreated',
    'zonesRemoved',
    'rules',
  ])
    if (!Array.isArray(payload[list])) throw new MalformedEventError(`${list} is not a list`);
  if (compact) return expandCreation(payload as unknown as StoredCreation);
  for (const t of payload.transitions as unknown[])
    if (!isRecord(t) || !('before' in t) || !('after' in t))
      throw new MalformedEventError('a transition lacks before/after');
  return payload as unknown as DomainEvent;
}

/**
 * A row as read (Prisma or the driver), its payload still JSON, decoded: the same row, checked, so a
 * page of events costs no copy (a new game's event, stored compact, is rebuilt).
 */
export function decodeEventRow(
  row: Omit<StoredEvent, 'payload'> & { readonly payload: unknown },
): StoredEvent {
  const payload = decodeEvent(row.payload);
  return payload === row.payload ? (row as StoredEvent) : { ...row, payload };
}

/** An event row in `zk_commit_move`'s JSON shape (the SQL function inserts it). */
export function eventToSqlRow(r: StoredEvent) {
  return {
    seq: r.seq,
    kind: r.kind,
    actor_kind: r.actorKind,
    actor_player_id: r.actorPlayerId,
    payload: r.payload,
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * The event writer for writes that are not one statement (lifecycle changes, imports): appends
 * event rows (payload = the unredacted DomainEvent) in the caller's transaction.
 */
export async function appendEvents(
  tx: Prisma.TransactionClient,
  rows: readonly StoredEvent[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.gameEvent.createMany({
    data: rows.map((r) => ({
      gameId: r.gameId,
      seq: r.seq,
      kind: r.kind,
      version: r.version,
      actorKind: r.actorKind,
      actorPlayerId: r.actorPlayerId,
      payload: r.payload as unknown as Prisma.InputJsonValue,
      createdAt: r.createdAt,
    })),
  });
}
