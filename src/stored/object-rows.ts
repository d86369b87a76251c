/**
 * The `game_object` table: an object row to and from the rules layer's {@link ObjectState}, in
 * Prisma's names (loads, exports, imports) and the table's own (the one-statement writes). Pure:
 * Prisma types only, so the transfer format (`src/transfer`) maps its rows through the same functions.
 */
import type { GameObject as ObjectRow } from '../generated/prisma/client.js';
import type { HistoryEntry, ObjectKind, ObjectState } from '../rules/index.js';

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

/**
 * A stored object row as the rules layer's {@link ObjectState}. One literal in the field order
 * `withTableState` (src/rules/table.ts) uses, so that every loaded object shares one hidden class in
 * V8: the fields it names like {@link objectToRow} are not taken from a helper shared with it, since
 * spreading one object into another gives the result a hidden class of its own.
 */
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
