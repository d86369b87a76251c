/**
 * Structural validation of a move coming from outside: a malformed move is a
 * typed rejection before any rule is consulted, so the planner never throws on bad input.
 */
import { INPUT_RULE } from './reject.js';
import type { Rejection, RejectionCode } from '../types/rejection.js';

type Obj = Record<string, unknown>;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isStr = (x: unknown): x is string => typeof x === 'string';
const isStrArray = (x: unknown): x is string[] => Array.isArray(x) && x.every(isStr);
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const optional = (x: unknown, check: (y: unknown) => boolean): boolean => x === undefined || check(x);

function selector(x: unknown): boolean {
  if (!isObj(x)) return false;
  if (x.kind === 'ids') return isStrArray(x.ids);
  return (
    (x.kind === 'top' || x.kind === 'bottom' || x.kind === 'random') && isStr(x.zoneId) && isNum(x.count)
  );
}

function destination(x: unknown): boolean {
  if (!isObj(x)) return false;
  if (x.kind === 'zone') return isStr(x.zoneId);
  return x.kind === 'type' && isStr(x.type) && (x.ownerId === null || isStr(x.ownerId));
}

function placement(x: unknown): boolean {
  if (!isObj(x)) return false;
  return x.kind === 'top' || x.kind === 'bottom' || (x.kind === 'index' && isNum(x.index));
}

function cardProps(x: unknown): boolean {
  return (
    isObj(x) &&
    isStr(x.name) &&
    isStrArray(x.types) &&
    isStrArray(x.subtypes) &&
    isStr(x.text) &&
    isObj(x.attributes)
  );
}

function holder(x: unknown): boolean {
  return isObj(x) && (x.kind === 'object' || x.kind === 'player' || x.kind === 'zone') && isStr(x.id);
}

const isBy = (x: unknown): boolean => x === 'rule' || x === 'effect';
const isBool = (x: unknown): boolean => typeof x === 'boolean';
const shufflePart = (x: unknown): boolean =>
  isObj(x) && (x.from === 'top' || x.from === 'bottom') && isNum(x.count);

/** Checks, in order, returning the first failing one. */
function first(checks: readonly [boolean, RejectionCode, string][]): Rejection | null {
  const failed = checks.find(([ok]) => !ok);
  return failed ? { code: failed[1], rule: INPUT_RULE, message: failed[2] } : null;
}

