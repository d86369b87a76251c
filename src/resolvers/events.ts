/**
 * The one mapping from a stored event (`game_event` row, unredacted DomainEvent payload) to the
 * GraphQL GameEvent, redacted for a viewer with the rules layer's `redactEvent`. Queries, mutation
 * payloads and subscriptions all go through {@link toGameEvent}.
 */
import { redactEvent, type RulesetSpec, type Viewer, type ZoneState } from '../rules/index.js';
import type { StoredEvent as EventRow } from '../db/rows.js';
import type { LookupSource, ObjectOut } from './mapping.js';

/** The columns of a `game_event` row this mapping reads (a Prisma `GameEvent` row fits). */
export type StoredEvent = EventRow;

const zoneRef = (z: ZoneState) => ({ id: z.id, type: z.type, ownerId: z.ownerId, index: z.index });

/**
 * A stored event as `viewer` may see it. `lookup` resolves nested ids (an object's zone, owner,
 * host); pass a memoized thunk (see `memoLookup`) when the game is not loaded yet. Without one,
 * nested fields other than ids resolve to null-safe fallbacks only for zones, so pass one.
 */
export function toGameEvent(row: StoredEvent, spec: RulesetSpec, viewer: Viewer, lookup: LookupSource) {
  const event = row.payload;
  const view = redactEvent(spec, event, viewer);
  const extraZones = [...view.zonesRemoved, ...view.zonesCreated];
  return {
    gameId: row.gameId,
    seq: row.seq,
    version: row.version,
    kind: view.kind,
    actor: {
      kind: row.actorKind,
      playerId: row.actorKind === 'PLAYER' ? row.actorPlayerId : null,
      onBehalfOf: row.actorKind === 'ADMIN' ? row.actorPlayerId : null,
    },
    at: row.createdAt,
    zoneIds: view.zoneIds,
    rules: view.rules,
    changes: view.changes.map((c) => ({
      previousId: c.previousId,
      objectId: c.objectId,
      fromZoneId: c.fromZoneId,
      toZoneId: c.toZoneId,
      object: c.object === null ? null : ({ view: c.object, lookup, extraZones } satisfies ObjectOut),
    })),
    zonesCreated: view.zonesCreated.map(zoneRef),
    zonesRemoved: view.zonesRemoved.map(zoneRef),
  };
}

export type GameEventOut = ReturnType<typeof toGameEvent>;
