/** Zones that come and go: createZone and removeZone (FAB sec:zones_general, MTG 400.1, 407). */
import { clearObject, clearRule } from './clear.js';
import type { Draft } from './draft.js';
import { INPUT_RULE, reject, unknownId } from './reject.js';
import { zoneTypeOf } from '../spec.js';
import type { CreateZoneMove, RemoveZoneMove } from '../types/moves.js';

/** createZone: FAB sec:zones_general "an additional zone of that type"; MTG ante (407). */
export function planCreateZone(d: Draft, move: CreateZoneMove): void {
  const zoneType = zoneTypeOf(d.spec, move.type);
  if (!zoneType)
    throw reject('UNKNOWN_ZONE_TYPE', INPUT_RULE, `No zone type ${String(move.type)} in ${d.spec.id}`);
  let ownerId: string | null = null;
  if (zoneType.scope === 'player') {
    if (move.ownerId === null || !d.isPlayer(move.ownerId))
      throw reject('UNKNOWN_PLAYER', INPUT_RULE, `Zone type ${move.type} needs an owning player`);
    ownerId = move.ownerId;
  } else if (move.ownerId !== null) {
    throw reject('UNKNOWN_PLAYER', INPUT_RULE, `Zone type ${move.type} is shared and has no owner`);
  }
  const index = d.zonesOf(move.type, ownerId).reduce((m, z) => Math.max(m, z.index + 1), 0);
  d.begin('ZONE_CREATED', [d.spec.cite.zoneCreated]);
  d.addZone({ id: d.ctx.newId(), type: move.type, ownerId, index });
  d.end();
}

/**
 * removeZone (FAB sec:zones_general): with one zone of the type, its cards are cleared and it
 * ceases to exist; with several, an empty one ceases to exist first; if none is empty, the named
 * zone (the player's choice) is cleared and removed. MTG/NR: only an empty zone may be removed.
 */
export function planRemoveZone(d: Draft, move: RemoveZoneMove): void {
  const named = d.zone(move.zoneId);
  if (!named) throw unknownId('UNKNOWN_ZONE', 'zoneId');
  let zone = named;
  if (d.allInZone(named.id).length > 0) {
    if (d.spec.clearZone === null)
      throw reject(
        'ZONE_NOT_EMPTY',
        INPUT_RULE,
        `Only an empty zone can be removed: ${d.labels.zone(named)} is not empty.`,
      );
    const empty = d
      .zonesOf(named.type, named.ownerId)
      .find((z) => z.id !== named.id && d.allInZone(z.id).length === 0);
    if (empty) zone = empty;
  }
  d.begin('ZONE_REMOVED', [d.spec.cite.zoneRemoved]);
  // Top-level objects first (their sub-cards with them), then anything still left in the zone.
  for (const o of d.topLevel(zone.id)) if (d.has(o.key)) clearObject(d, o.key, clearRule(d), zone.id);
  for (const o of d.allInZone(zone.id)) if (d.has(o.key)) clearObject(d, o.key, clearRule(d), zone.id);
  d.removeZone(zone);
  d.end();
}
