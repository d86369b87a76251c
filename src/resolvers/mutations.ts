/**
 * One mutation per planner move. Each is: input → move (the kind's entry in `move-inputs/`), then the
 * authority (`src/authority`: standing, status, version, permission, plan, commit, publish), then
 * the payload rendered for the caller by the redaction boundary (`src/render`). No authorization or
 * visibility decision is made here.
 */
import type { Resolvers } from '../generated/graphql.js';
import type { CommandOutcome } from '../authority/index.js';
import { movePayload } from '../render/index.js';
import type { Move } from '../rules/index.js';
import type { GameMutation } from '../metrics.js';
import type { Context } from '../server/context.js';
import { gameIdFrom } from '../uuid.js';
import { MOVE_INPUTS, type AnyMoveInput } from './move-inputs/index.js';
import type { InputOf } from './move-inputs/entry.js';

interface Common {
  readonly gameId: string;
  readonly expectedVersion?: number | null;
  readonly idempotencyKey?: string | null;
  readonly onBehalfOf?: string | null;
}

/** The payload: the command's outcome as its viewer may see it, its events as of each event. */
function render({ result, viewer }: CommandOutcome, authority: Context['authority']) {
  const known = result.replayed
    ? undefined
    : { seq: result.lastSeq, state: result.game.state, players: result.game.players };
  return movePayload(result, viewer, authority.eventsAsOf(result.game.game.id, result.events, known));
}

export async function run(
  ctx: Context,
  operation: GameMutation,
  input: Common,
  toMove: (actingAs: string | null) => Move,
) {
  // The input is the idempotency fingerprint too: it carries the one spelling of the game id.
  const gameId = gameIdFrom(input.gameId);
  const fingerprint: Common = { ...input, gameId };
  return render(
    await ctx.authority.move(ctx.caller, {
      operation,
      gameId,
      expectedVersion: input.expectedVersion,
      onBehalfOf: input.onBehalfOf,
      input: fingerprint,
      toMove,
    }),
    ctx.authority,
  );
}

/** The resolver of one move kind's mutation: its input entry's move, through the authority. */
function resolverOf(entry: AnyMoveInput) {
  return (_: unknown, { input }: { input: InputOf<GameMutation> }, ctx: Context) =>
    run(ctx, entry.mutation, input, (actingAs) => entry.toMove(input, actingAs));
}

const Mutation: Partial<Record<GameMutation, ReturnType<typeof resolverOf>>> = {};
for (const entry of Object.values<AnyMoveInput>(MOVE_INPUTS)) Mutation[entry.mutation] = resolverOf(entry);

/** One mutation per move kind, each derived from the kind's input entry (`move-inputs/`). */
export const mutationResolvers = { Mutation } satisfies Resolvers;
