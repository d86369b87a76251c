/**
 * The resolver layer's half of a move kind's record (`src/rules/moves/`): which mutation of the
 * schema makes the move, and how its GraphQL input becomes the rules `Move`. The rules layer
 * imports nothing outside itself, so the input mapping lives here, in a table keyed by the same
 * move kinds (`index.ts`) whose completeness the compiler checks.
 */
import type { MutationResolvers } from '../../generated/graphql.js';
import type { GameMutation } from '../../metrics.js';
import type { Move } from '../../rules/index.js';
import { badInput } from '../../errors.js';
import { given } from '../move-input.js';

/** A mutation's `input` argument, as the types generated from the schema give it. */
export type InputOf<M extends GameMutation> = Parameters<
  Extract<NonNullable<MutationResolvers[M]>, (...args: never[]) => unknown>
>[1]['input'];

/** How one mutation's input becomes a move; `actingAs` is the seat the caller acts as, if any. */
export interface MoveInput<M extends GameMutation, R extends Move> {
  readonly mutation: M;
  toMove(input: InputOf<M>, actingAs: string | null): R;
}

/** The entry of the mutation `mutation`, its input typed by the schema. */
export const moveInput = <M extends GameMutation, R extends Move>(
  mutation: M,
  toMove: (input: InputOf<M>, actingAs: string | null) => R,
): MoveInput<M, R> => ({ mutation, toMove });

/** The given player, else the player the caller acts as; an admin or referee must name one. */
export function playerOr(
  actingAs: string | null,
  playerId: string | null | undefined,
  field: string,
): string {
  if (given(playerId)) return playerId;
  if (actingAs) return actingAs;
  throw badInput(`Field ${field} is required when an admin or referee acts.`, field);
}
