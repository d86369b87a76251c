/** `Query.game`: the game as the caller may see it; unknown and not-yours look the same. */
import type { Resolvers } from '../generated/graphql.js';
import { readGame, viewerIn } from '../authority/index.js';
import type { Context } from '../server/context.js';
import { expensive } from '../server/work-limit.js';
import { gameOut, renderResolvers } from '../render/index.js';
import { gameIdFrom } from '../uuid.js';

export const gameResolvers = {
  Query: {
    game: async (_: unknown, args: { id: string }, ctx: Context) => {
      const gameId = gameIdFrom(args.id);
      // Standing is decided before a work slot is taken (readGame decides it again, at no cost).
      await viewerIn(ctx.store, ctx.principal, gameId);
      return expensive(ctx, async () => {
        const { loaded, viewer, callerKind, now } = await readGame(ctx.store, ctx.principal, gameId);
        return gameOut(loaded, viewer, callerKind, now);
      });
    },
  },
  ...renderResolvers,
} satisfies Resolvers;
