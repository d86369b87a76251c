/**
 * Structural validation of a move coming from outside: a malformed move is a typed rejection before
 * any rule is consulted, so the planner never throws on bad input. The checks of each move kind are
 * its record's `shape` (`src/rules/moves/`); this file holds the pieces they are made of and
 * {@link firstFailing}, which turns a record's ordered checks into the rejection.
 */
import { INPUT_RULE } from './reject.js';
import type { Rejection, RejectionCode } from '../types/rejection.js';

/** A move as received: an object whose fields are not yet checked. */
export type Obj = Record<string, unknown>;

export const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
export const isStr = (x: unknown): x is string => typeof x === 'string';
export const isStrArray = (x: unknown): x is string[] => Array.isArray(x) && x.every(isStr);
export const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
export const optional = (x: unknown, check: (y: unknown) => boolean): boolean => x === undefined || check(x);

export function selector(x: unknown): boolean {
  if (!isObj(x)) return false;
  if (x.kind === 'ids') return isStrArray(x.ids);
  return (
    (x.kind === 'top' || x.kind === 'bottom' || x.kind === 'random') && isStr(x.zoneId) && isNum(x.count)
  );
}

export function destination(x: unknown): boolean {
  if (!isObj(x)) return false;
  if (x.kind === 'zone') return isStr(x.zoneId);
  return x.kind === 'type' && isStr(x.type) && (x.ownerId === null || isStr(x.ownerId));
}

export function placement(x: unknown): boolean {
  if (!isObj(x)) return false;
  return x.kind === 'top' || x.kind === 'bottom' || (x.kind === 'index' && isNum(x.index));
}

export function cardProps(x: unknown): boolean {
  return (
    isObj(x) &&
    isStr(x.name) &&
    isStrArray(x.types) &&
    isStrArray(x.subtypes) &&
    isStr(x.text) &&
    isObj(x.attributes)
  );
}

export function holder(x: unknown): boolean {
  return isObj(x) && (x.kind === 'object' || x.kind === 'player' || x.kind === 'zone') && isStr(x.id);
}

export const isBy = (x: unknown): boolean => x === 'rule' || x === 'effect';
export const isBool = (x: unknown): boolean => typeof x === 'boolean';
export const shufflePart = (x: unknown): boolean =>
  isObj(x) && (x.from === 'top' || x.from === 'bottom') && isNum(x.count);

/** One structural check: whether it holds, and the code and message of the rejection when not. */
export type ShapeCheck = readonly [ok: boolean, code: RejectionCode, message: string];

/** The checks several move kinds share (a selection, a destination, a placement, `by`, `faceUp`). */
export interface CommonChecks {
  readonly sel: ShapeCheck;
  readonly to: ShapeCheck;
  readonly place: ShapeCheck;
  readonly by: ShapeCheck;
  readonly face: ShapeCheck;
}

/** The shared checks of a move, each with the code and message every kind reports for it. */
export function commonChecks(m: Obj): CommonChecks {
  return {
    sel: [selector(m.select), 'BAD_SELECTOR', 'malformed selector'],
    to: [destination(m.to), 'UNKNOWN_ZONE', 'malformed destination'],
    place: [placement(m.placement), 'BAD_PLACEMENT', 'malformed placement'],
    by: [isBy(m.by), 'BAD_SELECTOR', "by must be 'rule' or 'effect'"],
    face: [optional(m.faceUp, isBool), 'BAD_PLACEMENT', 'faceUp must be a boolean'],
  };
}

/** A move that is not an object, or of no known kind. */
export const notAMove: Rejection = {
  code: 'BAD_SELECTOR',
  rule: INPUT_RULE,
  message: 'Move must be an object',
};
export const unknownKind: Rejection = {
  code: 'BAD_SELECTOR',
  rule: INPUT_RULE,
  message: 'Unknown move kind',
};

/** Checks, in order, returning the first failing one as a rejection citing the input rule. */
export function firstFailing(checks: readonly ShapeCheck[]): Rejection | null {
  const failed = checks.find(([ok]) => !ok);
  return failed ? { code: failed[1], rule: INPUT_RULE, message: failed[2] } : null;
}
