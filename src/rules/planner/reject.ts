/**
 * Typed rejections. `plan` never throws for bad input: it returns `{ ok: false, rejection }`.
 * Inside the planner a failing step throws a {@link Rejected} (to leave a move half planned at
 * once, all or nothing), and `planWith` catches it: no caller outside the planner sees one thrown.
 */
import type { Rejection, RejectionCode } from '../types/rejection.js';

/** Thrown inside the planner only, caught by `planWith`: a planning step failed with a typed rejection. */
export class Rejected {
  constructor(readonly rejection: Rejection) {}
}

/**
 * Builds a rejection to throw inside the planner. A message names objects, zones and players as
 * the caller sees them (`Draft.labels`, `src/rules/labels.ts`): a card's name only where the caller
 * may see it, never an id, and bounds as the ruleset states them.
 */
export function reject(
  code: RejectionCode,
  rule: string,
  message: string,
  extra: Pick<Rejection, 'awaitedSeats'> = {},
): Rejected {
  return new Rejected({ code, rule, message, ...extra });
}

/**
 * An id the caller gave that names nothing in this game. The message says which field, not the id:
 * the caller has the id, and a message carries none (an old id of a re-minted object, MTG 400.7,
 * is one that names nothing now).
 */
export function unknownId(
  code: 'UNKNOWN_OBJECT' | 'UNKNOWN_ZONE' | 'UNKNOWN_PLAYER',
  field: string,
): Rejected {
  const what = code === 'UNKNOWN_OBJECT' ? 'object' : code === 'UNKNOWN_ZONE' ? 'zone' : 'player';
  return reject(code, INPUT_RULE, `No ${what} of this game has the id given in ${field}.`);
}

/**
 * Every rejection code, once. The `Record` makes the compiler demand an entry for a new code, and
 * the schema test then demands its value in `enum InvalidMoveReason` (src/schema/errors.graphql).
 */
const REJECTION_CODE_SET: Record<RejectionCode, true> = {
  UNKNOWN_OBJECT: true,
  UNKNOWN_ZONE: true,
  UNKNOWN_ZONE_TYPE: true,
  UNKNOWN_PLAYER: true,
  BAD_SELECTOR: true,
  BAD_PLACEMENT: true,
  ZONE_FULL: true,
  NOT_ADMITTED: true,
  ORDER_LOCKED: true,
  FACE_UP_NOT_ALLOWED: true,
  ZONE_NOT_EMPTY: true,
  ZONE_REQUIRED: true,
  NOT_A_HOST: true,
  NOT_ATTACHED: true,
  NOT_A_LAYER: true,
  BAD_ORDER: true,
  MOVE_FAILED: true,
  NO_STATUSES: true,
  UNKNOWN_STATUS: true,
  STATUS_NOT_IN_ZONE: true,
  UNKNOWN_COUNTER_KIND: true,
  BAD_KIND_NAME: true,
  COUNTER_OUT_OF_RANGE: true,
  TOO_MANY_COUNTER_KINDS: true,
  UNKNOWN_PHASE: true,
  BAD_RESULT: true,
  NO_RANDOMIZER: true,
  BAD_ROLL: true,
  BAD_ENTROPY: true,
  AWAITING_ENTROPY: true,
  BAD_REWIND: true,
  REWIND_UNAVAILABLE: true,
  REWIND_CROSSES_GAME_END: true,
  NO_CLOCK: true,
  CLOCK_NOT_STARTED: true,
  CLOCK_ALREADY_STARTED: true,
  CLOCK_STOPPED: true,
  CLOCK_PAUSED: true,
  CLOCK_NOT_PAUSED: true,
  NOT_RUNNING_SEAT: true,
  CLOCK_RAN_OUT: true,
  BAD_CLOCK_TIME: true,
  TAKEBACK_NOT_OWN_MOVE: true,
  TAKEBACK_BARRIER: true,
  BAD_TAKEBACK: true,
  TAKEBACK_SEATS_ONLY: true,
  TAKEBACK_PENDING: true,
  TAKEBACK_LIMIT: true,
  TAKEBACK_NOT_PENDING: true,
  TAKEBACK_OWN_REQUEST: true,
  TAKEBACK_ALREADY_ACCEPTED: true,
};
/** Every rejection code, for the schema test that checks enum InvalidMoveReason. */
export const REJECTION_CODES = Object.keys(REJECTION_CODE_SET) as readonly RejectionCode[];

/** Where a rejection is about input shape rather than a game rule. */
export const INPUT_RULE = 'input';
