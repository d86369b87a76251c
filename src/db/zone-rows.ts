/**
 * The `zone` table: a zone row to and from the rules layer's {@link ZoneState}, and zones in the
 * stable order a loaded state lists them in.
 */
import type { Zone as ZoneRow } from '../generated/prisma/client.js';
import type { RulesetSpec, ZoneState } from '../rules/index.js';

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
