/**
 * What one move kind is, in one place (Colyseus's message table, boardgame.io's move config): its
 * shape check, its seat policy, its planner and the event kinds it may emit. The planner's shape
 * check, the seat policy and the planner's dispatch look a kind's record up (`index.ts`); none of
 * them switches over move kinds. The GraphQL input that makes the move is the resolver layer's
 * entry for the same kind (`src/resolvers/move-inputs/index.ts`, a table the compiler holds complete).
 */
import type { Draft } from '../planner/draft.js';
import type { CommonChecks, Obj, ShapeCheck } from '../planner/shape.js';
import type { PermissionRefusal, Policy } from '../policy.js';
import type { EventKind } from '../types/events.js';
import type { Move } from '../types/moves.js';

/** The move of one kind, as the vocabulary (`Move` in `types/moves.ts`) types it. */
export type MoveOf<K extends string> = Extract<Move, { readonly kind: K }>;

/**
 * The record of move kind `K`. Its members are methods, so a record of one kind is also a record
 * of any kind (`recordOf`): it is only ever called with a move of its own kind, found by that kind.
 */
export interface MoveRecord<K extends string, E extends EventKind = EventKind> {
  readonly kind: K;
  /**
   * The event kinds its planner may emit. A refusal after a random draw may emit NO_MOVE for any
   * kind besides (`planWith`, docs/fairness.md "Refused picks").
   */
  readonly events: readonly E[];
  /**
   * Its structural checks, in order (`c`: the checks several kinds share): the first failing one
   * is the move's rejection, citing `input`. Run before any rule is consulted.
   */
  shape(m: Obj, c: CommonChecks): readonly ShapeCheck[];
  /**
   * What a seat may do (`src/rules/permission.ts` states the policy): null, or why not. Run before
   * planning, on a move whose shape is not yet checked; it reads only what the seat can observe.
   */
  policy(p: Policy, move: MoveOf<K>): PermissionRefusal | null;
  /** Plans the move on a draft, throwing `Rejected` when the rules refuse it. */
  plan(d: Draft, move: MoveOf<K>): void;
}

/**
 * A record for kind `K`, checked against {@link MoveRecord} where it is written, its event kinds
 * kept as literals (the list of every event kind is derived from them, `index.ts`).
 */
export const moveRecord = <K extends string, const E extends EventKind>(
  record: MoveRecord<K, E>,
): MoveRecord<K, E> => record;
