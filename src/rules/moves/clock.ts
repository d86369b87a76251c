/**
 * Records of the moves that keep time (issue 40): start, pass, pause, resume and a time extension.
 * Whose clock runs is public, so a seat may ask to pass at any time: the planner refuses a seat
 * whose clock does not run (NOT_RUNNING_SEAT). Starting, pausing, resuming and adding time are the
 * referee's and the judges' (MTR 2.5: a judge's time extension), never a seat's.
 */
import {
  planAddClockTime,
  planPassClock,
  planPauseClock,
  planResumeClock,
  planStartClock,
} from '../planner/clock.js';
import { isNum, isStr, optional } from '../planner/shape.js';
import { refusal } from '../policy.js';
import { moveRecord } from './record.js';

const judgesOnly = () =>
  refusal('REFEREE_ONLY', 'Only the referee or a judge starts, pauses, resumes or adds time to the clocks.');

export const startClock = moveRecord({
  kind: 'startClock',
  events: ['CLOCK_CHANGED'],
  shape: (m) => [[optional(m.playerId, isStr), 'UNKNOWN_PLAYER', 'playerId must be an id']],
  policy: judgesOnly,
  plan: planStartClock,
});

export const passClock = moveRecord({
  kind: 'passClock',
  events: ['CLOCK_CHANGED'],
  shape: (m) => [[optional(m.toPlayerId, isStr), 'UNKNOWN_PLAYER', 'toPlayerId must be an id']],
  policy: () => null,
  plan: planPassClock,
});

export const pauseClock = moveRecord({
  kind: 'pauseClock',
  events: ['CLOCK_CHANGED'],
  shape: (m) => [[isStr(m.reason), 'BAD_CLOCK_TIME', 'reason must be a string']],
  policy: judgesOnly,
  plan: planPauseClock,
});

export const resumeClock = moveRecord({
  kind: 'resumeClock',
  events: ['CLOCK_CHANGED'],
  shape: (m) => [[isStr(m.reason), 'BAD_CLOCK_TIME', 'reason must be a string']],
  policy: judgesOnly,
  plan: planResumeClock,
});

export const addClockTime = moveRecord({
  kind: 'addClockTime',
  events: ['CLOCK_CHANGED'],
  shape: (m) => [
    [optional(m.playerId, isStr), 'UNKNOWN_PLAYER', 'playerId must be an id'],
    [isNum(m.ms), 'BAD_CLOCK_TIME', 'ms must be a number'],
  ],
  policy: judgesOnly,
  plan: planAddClockTime,
});
