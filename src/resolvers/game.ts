/** `Query.game`: the game as the caller may see it; unknown and not-yours look the same. */
import type { Resolvers } from '../generated/graphql.js';
import { gameOut, renderResolvers } from '../render/index.js';
import { gameIdFrom } from '../uuid.js';

export const gameResolvers = {
  Query: {
    game: async (_parent, args, ctx) => {
      const { loaded, viewer, callerKind, now } = await ctx.authority.game(ctx.caller, gameIdFrom(args.id));
      return gameOut(loaded, viewer, callerKind, now);
    },
  },
  ...renderResolvers,
} satisfies Resolvers;
