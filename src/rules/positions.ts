/**
 * Positions within zones, derived from sort keys: top-level objects
 * (hostKey === null) are ordered by `sortKey` ascending, position 0 = top.
 */
import type { ZoneTypeSpec } from './types/catalog.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { GameState, ObjectState } from './types/state.js';

/** Gap between neighbouring sort keys when inserting at the top or bottom. */
export const SORT_KEY_STEP = 1024;

/** Orders objects by sort key, breaking ties by internal key so the order is total. */
export function compareBySortKey(a: ObjectState, b: ObjectState): number {
  return a.sortKey - b.sortKey || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** The zone's top-level objects, top first (MTG 401.3 deck location, NR rule_deck_location). */
export function zoneObjects(state: Pick<GameState, 'objects'>, zoneId: string): ObjectState[] {
  return state.objects.filter((o) => o.zoneId === zoneId && o.hostKey === null).sort(compareBySortKey);
}

/**
 * Position of a top-level object, 0 = top; null for hosted objects, whose location is their host
 * (NR rule_hosted_object_location). NR rule_deck_location: distance from the top of the deck.
 */
export function positionOf(state: Pick<GameState, 'objects'>, obj: ObjectState): number | null {
  if (obj.hostKey !== null) return null;
  const index = zoneObjects(state, obj.zoneId).findIndex((o) => o.key === obj.key);
  return index < 0 ? null : index;
}

/** Whether a zone type is a stack whose entries carry layer numbers. */
export function isStackType(zoneType: ZoneTypeSpec | undefined): boolean {
  return zoneType?.isStack === true;
}

/**
 * Layer number of an object on a stack: `count - position`, so the top layer is N and the bottom
 * layer is 1. Removing layer N renumbers every layer above it to M-1 automatically
 * (FAB sec:stack_zone "becomes layer N+1", "layer M becomes layer M-1"; MTG 405.2).
 * Null when the object is not a top-level object in a stack zone.
 */
export function layerNumber(
  spec: RulesetSpec,
  state: Pick<GameState, 'objects' | 'zones'>,
  obj: ObjectState,
): number | null {
  const zone = state.zones.find((z) => z.id === obj.zoneId);
  const type = zone ? spec.zoneTypes.find((t) => t.type === zone.type) : undefined;
  if (!isStackType(type) || obj.hostKey !== null) return null;
  const ordered = zoneObjects(state, obj.zoneId);
  const index = ordered.findIndex((o) => o.key === obj.key);
  return index < 0 ? null : ordered.length - index;
}

/**
 * Sort keys for `n` objects inserted, top first, at position `at` among `existing` keys (ascending).
 * Keys stay integers; returns null when the gap is too small and the zone must be renumbered.
 */
export function insertionKeys(existing: readonly number[], at: number, n: number): number[] | null {
  const keys: number[] = [];
  if (existing.length === 0) {
    for (let j = 0; j < n; j++) keys.push(j * SORT_KEY_STEP);
  } else if (at <= 0) {
    const first = existing[0] as number;
    for (let j = 0; j < n; j++) keys.push(first - SORT_KEY_STEP * (n - j));
  } else if (at >= existing.length) {
    const last = existing[existing.length - 1] as number;
    for (let j = 0; j < n; j++) keys.push(last + SORT_KEY_STEP * (j + 1));
  } else {
    const a = existing[at - 1] as number;
    const b = existing[at] as number;
    for (let j = 0; j < n; j++) keys.push(a + Math.floor(((b - a) * (j + 1)) / (n + 1)));
    let prev = a;
    for (const k of keys) {
      if (!(k > prev)) return null;
      prev = k;
    }
    if (!(prev < b)) return null;
  }
  return keys.every(Number.isSafeInteger) ? keys : null;
}

/** Fresh evenly spaced keys for a whole zone of `n` objects (renumbering). */
export function renumberedKeys(n: number): number[] {
  return Array.from({ length: n }, (_, i) => (i + 1) * SORT_KEY_STEP);
}

/** Position and zone size of every top-level object, computed once for a whole state. */
export type PositionIndex = ReadonlyMap<string, { readonly position: number; readonly count: number }>;

/** Builds a {@link PositionIndex} keyed by internal object key, in O(n log n). */
export function indexPositions(state: Pick<GameState, 'objects'>): PositionIndex {
  const byZone = new Map<string, ObjectState[]>();
  for (const o of state.objects) {
    if (o.hostKey !== null) continue;
    const list = byZone.get(o.zoneId);
    if (list) list.push(o);
    else byZone.set(o.zoneId, [o]);
  }
  const index = new Map<string, { position: number; count: number }>();
  for (const list of byZone.values()) {
    list.sort(compareBySortKey);
    list.forEach((o, position) => index.set(o.key, { position, count: list.length }));
  }
  return index;
}
