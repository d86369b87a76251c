/** `Query.game`: the game as the caller may see it; unknown and not-yours look the same. */
import { viewerFor } from '../auth/principal.js';
import { loadCurrentGame } from '../db/state.js';
import { notFound, unauthenticated } from '../errors.js';
import type { Context } from '../server/context.js';
import { expensive } from '../server/work-limit.js';
import { gameOut, gameViewResolvers } from './game-view.js';
import { viewResolvers } from './mapping.js';

export const gameResolvers = {
  Query: {
    game: async (_: unknown, args: { id: string }, ctx: Context) => {
      if (ctx.principal.kind === 'anonymous') throw unauthenticated();
      const viewer = viewerFor(ctx.principal, args.id);
      if (!viewer) throw notFound('Game');
      return expensive(ctx, async () => {
        const loaded = await loadCurrentGame(ctx.db, args.id);
        if (!loaded) throw notFound('Game');
        return gameOut(loaded, viewer);
      });
    },
  },
  ...gameViewResolvers,
  ...viewResolvers,
};
