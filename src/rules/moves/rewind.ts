/**
 * The record of a judge's rewind (Magic Infraction Procedure Guide 1.4, "Backing Up"): the game
 * returns to the state after an earlier event, as one GAME_REWOUND event. Only a judge rewinds (an
 * admin, or the game's referee standing as judge); a seat asks the others for a takeback instead.
 */
import { planRewind } from '../planner/rewind.js';
import { isStr } from '../planner/shape.js';
import { refusal } from '../policy.js';
import { moveRecord } from './record.js';

/** The longest reason a rewind may give. */
export const MAX_REWIND_REASON = 500;

const isSeq = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 1;

export const rewind = moveRecord({
  kind: 'rewind',
  events: ['GAME_REWOUND'],
  shape: (m) => [
    [isSeq(m.toSeq), 'BAD_REWIND', 'toSeq must be the seq of an event (1 or more)'],
    [
      m.mode === 'EXACT' || m.mode === 'RANDOMIZE_UNKNOWN',
      'BAD_REWIND',
      'mode must be EXACT or RANDOMIZE_UNKNOWN',
    ],
    [
      isStr(m.reason) && m.reason.trim().length > 0 && m.reason.length <= MAX_REWIND_REASON,
      'BAD_REWIND',
      `reason must be 1 to ${MAX_REWIND_REASON} characters`,
    ],
  ],
  policy: () => refusal('REFEREE_ONLY', 'Only a judge (an admin, or the referee) rewinds a game.'),
  plan: planRewind,
});
