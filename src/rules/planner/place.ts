/** Inserting objects into a zone's order with stable sort keys (positions derive from them, see `positions.ts`). */
import type { Draft } from './draft.js';
import { insertionKeys, renumberedKeys } from '../positions.js';
import type { ObjectState, ZoneState } from '../types/state.js';

/**
 * Puts `items` (already pointing at `zone`, top first) at position `at` among the zone's other
 * top-level objects. Other objects keep their sort keys unless the gap is exhausted, in which case
 * the whole zone is renumbered (those objects appear in transitions, keeping their ids).
 */
export function insertInto(d: Draft, zone: ZoneState, items: readonly ObjectState[], at: number): void {
  const moving = new Set(items.map((o) => o.key));
  const remaining = d.topLevel(zone.id).filter((o) => !moving.has(o.key));
  const pos = Math.max(0, Math.min(at, remaining.length));
  const keys = insertionKeys(
    remaining.map((o) => o.sortKey),
    pos,
    items.length,
  );
  const write = (o: ObjectState) => (d.has(o.key) ? d.put(o) : d.create(o));
  if (keys) {
    items.forEach((o, j) => write({ ...o, zoneId: zone.id, hostKey: null, sortKey: keys[j] as number }));
    return;
  }
  const full = [...remaining.slice(0, pos), ...items, ...remaining.slice(pos)];
  const fresh = renumberedKeys(full.length);
  full.forEach((o, j) => {
    const sortKey = fresh[j] as number;
    if (moving.has(o.key)) write({ ...o, zoneId: zone.id, hostKey: null, sortKey });
    else if (o.sortKey !== sortKey) d.put({ ...o, sortKey }, 'renumber');
  });
}
