/** Clearing objects (FAB rule:clear_definition) and objects ceasing to exist. */
import type { Draft } from './draft.js';
import { admission, Occupancy } from './destination.js';
import { withHistory } from './history.js';
import { insertInto } from './place.js';

/**
 * The game's citation for clearing (FAB rule:clear_definition). Only a game that clears (a clear
 * zone, or rule moves that clear) reaches a clear, so a missing citation is a programmer bug.
 */
export function clearRule(d: Draft): string {
  const rule = d.spec.cite.clear;
  if (rule === null) throw new Error(`ruleset ${d.spec.id} does not clear objects`);
  return rule;
}

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
    const history = withHistory(obj, rule, d.zoneOf(obj).type, target.type, 'rule');
    insertInto(d, target, [{ ...obj, faceUp: true, revealedTo: [], controllerId: obj.ownerId, history }], 0);
    d.markNew(key, rule);
  } else {
    d.remove(key);
  }
  for (const child of children) clearObject(d, child.key, rule, excludeZoneId);
}
