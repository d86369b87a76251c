/**
 * Every move kind's record (`record.ts`), and what is derived from them: the move kinds, the
 * lookup the shape check, the seat policy and the planner's dispatch share, and the list of event
 * kinds. A move kind is added by writing its record; the checks below make the compiler name each
 * piece still missing (`docs/architecture.md`, "Adding a move").
 */
import type { EventKind } from '../types/events.js';
import type { Move } from '../types/moves.js';
import { addEntropy, flipCoin, rollDice } from './chance.js';
import { addClockTime, passClock, pauseClock, resumeClock, startClock } from './clock.js';
import { addLayer, bringIntoGame, createToken, removeFromGame, removeLayer } from './create.js';
import { endReveal, reveal, turnFace } from './face.js';
import { attach, detach, moveObjects } from './objects.js';
import type { MoveRecord } from './record.js';
import { advanceTurn, changeCounters, concede, endGame, moveCounters, setPhase, setStatus } from './table.js';
import { rewind } from './rewind.js';
import { acceptTakeback, refuseTakeback, requestTakeback } from './takeback.js';
import { createZone, removeZone, reorder, shuffle } from './zones.js';

export type { MoveOf, MoveRecord } from './record.js';

/** Every move kind's record, by kind. */
export const MOVE_RECORDS = {
  moveObjects,
  turnFace,
  reveal,
  endReveal,
  shuffle,
  reorder,
  createToken,
  attach,
  detach,
  createZone,
  removeZone,
  addLayer,
  removeLayer,
  bringIntoGame,
  removeFromGame,
  setStatus,
  changeCounters,
  moveCounters,
  advanceTurn,
  setPhase,
  concede,
  endGame,
  rollDice,
  flipCoin,
  addEntropy,
  rewind,
  requestTakeback,
  acceptTakeback,
  refuseTakeback,
  startClock,
  passClock,
  pauseClock,
  resumeClock,
  addClockTime,
};

/** Every move kind: one per record. */
export type MoveKind = keyof typeof MOVE_RECORDS;

/** `true`, or (a compile error naming them) the kinds `T` should not hold, under the heading `what`. */
type NoneOf<T, What extends string> = [T] extends [never] ? true : { readonly [P in What]: T };

type Records = typeof MOVE_RECORDS;
/** By kind, the pieces its record lacks (only kinds that lack one). */
type Unwritten = {
  [K in MoveKind as [Exclude<Piece, keyof Records[K]>] extends [never] ? never : K]: Exclude<
    Piece,
    keyof Records[K]
  >;
};
type Piece = 'events' | 'shape' | 'policy' | 'plan';
/** The event kinds the records list that the vocabulary (`EventKind` in `src/rules/types/events.ts`) lacks. */
type Unnamed = Exclude<
  { [K in MoveKind]: Records[K] extends { readonly events: readonly (infer E)[] } ? E : never }[MoveKind],
  EventKind
>;

// Each record is whole (its missing pieces are named by kind), filed under its own kind.
true satisfies [keyof Unwritten] extends [never] ? true : { readonly 'record pieces missing': Unwritten };
MOVE_RECORDS satisfies { readonly [K in MoveKind]: MoveRecord<K> };
// Each event kind a record lists is in the vocabulary.
true satisfies NoneOf<Unnamed, 'event kind missing from EventKind (rules/types/events.ts)'>;
// The vocabulary types each recorded move (`Move` in `src/rules/types/moves.ts`), and records each typed one.
true satisfies NoneOf<Exclude<MoveKind, Move['kind']>, 'move type missing from Move (rules/types/moves.ts)'>;
true satisfies NoneOf<Exclude<Move['kind'], MoveKind>, 'move type without a record (rules/moves)'>;

/** The event kinds the data layer writes for the lifecycle of a game (`lifecycle.ts`, `db/`). */
type LifecycleEventKind = 'GAME_CREATED' | 'GAME_ENDED' | 'GAME_ARCHIVED' | 'GAME_IMPORTED';

/**
 * What the clock sweep plans beside moves (`planExpiry`, issue 40): the flag falling, followed by
 * its consequence, whose events are the concession's (`concede`).
 */
const EXPIRY_EVENTS = ['CLOCK_EXPIRED'] as const;

/**
 * The event kinds a plan may hold: each record's, the clock sweep's, and NO_MOVE, which records the
 * random acts of a move refused after its draw (`planWith`, docs/fairness.md "Refused picks").
 */
export type PlannedEventKind =
  (typeof MOVE_RECORDS)[MoveKind]['events'][number] | (typeof EXPIRY_EVENTS)[number] | 'NO_MOVE';

// The vocabulary's `EventKind` is exactly the records' event kinds and the lifecycle's.
type Derived = PlannedEventKind | LifecycleEventKind;
true satisfies NoneOf<Exclude<EventKind, Derived>, 'event kind no record emits'>;

const unique = <T>(list: readonly T[]): readonly T[] => [...new Set(list)];

/** Every event kind a plan may hold, derived from the records. */
export const PLANNED_EVENT_KINDS: readonly PlannedEventKind[] = unique<PlannedEventKind>([
  ...Object.values(MOVE_RECORDS).flatMap((r) => r.events),
  ...EXPIRY_EVENTS,
  'NO_MOVE',
]);

const own = (kind: unknown): kind is MoveKind =>
  typeof kind === 'string' && Object.prototype.hasOwnProperty.call(MOVE_RECORDS, kind);

/**
 * The record of a move's kind, or undefined for a kind that has none (input from outside). Typed
 * for any move: a record is only ever handed a move of its own kind, the one it was found by.
 */
export function recordOf(kind: unknown): MoveRecord<Move['kind']> | undefined {
  return own(kind) ? (MOVE_RECORDS[kind] as MoveRecord<Move['kind']>) : undefined;
}
