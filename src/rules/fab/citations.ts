/** Flesh and Blood's citations (CR chapter 3): named statements and the generic planner's actions. */
import type { GameCitations } from '../types.js';

/** FAB statements cited by the hooks, some without their own anchor, keyed to the section that states them. */
export const FAB_CITATION = {
  sameZone: 'FAB sec:zones_general (origin and destination the same: no move)',
  becomeNew: 'FAB rule:become_new_object',
  clear: 'FAB rule:clear_definition',
  under: 'FAB rule:under_definition',
  arena: 'FAB rule:arena',
  impossible: 'FAB sec:zones_general (rule clears, effect fails)',
  flip: 'FAB rule:flip_step',
  arsenal: 'FAB sec:arsenal_zone',
  objectVisibility: 'FAB rule:object_visibility',
} as const;

/** Which FAB rule each generic planner action cites. */
export const FAB_CITE: GameCitations = {
  arrivalOrder: 'FAB sec:zones_general',
  reveal: FAB_CITATION.objectVisibility,
  shuffle: 'FAB sec:deck_zone',
  outside: 'FAB sec:zones_general',
  stack: 'FAB sec:stack_zone',
  host: FAB_CITATION.under,
  zoneCreated: 'FAB sec:zones_general (zones of the same type are independent of their creation)',
  zoneRemoved: 'FAB sec:zones_general (a zone ceasing to exist)',
  ownerChooses: 'FAB sec:zones_general (owner chooses among zones of a type)',
  effectController: 'FAB sec:zones_general (zones of the effect controller)',
  missingZone: FAB_CITATION.impossible,
  ownerArrangement: 'FAB sec:zones_general',
  layerAdded: ['FAB sec:stack_zone'],
  layerCeases: FAB_CITATION.clear,
  apnap: null,
  flip: FAB_CITATION.flip,
  clear: FAB_CITATION.clear,
};
