/**
 * Records of the moves that take existing objects somewhere: moving them between zones (MTG 400.3,
 * 400.7; FAB sec:zones_general; NR rule_location), putting them under or on a host and taking them
 * off (FAB rule:under_definition, NR rule_hosted_object_location).
 */
import { planAttach } from '../planner/attach.js';
import { planDetach, planMoveObjects } from '../planner/move.js';
import { destination, isBool, isStr, isStrArray, optional } from '../planner/shape.js';
import { moveRecord } from './record.js';

/** Where an object moved between zones may end: moved, kept (NO_MOVE), cleared, revealed first. */
const RELOCATED = ['NO_MOVE', 'OBJECTS_CLEARED', 'REVEALED'] as const;

export const moveObjects = moveRecord({
  kind: 'moveObjects',
  events: ['OBJECTS_MOVED', ...RELOCATED],
  shape: (m, { sel, to, place, by, face }) => [
    sel,
    to,
    place,
    by,
    face,
    [optional(m.order, isStrArray), 'BAD_ORDER', 'order must be a list of ids'],
    [optional(m.randomOrder, isBool), 'BAD_ORDER', 'randomOrder must be a boolean'],
    [optional(m.replacedFrom, destination), 'UNKNOWN_ZONE', 'malformed replacedFrom'],
    [optional(m.requiresAttribute, isBool), 'BAD_SELECTOR', 'requiresAttribute must be a boolean'],
    [optional(m.activePlayerId, isStr), 'UNKNOWN_PLAYER', 'activePlayerId must be a player id'],
  ],
  policy: (p, move) => {
    const { refusal, objects } = p.selection(move.select, 'moveObjects');
    return (
      refusal ??
      p.destination(move.to, objects, false) ??
      (move.replacedFrom ? p.destination(move.replacedFrom, objects, false) : null)
    );
  },
  plan: planMoveObjects,
});

export const detach = moveRecord({
  kind: 'detach',
  events: ['DETACHED', ...RELOCATED],
  shape: (_m, { sel, to, place, by, face }) => [sel, to, place, by, face],
  policy: (p, move) => {
    const { refusal, objects } = p.selection(move.select, 'detach');
    return refusal ?? p.destination(move.to, objects, false);
  },
  plan: planDetach,
});

export const attach = moveRecord({
  kind: 'attach',
  events: ['ATTACHED'],
  shape: (m, { sel, by }) => [sel, [isStr(m.hostId), 'UNKNOWN_OBJECT', 'hostId must be an id'], by],
  policy: (p, move) => {
    const { refusal } = p.selection(move.select, 'attach');
    if (refusal) return refusal;
    const host = p.state.objects.find((o) => o.publicId === move.hostId);
    return host ? p.object(host, 'attach') : null;
  },
  plan: planAttach,
});
