/**
 * Rows ↔ the rules layer's GameState. Loading a game is a fixed number of queries (game, players,
 * zones, objects) however many objects it holds.
 */
import type { GameObject as ObjectRow, Zone as ZoneRow } from '../generated/prisma/client.js';
import type { Prisma } from '../generated/prisma/client.js';
import {
  getRuleset,
  type CardProps,
  type GameState,
  type HistoryEntry,
  type ObjectKind,
  type ObjectState,
  type RulesetId,
  type RulesetSpec,
  type ZoneState,
} from '../rules/index.js';
import { isUuid } from '../uuid.js';
import type { Db } from './client.js';
import { lightState, stateCacheFor } from './state-cache.js';

/** A client or an interactive transaction: reads work on both. */
export type Queryable = Db | Prisma.TransactionClient;

export interface GameRow {
  readonly id: string;
  readonly ruleset: string;
  readonly status: 'ACTIVE' | 'ENDED' | 'ARCHIVED';
  readonly version: number;
  readonly lastSeq: number;
  readonly createdAt: Date;
}

export interface SeatRow {
  readonly id: string;
  readonly seat: number;
  readonly name: string;
}

export interface LoadedGame {
  readonly game: GameRow;
  readonly spec: RulesetSpec;
  readonly players: readonly SeatRow[];
  readonly state: GameState;
}

const KIND_FROM_ROW: Record<ObjectRow['kind'], ObjectKind> = { CARD: 'card', TOKEN: 'token', LAYER: 'layer' };
export const KIND_TO_ROW: Record<ObjectKind, ObjectRow['kind']> = {
  card: 'CARD',
  token: 'TOKEN',
  layer: 'LAYER',
};

export function objectFromRow(r: ObjectRow): ObjectState {
  const card: CardProps = {
    name: r.name,
    types: r.types,
    subtypes: r.subtypes,
    text: r.text,
    attributes: (r.attributes ?? {}) as Record<string, unknown>,
  };
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
    card,
    history: (r.history ?? []) as unknown as HistoryEntry[],
  };
}

/** Columns of an object row (without `gameId`), as written by createMany and the batch update. */
export function objectToRow(gameId: string, o: ObjectState) {
  return {
    key: o.key,
    gameId,
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
    attributes: o.card.attributes as Prisma.InputJsonValue,
    history: o.history as unknown as Prisma.InputJsonValue,
  };
}

/** An object row with the table's own column names, as `zk_commit_move` reads it (JSON). */
export function objectToSqlRow(gameId: string, o: ObjectState) {
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
    name: o.card.name,
    types: o.card.types,
    subtypes: o.card.subtypes,
    text: o.card.text,
    attributes: o.card.attributes,
    history: o.history,
  };
}

/** Rows for new zones, all created at one instant (zone order ties break on creation time). */
export function zoneRows(gameId: string, zones: readonly ZoneState[], createdAt: Date) {
  return zones.map((z) => ({
    id: z.id,
    gameId,
    type: z.type,
    ownerId: z.ownerId,
    index: z.index,
    createdAt,
  }));
}

/**
 * Zones in a stable order: creation time, then catalog order of the type, then the owner's seat
 * (shared zones first), then index, as `initialZones` lays them out.
 */
export function sortZones(spec: RulesetSpec, zones: ZoneRow[], seatOf: Map<string, number>): ZoneRow[] {
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

/** The game row plus every player, zone and object, as one JSON-aggregated row. */
interface LoadedRow extends GameRow {
  readonly players: SeatRow[];
  readonly zones: (Omit<ZoneRow, 'createdAt' | 'gameId'> & { createdAt: string })[];
  readonly objects: ObjectJson[];
}

/** An object row as `json_build_object` returns it (camelCase keys, JSON scalars). */
type ObjectJson = Omit<ObjectRow, 'gameId'>;

/**
 * One statement for the whole state: players, zones and objects are aggregated as JSON next to the
 * game row. A single round trip matters because every mutation runs it inside its transaction.
 * Floats and timestamps survive the JSON exactly (PostgreSQL prints shortest-exact float8).
 */
function loadQuery(db: Queryable, gameId: string) {
  return db.$queryRaw<LoadedRow[]>`
    SELECT g.id, g.ruleset, g.status::text AS status, g.version, g.last_seq AS "lastSeq",
           g.created_at AS "createdAt",
      (SELECT coalesce(json_agg(json_build_object('id', p.id, 'seat', p.seat, 'name', p.name) ORDER BY p.seat), '[]')
         FROM player p WHERE p.game_id = g.id) AS players,
      (SELECT coalesce(json_agg(json_build_object('id', z.id, 'type', z.type, 'ownerId', z.owner_id,
                'index', z.index, 'createdAt', z.created_at)), '[]')
         FROM zone z WHERE z.game_id = g.id) AS zones,
      (SELECT coalesce(json_agg(json_build_object('key', o.key, 'publicId', o.public_id, 'kind', o.kind,
                'ownerId', o.owner_id, 'controllerId', o.controller_id, 'zoneId', o.zone_id,
                'sortKey', o.sort_key, 'faceUp', o.face_up, 'revealedToAll', o.revealed_to_all,
                'revealedTo', o.revealed_to, 'hostKey', o.host_key, 'name', o.name, 'types', o.types,
                'subtypes', o.subtypes, 'text', o.text, 'attributes', o.attributes, 'history', o.history)), '[]')
         FROM game_object o WHERE o.game_id = g.id) AS objects
    FROM game g WHERE g.id = ${gameId}::uuid`;
}

/**
 * Loads a game and its whole state in exactly one query, however many objects it holds. Null for an
 * unknown (or malformed) id or a game of a ruleset this build does not know. Mutations lock the game
 * row with a separate statement first (see `lockGame`), so that this one reads after the lock.
 */
export async function loadGame(db: Queryable, gameId: string): Promise<LoadedGame | null> {
  if (!isUuid(gameId)) return null;
  const row = (await loadQuery(db, gameId))[0];
  if (!row) return null;
  const spec = getRuleset(row.ruleset);
  if (!spec) return null;
  const game: GameRow = {
    id: row.id,
    ruleset: row.ruleset,
    status: row.status,
    version: row.version,
    lastSeq: row.lastSeq,
    createdAt: row.createdAt,
  };
  const players = row.players;
  const seatOf = new Map(players.map((p) => [p.id, p.seat]));
  const zones = row.zones.map((z) => ({ ...z, gameId: row.id, createdAt: new Date(z.createdAt) }));
  const zoneStates: ZoneState[] = sortZones(spec, zones, seatOf).map((z) => ({
    id: z.id,
    type: z.type,
    ownerId: z.ownerId,
    index: z.index,
  }));
  return {
    game,
    spec,
    players,
    state: lightState({
      ruleset: spec.id as RulesetId,
      players: players.map((p) => ({ id: p.id, seat: p.seat })),
      zones: zoneStates,
      objects: row.objects.map((o) => objectFromRow({ ...o, gameId: row.id })),
    }),
  };
}

/**
 * The current state of a game for readers, from the version-keyed cache when it holds the
 * current version (one small query), else loaded and cached (two queries, still fixed).
 */
export async function loadCurrentGame(db: Db, gameId: string): Promise<LoadedGame | null> {
  if (!isUuid(gameId)) return null;
  const row = await db.game.findUnique({ where: { id: gameId }, select: { version: true } });
  if (!row) return null;
  const cache = stateCacheFor(db);
  const hit = cache.get(gameId, row.version);
  if (hit) return hit;
  const loaded = await loadGame(db, gameId);
  if (loaded) cache.set(loaded);
  return loaded;
}
