/**
 * The one mapping between database rows and the rules layer's state, and the one event writer.
 * Over 300 lines on purpose: every table's mapping and the event codec in one place, so that a
 * column or payload change is made once.
 * Pure apart from {@link appendEvents}: it imports Prisma types only, so the transfer format
 * (`src/transfer`) maps its rows through the same functions the loads and commits use.
 *
 * Stored event payloads are decoded here, once ({@link decodeEvent}): everything above `db/`
 * receives a typed {@link StoredEvent}, never a raw `payload` to cast.
 */
import type { GameObject as ObjectRow, Prisma, Zone as ZoneRow } from '../generated/prisma/client.js';
import { expandCreation, type StoredCreation } from './creation-payload.js';
import type {
  DomainEvent,
  EventKind,
  GameState,
  HistoryEntry,
  ObjectKind,
  ObjectState,
  RulesetSpec,
  ZoneState,
} from '../rules/index.js';

/** A game row's columns that describe the game (not its credentials). */
export interface GameColumns {
  readonly id: string;
  readonly ruleset: string;
  /** The ruleset version the game plays under (null: a game from before versions, not yet started on). */
  readonly rulesetVersion: string | null;
  readonly status: 'ACTIVE' | 'ENDED' | 'ARCHIVED';
  readonly version: number;
  readonly lastSeq: number;
  readonly createdAt: Date;
  readonly endedAt: Date | null;
  readonly importedFrom: string | null;
}

/** An object row's columns apart from the game, as Prisma, `json_build_object` and exports give them. */
export type ObjectColumns = Omit<ObjectRow, 'gameId' | 'attributes' | 'history' | 'statuses' | 'counters'> & {
  readonly attributes: unknown;
  readonly history: unknown;
  /** Absent in exports from before statuses existed. */
  readonly statuses?: unknown;
  readonly counters?: unknown;
};

const nonEmpty = (v: unknown): v is Record<string, never> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length > 0;

const KIND_FROM_ROW: Record<ObjectRow['kind'], ObjectKind> = { CARD: 'card', TOKEN: 'token', LAYER: 'layer' };
const KIND_TO_ROW: Record<ObjectKind, ObjectRow['kind']> = { card: 'CARD', token: 'TOKEN', layer: 'LAYER' };

/** A stored object row as the rules layer's {@link ObjectState}. */
export function objectFromRow(r: ObjectColumns): ObjectState {
  return {
    key: r.key,
    publicId: r.publicId,
    kind: KIND_FROM_ROW[r.kind],
    ownerId: r.ownerId,
    controllerId: r.controllerId,
    zoneId: r.zoneId,
    sortKey: r.sortKey,
    faceUp: r.faceUp,
    revealedTo: r.revealedToAll ? 'all' : r.revealedTo,
    hostKey: r.hostKey,
    card: {
      name: r.name,
      types: r.types,
      subtypes: r.subtypes,
      text: r.text,
      attributes: (r.attributes ?? {}) as Record<string, unknown>,
    },
    history: (r.history ?? []) as HistoryEntry[],
    ...(nonEmpty(r.statuses) ? { statuses: r.statuses as Record<string, string> } : {}),
    ...(nonEmpty(r.counters) ? { counters: r.counters as Record<string, number> } : {}),
  };
}

/**
 * An object's columns (Prisma's names, without `gameId`), as exports and imports hold them. The
 * inverse of {@link objectFromRow}, so the two list the same fields (the one justified pair).
 */
export function objectToRow(o: ObjectState) {
  return {
    key: o.key,
    publicId: o.publicId,
    kind: KIND_TO_ROW[o.kind],
    ownerId: o.ownerId,
    controllerId: o.controllerId,
    zoneId: o.zoneId,
    sortKey: o.sortKey,
    faceUp: o.faceUp,
    revealedToAll: o.revealedTo === 'all',
    revealedTo: o.revealedTo === 'all' ? [] : [...o.revealedTo],
    hostKey: o.hostKey,
    name: o.card.name,
    types: [...o.card.types],
    subtypes: [...o.card.subtypes],
    text: o.card.text,
    attributes: o.card.attributes,
    history: [...o.history],
    ...(o.statuses ? { statuses: o.statuses } : {}),
    ...(o.counters ? { counters: o.counters } : {}),
  };
}

