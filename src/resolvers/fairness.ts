/** `Query.fairnessTranscript`: the zk-rng/1 verification transcript of an ended game (docs/fairness.md). */
import type { Resolvers } from '../generated/graphql.js';
import { toTranscript } from '../render/index.js';
import { gameIdFrom } from '../uuid.js';

export const fairnessResolvers = {
  Query: {
    fairnessTranscript: async (_parent, args, ctx) => {
      const gameId = gameIdFrom(args.gameId);
      return toTranscript(gameId, await ctx.authority.transcript(ctx.caller, gameId));
    },
  },
} satisfies Resolvers;
