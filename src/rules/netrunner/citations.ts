/** Netrunner's citations of the generic planner's actions (chapter chpt_game_zones). */
import type { GameCitations } from '../types.js';

/** Which Netrunner rule each generic planner action cites. */
export const NR_CITE: GameCitations = {
  arrivalOrder: 'NR rule_deck_ordered',
  reveal: 'NR rule_reveal_from_hidden',
  shuffle: 'NR rule_deck_ordered',
  outside: 'NR rule_outside_game',
  stack: 'NR rule_zone_types',
  host: 'NR rule_hosted_object_location',
  zoneCreated: 'NR rule_zone_types',
  zoneRemoved: 'NR rule_zone_types',
  ownerChooses: 'NR rule_player_zones',
  effectController: 'NR rule_player_zones',
  missingZone: 'NR rule_zone_types',
  ownerArrangement: 'NR rule_location',
  layerAdded: ['NR rule_zone_types'],
  layerCeases: 'NR rule_zone_types',
  apnap: null,
  flip: null,
  clear: null,
};
