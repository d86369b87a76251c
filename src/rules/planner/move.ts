/** The moves that take existing objects from where they are to a destination: moveObjects and detach. */
import type { Draft } from './draft.js';
import { INPUT_RULE, reject, unknownId } from './reject.js';
import { relocate } from './relocate.js';
import { applyOrder, rejectHostAndHosted, select } from './select.js';
import type { DetachMove, MoveObjectsMove } from '../types/moves.js';
import type { ObjectState } from '../types/state.js';

/**
 * MTG 405.3: objects put onto the stack at once: the active player's lowest, then each other
 * player's in APNAP (seat) order; with an explicit `order` the planner checks it instead.
 */
function apnap(d: Draft, objects: ObjectState[], activePlayerId: string, explicit: boolean): ObjectState[] {
  const players = [...d.state.players].sort((a, b) => a.seat - b.seat);
  const ap = players.findIndex((p) => p.id === activePlayerId);
  const rule = d.spec.cite.apnap;
  if (rule === null)
    throw reject(
      'BAD_ORDER',
      INPUT_RULE,
      `Ruleset ${d.spec.id} has no APNAP order for simultaneous arrivals`,
    );
  if (ap < 0) throw unknownId('UNKNOWN_PLAYER', 'the active player');
  const rank = (o: ObjectState) => {
    const i = players.findIndex((p) => p.id === o.controllerId);
    return i < 0 ? players.length : (i - ap + players.length) % players.length;
  };
  // Top first: highest rank on top, the active player's (rank 0) lowest.
  if (!explicit)
    return objects
      .map((o, i) => ({ o, i }))
      .sort((a, b) => rank(b.o) - rank(a.o) || a.i - b.i)
      .map((x) => x.o);
  for (let i = 1; i < objects.length; i++) {
    if (rank(objects[i] as ObjectState) > rank(objects[i - 1] as ObjectState)) {
      throw reject('BAD_ORDER', rule, "Active player's objects go lowest, then APNAP order");
    }
  }
  return objects;
}

/**
 * moveObjects: see {@link relocate}. MTG 401.4, 404.3, 405.3 (FAB sec:zones_general, NR
 * rule_deck_ordered): the owner orders simultaneous arrivals (`order`); MTG 405.3 APNAP order.
 */
export function planMoveObjects(d: Draft, move: MoveObjectsMove): void {
  const objects = select(d, move.select);
  rejectHostAndHosted(d, objects);
  if (move.randomOrder && move.order !== undefined)
    throw reject('BAD_ORDER', INPUT_RULE, 'Give either an order or a random order, not both');
  let ordered = move.randomOrder
    ? d.acts.draw(d.ctx, d.events.length, 'shuffle', objects, objects.length)
    : applyOrder(objects, move.order, d.spec.cite.arrivalOrder);
  if (move.activePlayerId !== undefined)
    ordered = apnap(d, ordered, move.activePlayerId, move.order !== undefined);
  relocate(d, {
    objects: ordered,
    to: move.to,
    placement: move.placement,
    faceUp: move.faceUp,
    by: move.by,
    replacedFrom: move.replacedFrom,
    move,
    eventKind: 'OBJECTS_MOVED',
    eventRules: [],
  });
}

/** detach: hosted objects / sub-cards leave their host for a zone (FAB rule:under_definition, MTG 303.4). */
export function planDetach(d: Draft, move: DetachMove): void {
  const objects = select(d, move.select);
  const loose = objects.find((o) => o.hostKey === null);
  if (loose)
    throw reject(
      'NOT_ATTACHED',
      d.spec.cite.host,
      `Only an attached object can be detached, and nothing hosts ${d.labels.object(loose)}.`,
    );
  rejectHostAndHosted(d, objects);
  relocate(d, {
    objects,
    to: move.to,
    placement: move.placement,
    faceUp: move.faceUp,
    by: move.by,
    replacedFrom: undefined,
    move: null,
    eventKind: 'DETACHED',
    eventRules: [],
  });
}