/** A typed rejection for a structurally malformed move, or null when its shape is valid. */
export function checkMoveShape(move: unknown): Rejection | null {
  if (!isObj(move)) return { code: 'BAD_SELECTOR', rule: INPUT_RULE, message: 'Move must be an object' };
  const m = move;
  const sel: [boolean, RejectionCode, string] = [selector(m.select), 'BAD_SELECTOR', 'malformed selector'];
  const to: [boolean, RejectionCode, string] = [destination(m.to), 'UNKNOWN_ZONE', 'malformed destination'];
  const place: [boolean, RejectionCode, string] = [
    placement(m.placement),
    'BAD_PLACEMENT',
    'malformed placement',
  ];
  const by: [boolean, RejectionCode, string] = [isBy(m.by), 'BAD_SELECTOR', "by must be 'rule' or 'effect'"];
  const face: [boolean, RejectionCode, string] = [
    optional(m.faceUp, isBool),
    'BAD_PLACEMENT',
    'faceUp must be a boolean',
  ];
  switch (m.kind) {
    case 'moveObjects':
      return first([
        sel,
        to,
        place,
        by,
        face,
        [optional(m.order, isStrArray), 'BAD_ORDER', 'order must be a list of ids'],
        [optional(m.randomOrder, isBool), 'BAD_ORDER', 'randomOrder must be a boolean'],
        [optional(m.replacedFrom, destination), 'UNKNOWN_ZONE', 'malformed replacedFrom'],
        [optional(m.requiresAttribute, isBool), 'BAD_SELECTOR', 'requiresAttribute must be a boolean'],
        [optional(m.activePlayerId, isStr), 'UNKNOWN_PLAYER', 'activePlayerId must be a player id'],
      ]);
    case 'turnFace':
      return first([sel, [isBool(m.faceUp), 'BAD_PLACEMENT', 'faceUp must be a boolean']]);
    case 'reveal':
      return first([
        sel,
        [m.to === 'all' || isStrArray(m.to), 'UNKNOWN_PLAYER', "to must be player ids or 'all'"],
      ]);
    case 'endReveal':
    case 'removeFromGame':
      return first([sel]);
    case 'shuffle':
      return first([
        [isStr(m.zoneId), 'UNKNOWN_ZONE', 'zoneId must be a string'],
        [optional(m.part, shufflePart), 'BAD_SELECTOR', "part must be { from: 'top' | 'bottom', count }"],
      ]);
    case 'removeZone':
      return first([[isStr(m.zoneId), 'UNKNOWN_ZONE', 'zoneId must be a string']]);
    case 'reorder':
      return first([
        [isStr(m.zoneId), 'UNKNOWN_ZONE', 'zoneId must be a string'],
        [isStrArray(m.order), 'BAD_ORDER', 'order must be a list of ids'],
        by,
      ]);
    case 'createToken':
      return first([
        [cardProps(m.card), 'BAD_SELECTOR', 'malformed card properties'],
        to,
        place,
        [isStr(m.ownerId), 'UNKNOWN_PLAYER', 'ownerId must be a player id'],
        [optional(m.controllerId, isStr), 'UNKNOWN_PLAYER', 'controllerId must be a player id'],
        face,
        [optional(m.count, isNum), 'BAD_SELECTOR', 'count must be a number'],
      ]);
    case 'attach':
      return first([sel, [isStr(m.hostId), 'UNKNOWN_OBJECT', 'hostId must be an id'], by]);
    case 'detach':
      return first([sel, to, place, by, face]);
    case 'createZone':
      return first([
        [isStr(m.type), 'UNKNOWN_ZONE_TYPE', 'type must be a string'],
        [m.ownerId === null || isStr(m.ownerId), 'UNKNOWN_PLAYER', 'ownerId must be a player id or null'],
      ]);
    case 'addLayer':
      return first([
        [cardProps(m.card), 'BAD_SELECTOR', 'malformed card properties'],
        [isStr(m.controllerId), 'UNKNOWN_PLAYER', 'controllerId must be a player id'],
      ]);
    case 'removeLayer':
      return first([
        [isStr(m.layerId), 'UNKNOWN_OBJECT', 'layerId must be an id'],
        by,
        [optional(m.to, destination), 'UNKNOWN_ZONE', 'malformed destination'],
      ]);
    case 'bringIntoGame':
      return first([
        [Array.isArray(m.cards) && m.cards.every(cardProps), 'BAD_SELECTOR', 'malformed card properties'],
        [isStr(m.ownerId), 'UNKNOWN_PLAYER', 'ownerId must be a player id'],
        to,
        place,
        face,
      ]);
    case 'setStatus':
      return first([
        sel,
        [isStr(m.name), 'BAD_KIND_NAME', 'name must be a string'],
        [isStr(m.value), 'UNKNOWN_STATUS', 'value must be a string'],
      ]);
    case 'changeCounters':
      return first([
        [holder(m.holder), 'BAD_SELECTOR', 'holder must name exactly one object, player or zone'],
        [isStr(m.counter), 'BAD_KIND_NAME', 'kind must be a string'],
        [
          m.op === 'add' || m.op === 'remove' || m.op === 'set',
          'BAD_SELECTOR',
          'op must be add, remove or set',
        ],
        [isNum(m.amount), 'COUNTER_OUT_OF_RANGE', 'amount must be a number'],
      ]);
    case 'moveCounters':
      return first([
        [holder(m.from) && holder(m.to), 'BAD_SELECTOR', 'from and to must each name one holder'],
        [isStr(m.counter), 'BAD_KIND_NAME', 'kind must be a string'],
        [isNum(m.amount), 'COUNTER_OUT_OF_RANGE', 'amount must be a number'],
      ]);
    case 'advanceTurn':
      return first([[optional(m.activePlayerId, isStr), 'UNKNOWN_PLAYER', 'activePlayerId must be an id']]);
    case 'setPhase':
      return first([[isStr(m.phase), 'UNKNOWN_PHASE', 'phase must be a string']]);
    case 'concede':
      return first([[isStr(m.playerId), 'UNKNOWN_PLAYER', 'playerId must be a player id']]);
    case 'endGame':
      return first([
        [isStrArray(m.winnerIds), 'BAD_RESULT', 'winnerIds must be player ids'],
        [isBool(m.draw), 'BAD_RESULT', 'draw must be a boolean'],
        [isStr(m.reason), 'BAD_RESULT', 'reason must be a string'],
      ]);
    case 'rollDice':
      return first([
        [isNum(m.sides), 'BAD_ROLL', 'sides must be a number'],
        [isNum(m.count), 'BAD_ROLL', 'count must be a number'],
        [m.seenBy === 'all' || m.seenBy === 'roller', 'BAD_ROLL', 'seenBy must be all or roller'],
      ]);
    case 'flipCoin':
      return first([
        [isNum(m.count), 'BAD_ROLL', 'count must be a number'],
        [m.seenBy === 'all' || m.seenBy === 'roller', 'BAD_ROLL', 'seenBy must be all or roller'],
      ]);
    case 'addEntropy':
      return first([[isStr(m.data), 'BAD_ENTROPY', 'data must be a hex string']]);
    case 'startClock':
      return first([[optional(m.playerId, isStr), 'UNKNOWN_PLAYER', 'playerId must be an id']]);
    case 'passClock':
      return first([[optional(m.toPlayerId, isStr), 'UNKNOWN_PLAYER', 'toPlayerId must be an id']]);
    case 'pauseClock':
    case 'resumeClock':
      return first([[isStr(m.reason), 'BAD_CLOCK_TIME', 'reason must be a string']]);
    case 'addClockTime':
      return first([
        [optional(m.playerId, isStr), 'UNKNOWN_PLAYER', 'playerId must be an id'],
        [isNum(m.ms), 'BAD_CLOCK_TIME', 'ms must be a number'],
      ]);
    default:
      return { code: 'BAD_SELECTOR', rule: INPUT_RULE, message: 'Unknown move kind' };
  }
}
