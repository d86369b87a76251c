/** A small builder so each game's catalog (`src/rules/<game>/catalog.ts`) states only what differs from a zone type's defaults. */
import type { ObjectMoveKind, ZoneTypeSpec } from './types.js';

type Required = Pick<ZoneTypeSpec, 'type' | 'name' | 'visibility' | 'scope' | 'rules'>;

/** Defaults: public face-up zone, one per player (or shared), unordered, unbounded, admits all. */
export function zoneType(spec: Required & Partial<ZoneTypeSpec>): ZoneTypeSpec {
  const isPublic = spec.visibility === 'public';
  return {
    faceDownSeenBy: isPublic ? 'nobody' : spec.visibility === 'secret' ? 'owner' : 'nobody',
    perPlayer: spec.scope === 'player' ? 1 : 0,
    ordered: false,
    ownerMayReorder: true,
    capacity: null,
    defaultFaceUp: isPublic,
    allowsFaceUp: true,
    arena: false,
    isStack: false,
    admits: [],
    ...spec,
  };
}

/**
 * A pile whose order is rules-relevant and kept: only an effect changes it (MTG 400.5, NR
 * rule_deck_ordered, FAB ordered piles). Spread into a zone type.
 */
export const LOCKED_ORDER = { ordered: true, ownerMayReorder: false } as const;

/**
 * The stack (MTG 405, FAB sec:stack_zone): one shared public zone of layers, each entering on top,
 * its order kept. `spec` adds the game's own admission, citations and face-down policy.
 */
export function stackZone(
  spec: Pick<ZoneTypeSpec, 'admits' | 'rules'> & Partial<ZoneTypeSpec>,
): ZoneTypeSpec {
  return zoneType({
    type: 'stack',
    name: 'Stack',
    visibility: 'public',
    scope: 'shared',
    ...LOCKED_ORDER,
    isStack: true,
    ...spec,
  });
}

/**
 * Every move on existing objects. All three built-in games let a seat make any of them on another
 * player's objects it can see (`SeatPolicy.othersVisible`); each catalog says why, in its rules.
 */
export const EVERY_OBJECT_MOVE: readonly ObjectMoveKind[] = [
  'moveObjects',
  'turnFace',
  'reveal',
  'endReveal',
  'attach',
  'detach',
  'removeLayer',
  'removeFromGame',
];
