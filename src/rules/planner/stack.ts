/** The stack: putting layers on it and taking them off (MTG 405, FAB sec:stack_zone). */
import { requirePlayer } from './checks.js';
import type { Draft } from './draft.js';
import { removeWithHosted } from './hosted.js';
import { insertInto } from './place.js';
import { reject, unknownId } from './reject.js';
import { relocate } from './relocate.js';
import type { AddLayerMove, RemoveLayerMove } from '../types/moves.js';
import type { ObjectState, ZoneState } from '../types/state.js';

function stackZone(d: Draft): ZoneState {
  const type = d.spec.zoneTypes.find((t) => t.isStack);
  const zone = type ? d.zonesOf(type.type, null)[0] : undefined;
  if (!zone) throw reject('UNKNOWN_ZONE_TYPE', d.spec.cite.stack, `Ruleset ${d.spec.id} has no stack zone`);
  return zone;
}

/** addLayer: an ability / non-card layer goes on top of the stack (MTG 405.1, 405.2; FAB layer N+1). */
export function planAddLayer(d: Draft, move: AddLayerMove): void {
  const zone = stackZone(d);
  requirePlayer(d, move.controllerId);
  const layer: ObjectState = {
    key: d.ctx.newId(),
    publicId: d.ctx.newId(),
    kind: 'layer',
    ownerId: move.controllerId,
    controllerId: move.controllerId,
    zoneId: zone.id,
    sortKey: 0,
    faceUp: true,
    revealedTo: [],
    hostKey: null,
    card: move.card,
    history: [],
  };
  d.begin('LAYER_ADDED', d.spec.cite.layerAdded);
  insertInto(d, zone, [layer], 0);
  d.end();
}

/**
 * removeLayer: layer N leaves the stack; layers above become M-1 (derived). A non-card layer or
 * token ceases to exist (MTG 405.1 abilities, FAB rule:clear_definition); a card goes to `to`,
 * by default its owner's graveyard (MTG 404.1, FAB rule:clear_definition).
 */
export function planRemoveLayer(d: Draft, move: RemoveLayerMove): void {
  const zone = stackZone(d);
  const obj = d.byId(move.layerId);
  if (!obj) throw unknownId('UNKNOWN_OBJECT', 'layerId');
  if (obj.zoneId !== zone.id || obj.hostKey !== null)
    throw reject(
      'NOT_A_LAYER',
      d.spec.cite.stack,
      `Only a layer on the stack can be removed from it, and ${d.labels.object(obj)} is not one.`,
    );
  if (obj.kind !== 'card') {
    d.begin('LAYER_REMOVED', [d.spec.cite.layerCeases, d.spec.cite.stack]);
    removeWithHosted(d, obj.key);
    d.end();
    return;
  }
  relocate(d, {
    objects: [obj],
    to: move.to ?? { kind: 'type', type: d.spec.clearZone ?? 'graveyard', ownerId: obj.ownerId },
    placement: { kind: 'top' },
    faceUp: undefined,
    by: move.by,
    replacedFrom: undefined,
    move: null,
    eventKind: 'LAYER_REMOVED',
    eventRules: [d.spec.cite.stack],
  });
}
