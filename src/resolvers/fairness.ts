/** `Query.fairnessTranscript`: the zk-rng/1 verification transcript of an ended game (docs/fairness.md). */
import { transcriptFor } from '../authority/index.js';
import type { Resolvers } from '../generated/graphql.js';
import { toTranscript } from '../render/index.js';
import { gameIdFrom } from '../uuid.js';

export const fairnessResolvers = {
  Query: {
    fairnessTranscript: async (_: unknown, args: { gameId: string }, ctx) => {
      const gameId = gameIdFrom(args.gameId);
      return toTranscript(gameId, await transcriptFor(ctx.store, ctx.principal, gameId));
    },
  },
} satisfies Resolvers;
