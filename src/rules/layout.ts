/**
 * Admission of a whole layout: a game's starting state, or any state (the property tests' check
 * that no object sits where its rules forbid it). The same checks moves make, with the same typed
 * reasons: capacity (ZONE_FULL), each game's admission hook (NOT_ADMITTED / ZONE_FULL: MTG 400.4a,
 * 405.1; FAB sec:hero_zone, sec:head_zone, sec:deck_zone, rule:2h_subtype, ...), the owner's own
 * library, hand and graveyard (MTG 400.3), and hosted objects only where a host may keep them.
 */
import { admission, Occupancy } from './planner/destination.js';
import { Draft } from './planner/draft.js';
import { mayHostIn } from './planner/hosted.js';
import type { RejectionCode } from './types/rejection.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { GameState } from './types/state.js';

/** Why a layout is refused: the object (index into `state.objects`) and the reason a move would give. */
export interface LayoutRefusal {
  readonly index: number;
  readonly code: Extract<RejectionCode, 'NOT_ADMITTED' | 'ZONE_FULL'>;
  readonly rule: string;
  readonly message: string;
}

const NO_CONTEXT = {
  newId: () => '',
  randomAct: () => () => 0,
  randomScheme: null,
  actorId: null,
  foldEntropy: () => '',
} as const;

/**
 * Checks every object of `state` as if the objects arrived one by one in `state.objects` order (a
 * starting layout lists each player's cards in deck order), and returns the first refusal, or null
 * when every object may be where it is. Messages name zone types and the object's index, never a
 * card. Pure; never throws for a well-formed state.
 */
export function admitStartingLayout(spec: RulesetSpec, state: GameState): LayoutRefusal | null {
  const d = new Draft(spec, state, NO_CONTEXT);
  const occ = new Occupancy(d, new Set(state.objects.map((o) => o.key)));
  const byKey = new Map(state.objects.map((o) => [o.key, o]));
  for (const [index, obj] of state.objects.entries()) {
    const zone = d.zoneOf(obj);
    const zoneType = d.typeOf(zone);
    if (obj.hostKey !== null) {
      const host = byKey.get(obj.hostKey);
      if (!host || host.zoneId !== obj.zoneId || !mayHostIn(zone, zoneType, obj))
        return {
          index,
          code: 'NOT_ADMITTED',
          rule: d.spec.cite.host,
          message: `Object ${index} cannot be hosted in zone ${zone.type}`,
        };
      continue;
    }
    const redirect = d.hooks.redirectOwner(obj, zone.type, zone.ownerId);
    if (redirect)
      return {
        index,
        code: 'NOT_ADMITTED',
        rule: redirect.rule,
        message: `Object ${index} can only be in its owner's ${zone.type}`,
      };
    const failure = admission(d, obj, zone, zoneType, occ);
    if (failure)
      return {
        index,
        code: failure.code === 'ZONE_FULL' ? 'ZONE_FULL' : 'NOT_ADMITTED',
        rule: failure.rule,
        message: `Zone ${zone.type} cannot hold object ${index} (${failure.rule})`,
      };
    occ.add(zone.id, obj);
  }
  return null;
}
