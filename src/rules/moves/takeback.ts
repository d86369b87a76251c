/**
 * The records of takebacks between seats (issue 41; IPG 1.4, "Backing Up"): a seat asks to take
 * back its own last moves, every other seat still in the game accepts, or one refuses
 * (`src/rules/planner/takeback.ts`). Any seat may ask and answer: the planner decides from the open
 * request, which is public.
 */
import { planAcceptTakeback, planRefuseTakeback, planRequestTakeback } from '../planner/takeback.js';
import { isStr } from '../planner/shape.js';
import { MAX_TAKEBACK_REASON } from '../takeback-state.js';
import { moveRecord } from './record.js';

const isSeq = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 1;

const toSeqCheck = (m: Record<string, unknown>) =>
  [isSeq(m.toSeq), 'BAD_TAKEBACK', 'toSeq must be the seq of an event (1 or more)'] as const;

export const requestTakeback = moveRecord({
  kind: 'requestTakeback',
  events: ['TAKEBACK_REQUESTED'],
  shape: (m) => [
    toSeqCheck(m),
    [
      isStr(m.reason) && m.reason.trim().length > 0 && m.reason.length <= MAX_TAKEBACK_REASON,
      'BAD_TAKEBACK',
      `reason must be 1 to ${MAX_TAKEBACK_REASON} characters`,
    ],
  ],
  policy: () => null,
  plan: planRequestTakeback,
});

export const acceptTakeback = moveRecord({
  kind: 'acceptTakeback',
  events: ['TAKEBACK_ACCEPTED', 'GAME_REWOUND'],
  shape: (m) => [toSeqCheck(m)],
  policy: () => null,
  plan: planAcceptTakeback,
});

export const refuseTakeback = moveRecord({
  kind: 'refuseTakeback',
  events: ['TAKEBACK_REFUSED'],
  shape: (m) => [toSeqCheck(m)],
  policy: () => null,
  plan: planRefuseTakeback,
});
