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
import { isUuid } from './events.js';
import type { Db } from './client.js';

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

/**
 * Zones in a stable order: creation time, then catalog order of the type, then the owner's seat
 * (shared zones first), then index, as `initialZones` lays them out.
 */
function sortZones(spec: RulesetSpec, zones: ZoneRow[], seatOf: Map<string, number>): ZoneRow[] {
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

/**
 * Loads a game and its whole state: exactly four queries. Null for an unknown (or malformed) id or
 * a game of a ruleset this build does not know.
 */
export async function loadGame(db: Queryable, gameId: string, known?: GameRow): Promise<LoadedGame | null> {
  if (!isUuid(gameId)) return null;
  // Sequential on purpose: inside a transaction all queries share one connection anyway.
  const game =
    known ??
    (await db.game.findUnique({
      where: { id: gameId },
      select: { id: true, ruleset: true, status: true, version: true, lastSeq: true, createdAt: true },
    }));
  if (!game) return null;
  const players = await db.player.findMany({
    where: { gameId },
    select: { id: true, seat: true, name: true },
    orderBy: { seat: 'asc' },
  });
  const zones = await db.zone.findMany({ where: { gameId } });
  const objects = await db.gameObject.findMany({ where: { gameId } });
  const spec = getRuleset(game.ruleset);
  if (!spec) return null;
  const seatOf = new Map(players.map((p) => [p.id, p.seat]));
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
    state: {
      ruleset: spec.id as RulesetId,
      players: players.map((p) => ({ id: p.id, seat: p.seat })),
      zones: zoneStates,
      objects: objects.map(objectFromRow),
    },
  };
}
