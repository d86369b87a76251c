/**
 * The input half of every move kind's record, keyed by the rules layer's move kinds: the mutation
 * that makes each move and how its input becomes the move. The compiler holds the table complete
 * (an entry per move kind, making a move of that kind), each mutation in the schema and counted
 * (`GAME_MUTATIONS`), and the schema's event kinds equal to the rules layer's.
 */
import type { MutationResolvers, EventKind as SchemaEventKind } from '../../generated/graphql.js';
import type { GameMutation } from '../../metrics.js';
import type { EventKind, Move, MoveKind, MoveOf } from '../../rules/index.js';
import { addClockTime, passClock, pauseClock, resumeClock, startClock } from './clock.js';
import { addLayer, bringIntoGame, createToken, removeLayer } from './create.js';
import type { MoveInput } from './entry.js';
import { attach, detach, endReveal, moveObjects, removeFromGame, reveal, turnFace } from './objects.js';
import { rewind } from './rewind.js';
import { acceptTakeback, refuseTakeback, requestTakeback } from './takeback.js';
import * as table from './table.js';
import { createZone, removeZone, reorder, shuffle } from './zones.js';

/** Every move kind's input entry, by kind. */
export const MOVE_INPUTS = {
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
  ...table,
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

/** `true`, or (a compile error naming them) the kinds `T` should not hold, under the heading `what`. */
type NoneOf<T, What extends string> = [T] extends [never] ? true : { readonly [P in What]: T };

// An entry per move kind (a missing one is named), each making a move of its own kind.
MOVE_INPUTS satisfies { readonly [K in MoveKind]: MoveInput<GameMutation, MoveOf<K>> };
// Every counted mutation of game state is in the schema, and has its entry.
true satisfies NoneOf<Exclude<GameMutation, keyof MutationResolvers>, 'mutation missing from the schema'>;
true satisfies NoneOf<
  Exclude<GameMutation, (typeof MOVE_INPUTS)[MoveKind]['mutation']>,
  'mutation without a move input (resolvers/move-inputs)'
>;
// The schema's EventKind enum (src/schema/event.graphql) is the rules layer's, both ways.
true satisfies NoneOf<Exclude<EventKind, SchemaEventKind>, 'event kind missing from the schema enum'>;
true satisfies NoneOf<Exclude<SchemaEventKind, EventKind>, 'schema event kind the rules lack'>;

/** An entry of any kind: the mutation's input is typed where the entry is written. */
export type AnyMoveInput = MoveInput<GameMutation, Move>;
