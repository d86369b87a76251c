/** `Query.fairnessTranscript`: the zk-rng/1 verification transcript of an ended game (docs/fairness.md). */
import { transcriptFor } from '../authority/index.js';
import type { Resolvers } from '../generated/graphql.js';
import { toTranscript } from '../render/index.js';

export const fairnessResolvers = {
  Query: {
    fairnessTranscript: async (_: unknown, args: { gameId: string }, ctx) =>
      toTranscript(args.gameId, await transcriptFor(ctx.store, ctx.principal, args.gameId)),
  },
} satisfies Resolvers;
