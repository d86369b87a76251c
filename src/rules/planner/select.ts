/** Resolving selectors and input lists into objects (invalid input is a typed rejection, never a crash). */
import { requirePlayer } from './checks.js';
import type { Draft } from './draft.js';
import { INPUT_RULE, reject, unknownId } from './reject.js';
import type { Selector } from '../types/selection.js';
import type { ObjectState } from '../types/state.js';

/** Largest count a single move may create or select, to keep plans bounded. */
export const MAX_COUNT = 1000;

function validCount(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_COUNT;
}

/**
 * The objects a selector names, in selector order (top first for top/bottom). Random picks are
 * random acts (docs/fairness.md). Throws {@link Rejected} on unknown ids, duplicates, bad counts, unknown zones.
 */
export function select(d: Draft, sel: Selector): ObjectState[] {
  switch (sel.kind) {
    case 'ids': {
      if (!Array.isArray(sel.ids) || sel.ids.length === 0)
        throw reject('BAD_SELECTOR', INPUT_RULE, 'No object ids given');
      if (new Set(sel.ids).size !== sel.ids.length)
        throw reject('BAD_SELECTOR', INPUT_RULE, 'Duplicate object ids');
      if (sel.ids.length > MAX_COUNT)
        throw reject('BAD_SELECTOR', INPUT_RULE, `At most ${MAX_COUNT} objects`);
      return sel.ids.map((id) => {
        const o = d.byId(id);
        if (!o) throw unknownId('UNKNOWN_OBJECT', 'select.ids');
        return o;
      });
    }
    case 'top':
    case 'bottom':
    case 'random': {
      const zone = d.zone(sel.zoneId);
      if (!zone) throw unknownId('UNKNOWN_ZONE', 'select.zoneId');
      const objects = d.topLevel(sel.zoneId);
      if (!validCount(sel.count) || sel.count > objects.length) {
        throw reject(
          'BAD_SELECTOR',
          INPUT_RULE,
          `There are ${objects.length} objects in ${d.labels.zone(zone)}: cannot select ${String(sel.count)}.`,
        );
      }
      if (sel.kind === 'top') return objects.slice(0, sel.count);
      if (sel.kind === 'bottom') return objects.slice(objects.length - sel.count);
      return d.acts.draw(d.ctx, d.events.length, 'pick', objects, sel.count);
    }
  }
}

/**
 * Orders `objects` by `order` (public ids, top first), which must be a permutation of them
 * (MTG 401.4, 404.3, 405.3: the owner chooses the order of simultaneous arrivals).
 */
export function applyOrder(
  objects: readonly ObjectState[],
  order: readonly string[] | undefined,
  rule: string,
): ObjectState[] {
  if (order === undefined) return [...objects];
  const byId = new Map(objects.map((o) => [o.publicId, o]));
  if (
    !Array.isArray(order) ||
    order.length !== objects.length ||
    new Set(order).size !== order.length ||
    !order.every((id) => byId.has(id))
  ) {
    throw reject('BAD_ORDER', rule, 'Order must be a permutation of the moving objects');
  }
  return order.map((id) => byId.get(id) as ObjectState);
}

/** Rejects selections that name an object together with its host (it moves with the host). */
export function rejectHostAndHosted(d: Draft, objects: readonly ObjectState[]): void {
  const keys = new Set(objects.map((o) => o.key));
  const clash = objects.find((o) => o.hostKey !== null && keys.has(o.hostKey));
  if (clash)
    throw reject(
      'BAD_SELECTOR',
      INPUT_RULE,
      `An object goes with its host: ${d.labels.object(clash)} is selected together with its host.`,
    );
}

/** Validates a list of player ids (reveal targets). */
export function validPlayers(d: Draft, ids: readonly string[]): void {
  if (!Array.isArray(ids) || ids.length === 0) throw reject('UNKNOWN_PLAYER', INPUT_RULE, 'No players given');
  if (new Set(ids).size !== ids.length) throw reject('BAD_SELECTOR', INPUT_RULE, 'Duplicate player ids');
  for (const id of ids) requirePlayer(d, id);
}
