/** `Query.game`: the game as the caller may see it; unknown and not-yours look the same. */
import type { Resolvers } from '../generated/graphql.js';
import { standingIn } from '../authority/index.js';
import { loadCurrentGame } from '../db/state.js';
import { notFound } from '../errors.js';
import type { Context } from '../server/context.js';
import { expensive } from '../server/work-limit.js';
import { gameOut, renderResolvers } from '../render/index.js';

export const gameResolvers = {
  Query: {
    game: async (_: unknown, args: { id: string }, ctx: Context) => {
      const { principal, viewer } = await standingIn(ctx.db, ctx.principal, args.id);
      return expensive(ctx, async () => {
        const loaded = await loadCurrentGame(ctx.db, args.id);
        if (!loaded) throw notFound('Game');
        // A referee sees as an admin does, and is shown as what it is.
        return gameOut(loaded, viewer, principal.kind === 'referee' ? 'REFEREE' : undefined);
      });
    },
  },
  ...renderResolvers,
} satisfies Resolvers;
