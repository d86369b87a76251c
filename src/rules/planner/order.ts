/** Changing the order of a zone: shuffle and reorder (MTG 400.5, 400.12; NR rule_deck_ordered; FAB sec:deck_zone). */
import type { Draft } from './draft.js';
import { isPublicNow } from './hosted.js';
import { INPUT_RULE, reject, unknownId } from './reject.js';
import type { ReorderMove, ShuffleMove } from '../types/moves.js';
import type { ObjectState, ZoneState } from '../types/state.js';

function zoneNamed(d: Draft, zoneId: string): ZoneState {
  const zone = d.zone(zoneId);
  if (!zone) throw unknownId('UNKNOWN_ZONE', 'zoneId');
  return zone;
}

/** The objects a shuffle reorders: all, or the top or bottom `count` (which must be 1 to all of them). */
function segment(objects: ObjectState[], part: ShuffleMove['part']): ObjectState[] {
  if (part === undefined) return objects;
  if (!Number.isInteger(part.count) || part.count < 1 || part.count > objects.length)
    throw reject(
      'BAD_SELECTOR',
      INPUT_RULE,
      `Cannot shuffle ${String(part.count)} of ${objects.length} objects`,
    );
  return part.from === 'top' ? objects.slice(0, part.count) : objects.slice(objects.length - part.count);
}

/** shuffle: a uniform random order of the zone or of its top or bottom part (zk-rng/1, docs/fairness.md); every object not visible to all gets a new id (identity policy). */
export function planShuffle(d: Draft, move: ShuffleMove): void {
  const zone = zoneNamed(d, move.zoneId);
  const objects = segment(d.topLevel(zone.id), move.part);
  const keys = objects.map((o) => o.sortKey);
  const shuffled = d.acts.draw(d.ctx, d.events.length, 'shuffle', objects, objects.length, move.part?.from);
  d.begin('ZONE_SHUFFLED', [d.spec.cite.shuffle]);
  d.touchZone(zone.id);
  shuffled.forEach((o, i) => {
    const sortKey = keys[i] as number;
    if (o.sortKey !== sortKey || o.revealedTo === 'all' || o.revealedTo.length > 0)
      d.put({ ...o, sortKey, revealedTo: [] });
    else d.touch(o.key);
  });
  d.end();
}

/**
 * reorder: `order` lists distinct objects of a zone, top first; they are rearranged among the
 * positions they occupy, every other object keeping its place (a top segment is the common case).
 * `by: 'effect'`: allowed anywhere (MTG 400.5 "except when effects or rules allow it",
 * NR rule_deck_ordered). `by: 'rule'`: the owners' own arrangement (MTG 400.5 "arranged however
 * their owners wish", 402.3), only where `ownerMayReorder`, only of objects the actor owns (or in a
 * zone they own) whoever else has objects there, and never of a face-down pile (MTG 400.5).
 */
export function planReorder(d: Draft, move: ReorderMove): void {
  const zone = zoneNamed(d, move.zoneId);
  const zoneType = d.typeOf(zone);
  const objects = d.topLevel(zone.id);
  const order = move.order;
  if (
    !Array.isArray(order) ||
    order.length === 0 ||
    order.length > objects.length ||
    new Set(order).size !== order.length
  ) {
    throw reject('BAD_ORDER', INPUT_RULE, 'Order must list distinct objects of the zone');
  }
  const listed = new Set(order);
  // The listed objects in their current order: their slots (sort keys) are dealt out in `order`.
  const slots = objects.filter((o) => listed.has(o.publicId));
  const byId = new Map(slots.map((o) => [o.publicId, o]));
  if (slots.length !== order.length)
    throw reject('BAD_ORDER', INPUT_RULE, `Order must list objects of ${d.labels.zone(zone)}, each once.`);
  const lock = d.hooks.orderLock(zoneType);
  if (move.by === 'rule') {
    if (!zoneType.ownerMayReorder)
      throw reject(
        'ORDER_LOCKED',
        lock,
        `The order of ${d.labels.zone(zone)} cannot be changed except by an effect.`,
      );
    const actor = d.ctx.actorId;
    if (actor !== null && !slots.every((o) => o.ownerId === actor || zone.ownerId === actor)) {
      throw reject('ORDER_LOCKED', lock, 'Players arrange only objects they own');
    }
    const pile = d.hooks.faceDownPileKeepsOrder(zoneType);
    if (pile !== null && slots.some((o) => !isPublicNow(d, o))) {
      throw reject('ORDER_LOCKED', pile, `Face-down piles in ${d.labels.zone(zone)} keep their order.`);
    }
  }
  const keys = slots.map((o) => o.sortKey);
  d.begin('ZONE_REORDERED', [move.by === 'rule' ? d.spec.cite.ownerArrangement : lock]);
  d.touchZone(zone.id);
  order.forEach((id, i) => {
    const o = byId.get(id) as ObjectState;
    const sortKey = keys[i] as number;
    if (o.sortKey !== sortKey) d.put({ ...o, sortKey });
    else d.touch(o.key);
  });
  d.end();
}
