/** Typed refusals: every refused move names a code and the rule it cites. */
import type { ClockRefusalCode } from '../clock/types.js';

/** Why a move is refused; each has a value in the GraphQL enum InvalidMoveReason. */
export type RejectionCode =
  | 'UNKNOWN_OBJECT'
  | 'UNKNOWN_ZONE'
  | 'UNKNOWN_ZONE_TYPE'
  | 'UNKNOWN_PLAYER'
  | 'BAD_SELECTOR'
  | 'BAD_PLACEMENT'
  | 'ZONE_FULL'
  | 'NOT_ADMITTED'
  | 'ORDER_LOCKED'
  | 'FACE_UP_NOT_ALLOWED'
  | 'ZONE_NOT_EMPTY'
  | 'ZONE_REQUIRED'
  | 'NOT_A_HOST'
  | 'NOT_ATTACHED'
  | 'NOT_A_LAYER'
  | 'BAD_ORDER'
  | 'MOVE_FAILED'
  | 'NO_STATUSES'
  | 'UNKNOWN_STATUS'
  | 'STATUS_NOT_IN_ZONE'
  | 'UNKNOWN_COUNTER_KIND'
  | 'BAD_KIND_NAME'
  | 'COUNTER_OUT_OF_RANGE'
  | 'TOO_MANY_COUNTER_KINDS'
  | 'UNKNOWN_PHASE'
  | 'BAD_RESULT'
  | 'NO_RANDOMIZER'
  | 'BAD_ROLL'
  | 'BAD_ENTROPY'
  | 'AWAITING_ENTROPY'
  | 'BAD_REWIND'
  | 'REWIND_UNAVAILABLE'
  | 'REWIND_CROSSES_GAME_END'
  | Exclude<ClockRefusalCode, 'UNKNOWN_PLAYER'>
  | 'TAKEBACK_NOT_OWN_MOVE'
  | 'TAKEBACK_BARRIER'
  | 'BAD_TAKEBACK'
  | 'TAKEBACK_SEATS_ONLY'
  | 'TAKEBACK_PENDING'
  | 'TAKEBACK_LIMIT'
  | 'TAKEBACK_NOT_PENDING'
  | 'TAKEBACK_OWN_REQUEST'
  | 'TAKEBACK_ALREADY_ACCEPTED';

/** A typed refusal. `message` never names a hidden card: it speaks of ids and zones only. */
export interface Rejection {
  readonly code: RejectionCode;
  /** The rule cited, e.g. `FAB sec:arsenal_zone`, `MTG 400.5`. */
  readonly rule: string;
  readonly message: string;
  /** AWAITING_ENTROPY: the seats whose entropy the game's random acts still wait for. */
  readonly awaitedSeats?: readonly string[];
}
