/** Magic's citations of the generic planner's actions (CR 303, 400-408). */
import type { GameCitations } from '../types.js';

/** Which Magic rule each generic planner action cites. */
export const MTG_CITE: GameCitations = {
  arrivalOrder: 'MTG 401.4',
  reveal: 'MTG 400.2',
  shuffle: 'MTG 400.12',
  outside: 'MTG 400.11b',
  stack: 'MTG 405.2',
  host: 'MTG 303.4',
  zoneCreated: 'MTG 400.1',
  zoneRemoved: 'MTG 400.1',
  ownerChooses: 'MTG 400.1',
  effectController: 'MTG 400.1',
  missingZone: 'MTG 400.1',
  ownerArrangement: 'MTG 400.5',
  layerAdded: ['MTG 405.1', 'MTG 405.2'],
  layerCeases: 'MTG 405.1',
  apnap: 'MTG 405.3',
  flip: null,
  clear: null,
};
