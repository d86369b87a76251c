/**
 * Records of the moves on zones as wholes: shuffling (MTG 400.12, FAB sec:deck_zone, NR
 * rule_deck_ordered), rearranging (MTG 400.5, 402.3), creating and removing a zone (FAB
 * sec:zones_general; MTG 407 ante).
 */
import { planReorder, planShuffle } from '../planner/order.js';
import { isStr, isStrArray, optional, shufflePart } from '../planner/shape.js';
import { planCreateZone, planRemoveZone } from '../planner/zones.js';
import { refusal } from '../policy.js';
import { moveRecord } from './record.js';

export const shuffle = moveRecord({
  kind: 'shuffle',
  events: ['ZONE_SHUFFLED'],
  shape: (m) => [
    [isStr(m.zoneId), 'UNKNOWN_ZONE', 'zoneId must be a string'],
    [optional(m.part, shufflePart), 'BAD_SELECTOR', "part must be { from: 'top' | 'bottom', count }"],
  ],
  policy: (p, move) => p.zone(move.zoneId, 'shuffle'),
  plan: planShuffle,
});

export const reorder = moveRecord({
  kind: 'reorder',
  events: ['ZONE_REORDERED'],
  shape: (m, { by }) => [
    [isStr(m.zoneId), 'UNKNOWN_ZONE', 'zoneId must be a string'],
    [isStrArray(m.order), 'BAD_ORDER', 'order must be a list of ids'],
    by,
  ],
  policy: (p, move) => p.zone(move.zoneId, 'reorder'),
  plan: planReorder,
});

export const createZone = moveRecord({
  kind: 'createZone',
  events: ['ZONE_CREATED'],
  shape: (m) => [
    [isStr(m.type), 'UNKNOWN_ZONE_TYPE', 'type must be a string'],
    [m.ownerId === null || isStr(m.ownerId), 'UNKNOWN_PLAYER', 'ownerId must be a player id or null'],
  ],
  policy: (p, move) =>
    move.ownerId !== null && move.ownerId !== p.seat
      ? refusal('NOT_YOUR_ZONE', 'You may not create a zone for another player.')
      : null,
  plan: planCreateZone,
});

export const removeZone = moveRecord({
  kind: 'removeZone',
  events: ['ZONE_REMOVED'],
  shape: (m) => [[isStr(m.zoneId), 'UNKNOWN_ZONE', 'zoneId must be a string']],
  policy: (p, move) => p.zone(move.zoneId, 'remove'),
  plan: planRemoveZone,
});
