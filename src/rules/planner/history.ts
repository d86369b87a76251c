/**
 * An object's history (FAB rule:become_new_object: "the process of how an object becomes a new
 * object is preserved as the history of that new object"), written in one place.
 */
import type { MoveBy } from '../types/selection.js';
import type { HistoryEntry, ObjectState } from '../types/state.js';

/**
 * Most history entries an object keeps: the steps of the one event in which it became a new object
 * (a move and a follow-up such as a clear can both happen in one event). A fixed bound keeps every
 * state, event and replay step the same size however long the game.
 */
export const HISTORY_BOUND = 4;

/**
 * MTG 400.7, FAB rule:become_new_object: a new object has no memory of its previous existence, but
 * "the process of how an object becomes a new object is preserved as the history of that new
 * object". So a new object keeps only the entries appended in the event that made it new (the path
 * since it last became a new object), at most {@link HISTORY_BOUND} of them, newest kept. The event
 * log remains the full record of every earlier step.
 */
export function newObjectHistory(
  before: readonly HistoryEntry[],
  after: readonly HistoryEntry[],
): readonly HistoryEntry[] {
  const appended = after.length >= before.length ? after.slice(before.length) : after;
  return appended.length > HISTORY_BOUND ? appended.slice(-HISTORY_BOUND) : appended;
}

/**
 * The object's history with one more step when `rule` makes it a new object (MTG 400.7,
 * FAB rule:become_new_object); unchanged when `rule` is null.
 */
export function withHistory(
  obj: ObjectState,
  rule: string | null,
  from: string,
  to: string,
  by: MoveBy,
): ObjectState['history'] {
  return rule === null
    ? obj.history
    : [...obj.history, { fromZoneType: from, toZoneType: to, by, reason: rule }];
}