/**
 * An object row with the table's own column names, as the one-statement writes (`zk_commit_move`,
 * game creation) read it from JSON. Its own function, not a renaming of {@link objectToRow}: it runs
 * for every changed object of every move, so it builds one object and copies no array.
 */
export function objectToSqlRow(gameId: string, o: ObjectState) {
  const { card } = o;
  return {
    key: o.key,
    game_id: gameId,
    public_id: o.publicId,
    kind: KIND_TO_ROW[o.kind],
    owner_id: o.ownerId,
    controller_id: o.controllerId,
    zone_id: o.zoneId,
    sort_key: o.sortKey,
    face_up: o.faceUp,
    revealed_to_all: o.revealedTo === 'all',
    revealed_to: o.revealedTo === 'all' ? [] : o.revealedTo,
    host_key: o.hostKey,
    name: card.name,
    types: card.types,
    subtypes: card.subtypes,
    text: card.text,
    attributes: card.attributes,
    history: o.history,
    statuses: o.statuses ?? null,
    counters: o.counters ?? null,
  };
}

/** A zone row (or a checkpoint's zone) as the rules layer's {@link ZoneState}, extra columns dropped. */
export function zoneFromRow(z: Pick<ZoneRow, 'id' | 'type' | 'ownerId' | 'index'>): ZoneState {
  return { id: z.id, type: z.type, ownerId: z.ownerId, index: z.index };
}

/**
 * A new zone's row with the table's column names, as the one-statement writes read it from JSON.
 * Zones written together share `createdAt` (an ISO string): zone order ties break on creation time.
 */
export function zoneToSqlRow(gameId: string, z: ZoneState, createdAt: string) {
  return {
    id: z.id,
    game_id: gameId,
    type: z.type,
    owner_id: z.ownerId,
    index: z.index,
    created_at: createdAt,
  };
}

/**
 * Zones in a stable order: creation time, then catalog order of the type, then the owner's seat
 * (shared zones first), then index, as `initialZones` lays them out.
 */
export function sortZones<Z extends Pick<ZoneRow, 'id' | 'type' | 'ownerId' | 'index' | 'createdAt'>>(
  spec: RulesetSpec,
  zones: readonly Z[],
  seatOf: ReadonlyMap<string, number>,
): Z[] {
  const typeRank = new Map(spec.zoneTypes.map((t, i) => [t.type, i]));
  return [...zones].sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      (typeRank.get(a.type) ?? 999) - (typeRank.get(b.type) ?? 999) ||
      (a.ownerId === null ? -1 : (seatOf.get(a.ownerId) ?? 0)) -
        (b.ownerId === null ? -1 : (seatOf.get(b.ownerId) ?? 0)) ||
      a.index - b.index ||
      (a.id < b.id ? -1 : 1),
  );
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

/** Every event kind, in the order of the SDL's `EventKind`. */
export const EVENT_KINDS = [
  'OBJECTS_MOVED',
  'TURNED_FACE',
  'REVEALED',
  'REVEAL_ENDED',
  'ZONE_SHUFFLED',
  'ZONE_REORDERED',
  'TOKEN_CREATED',
  'ATTACHED',
  'DETACHED',
  'ZONE_CREATED',
  'ZONE_REMOVED',
  'LAYER_ADDED',
  'LAYER_REMOVED',
  'OBJECTS_CLEARED',
  'BROUGHT_INTO_GAME',
  'REMOVED_FROM_GAME',
  'NO_MOVE',
  'STATUS_CHANGED',
  'COUNTERS_CHANGED',
  'TURN_CHANGED',
  'PLAYER_CONCEDED',
  'DICE_ROLLED',
  'COINS_FLIPPED',
  'ENTROPY_ADDED',
  'GAME_CREATED',
  'GAME_ENDED',
  'GAME_ARCHIVED',
  'GAME_IMPORTED',
] as const satisfies readonly EventKind[];

const EVENT_KIND_SET: ReadonlySet<string> = new Set(EVENT_KINDS);

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

/** The game row's columns a load reads. */
export type GameRow = Omit<GameColumns, 'endedAt' | 'importedFrom' | 'rulesetVersion'>;

export interface SeatRow {
  readonly id: string;
  readonly seat: number;
  readonly name: string;
}

/** A game as loaded (or cached): its row, ruleset, seats and state. */
export interface LoadedGame {
  readonly game: GameRow;
  readonly spec: RulesetSpec;
  readonly players: readonly SeatRow[];
  readonly state: GameState;
}
