/**
 * Checks more than one move family makes, written once. Each throws a {@link Rejected} (caught by
 * `planWith`) when the move breaks the rule it cites. The shape of a move (`by`, `faceUp` and the
 * other field types) is checked before planning, in `shape.ts`.
 */
import type { Draft } from './draft.js';
import { INPUT_RULE, reject, unknownId } from './reject.js';
import type { ZoneTypeSpec } from '../types/catalog.js';
import type { Placement } from '../types/selection.js';
import type { ZoneState } from '../types/state.js';

/** A zone type that never holds face-up objects (libraries, decks, hands) refuses a face-up request. */
export function requireFaceUpAllowed(d: Draft, zone: ZoneState, zoneType: ZoneTypeSpec): void {
  if (!zoneType.allowsFaceUp)
    throw reject(
      'FACE_UP_NOT_ALLOWED',
      zoneType.rules[0] ?? INPUT_RULE,
      `Objects in ${d.labels.zone(zone)} are face down.`,
    );
}

/** MTG 405.2, FAB sec:stack_zone: objects enter a stack only on top. */
export function requireStackTop(d: Draft, zoneType: ZoneTypeSpec, placement: Placement): void {
  if (zoneType.isStack && placement.kind !== 'top')
    throw reject('BAD_PLACEMENT', d.spec.cite.stack, 'Objects enter the stack on top');
}

/** An index placement is a non-negative integer; the kind is one of top, bottom, index. */
export function validatePlacement(p: Placement): void {
  if (p.kind === 'index' && !(Number.isInteger(p.index) && p.index >= 0)) {
    throw reject('BAD_PLACEMENT', INPUT_RULE, `Index must be a non-negative integer, got ${String(p.index)}`);
  }
  if (p.kind !== 'top' && p.kind !== 'bottom' && p.kind !== 'index')
    throw reject('BAD_PLACEMENT', INPUT_RULE, 'Unknown placement');
}

/**
 * The position objects are inserted at among `remaining` top-level objects of `zone`. An index past
 * the end goes to the bottom where the game says so (MTG 401.8, cited), and is refused elsewhere.
 */
export function insertionIndex(
  d: Draft,
  zone: ZoneState,
  zoneType: ZoneTypeSpec,
  placement: Placement,
  remaining: number,
): number {
  if (placement.kind === 'top') return 0;
  if (placement.kind === 'bottom' || placement.index <= remaining)
    return placement.kind === 'bottom' ? remaining : placement.index;
  const toBottom = d.hooks.deepIndexToBottom(zoneType);
  if (toBottom === null)
    throw reject(
      'BAD_PLACEMENT',
      INPUT_RULE,
      `There are ${remaining} objects in ${d.labels.zone(zone)}: index ${placement.index} is out of range.`,
    );
  d.cite(toBottom);
  return remaining;
}

/** The acting player, owner or controller named by a move is a player of the game. */
export function requirePlayer(d: Draft, id: string): void {
  if (!d.isPlayer(id)) throw unknownId('UNKNOWN_PLAYER', 'a player field');
}
