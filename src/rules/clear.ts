/** Clearing objects (FAB rule:clear_definition) and objects ceasing to exist. */
import type { Draft } from './draft.js';
import { admission, Occupancy } from './destination.js';
import { insertInto } from './place.js';

/**
 * FAB rule:clear_definition: a cleared card goes to its owner's graveyard (a new object, face up);
 * a token, macro or non-card layer simply ceases to exist. Sub-cards of a cleared top-card are
 * cleared in the same event (FAB rule:under_definition). Rulesets without a clear zone, or an owner
 * without a graveyard able to take it, make the object cease to exist. `excludeZoneId` is a zone
 * that is ceasing to exist.
 */
export function clearObject(d: Draft, key: string, rule: string, excludeZoneId: string | null = null): void {
  const obj = d.get(key);
  const children = d.hosted(key);
  d.cite(rule);
  const clearType = d.spec.clearZone;
  const target =
    obj.kind === 'card' && clearType !== null
      ? d.zonesOf(clearType, obj.ownerId).find((z) => z.id !== excludeZoneId)
      : undefined;
  if (target && admission(d, obj, target, d.typeOf(target), new Occupancy(d, new Set([key]))) === null) {
    const history = [
      ...obj.history,
      { fromZoneType: d.zoneOf(obj).type, toZoneType: target.type, by: 'rule' as const, reason: rule },
    ];
    insertInto(d, target, [{ ...obj, faceUp: true, revealedTo: [], controllerId: obj.ownerId, history }], 0);
    d.markNew(key, rule);
  } else {
    d.remove(key);
  }
  for (const child of children) clearObject(d, child.key, rule, excludeZoneId);
}
