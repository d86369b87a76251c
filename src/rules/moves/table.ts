/**
 * Records of the moves on the table beyond zones: statuses (MTG 110.5), counters (MTG 122.1,
 * 119.3), turns and phases (MTG 500.1), concessions (MTG 104.3a) and results (MTG 104.1-104.4).
 */
import { holder, isNum, isStr, isStrArray, isBool, optional } from '../planner/shape.js';
import {
  planAdvanceTurn,
  planChangeCounters,
  planConcede,
  planEndGame,
  planMoveCounters,
  planSetPhase,
  planSetStatus,
} from '../planner/table.js';
import { refusal } from '../policy.js';
import { moveRecord } from './record.js';

export const setStatus = moveRecord({
  kind: 'setStatus',
  events: ['STATUS_CHANGED'],
  shape: (m, { sel }) => [
    sel,
    [isStr(m.name), 'BAD_KIND_NAME', 'name must be a string'],
    [isStr(m.value), 'UNKNOWN_STATUS', 'value must be a string'],
  ],
  policy: (p, move) => p.selection(move.select, 'setStatus').refusal,
  plan: planSetStatus,
});

export const changeCounters = moveRecord({
  kind: 'changeCounters',
  events: ['COUNTERS_CHANGED'],
  shape: (m) => [
    [holder(m.holder), 'BAD_SELECTOR', 'holder must name exactly one object, player or zone'],
    [isStr(m.counter), 'BAD_KIND_NAME', 'kind must be a string'],
    [m.op === 'add' || m.op === 'remove' || m.op === 'set', 'BAD_SELECTOR', 'op must be add, remove or set'],
    [isNum(m.amount), 'COUNTER_OUT_OF_RANGE', 'amount must be a number'],
  ],
  policy: (p, move) => p.holder(move.holder),
  plan: planChangeCounters,
});

export const moveCounters = moveRecord({
  kind: 'moveCounters',
  events: ['COUNTERS_CHANGED'],
  shape: (m) => [
    [holder(m.from) && holder(m.to), 'BAD_SELECTOR', 'from and to must each name one holder'],
    [isStr(m.counter), 'BAD_KIND_NAME', 'kind must be a string'],
    [isNum(m.amount), 'COUNTER_OUT_OF_RANGE', 'amount must be a number'],
  ],
  policy: (p, move) => p.holder(move.from) ?? p.holder(move.to),
  plan: planMoveCounters,
});

export const advanceTurn = moveRecord({
  kind: 'advanceTurn',
  events: ['TURN_CHANGED'],
  shape: (m) => [[optional(m.activePlayerId, isStr), 'UNKNOWN_PLAYER', 'activePlayerId must be an id']],
  policy: (p, move) =>
    move.activePlayerId !== undefined
      ? refusal('REFEREE_ONLY', 'Only the referee or a judge chooses the next active player.')
      : p.active(),
  plan: planAdvanceTurn,
});

export const setPhase = moveRecord({
  kind: 'setPhase',
  events: ['TURN_CHANGED'],
  shape: (m) => [[isStr(m.phase), 'UNKNOWN_PHASE', 'phase must be a string']],
  policy: (p) => p.active(),
  plan: planSetPhase,
});

export const concede = moveRecord({
  kind: 'concede',
  // The last seat standing wins (MTG 104.2a): the concession then ends the game.
  events: ['PLAYER_CONCEDED', 'GAME_ENDED'],
  shape: (m) => [[isStr(m.playerId), 'UNKNOWN_PLAYER', 'playerId must be a player id']],
  policy: (p, move) =>
    move.playerId === p.seat ? null : refusal('OTHER_PLAYER', 'A seat concedes only for itself.'),
  plan: planConcede,
});

export const endGame = moveRecord({
  kind: 'endGame',
  events: ['GAME_ENDED'],
  shape: (m) => [
    [isStrArray(m.winnerIds), 'BAD_RESULT', 'winnerIds must be player ids'],
    [isBool(m.draw), 'BAD_RESULT', 'draw must be a boolean'],
    [isStr(m.reason), 'BAD_RESULT', 'reason must be a string'],
  ],
  policy: () => refusal('REFEREE_ONLY', 'Only the referee or an admin ends a game with a result.'),
  plan: planEndGame,
});
