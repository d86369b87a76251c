import type { Resolvers } from '../generated/graphql.js';
import type { Context } from '../server/context.js';

export const whoamiResolvers = {
  Query: {
    whoami: (_: unknown, __: unknown, ctx: Context) => {
      const p = ctx.principal;
      return {
        kind: p.kind.toUpperCase() as Uppercase<typeof p.kind>,
        gameId: p.kind === 'player' || p.kind === 'spectator' || p.kind === 'referee' ? p.gameId : null,
        playerId: p.kind === 'player' ? p.playerId : null,
      };
    },
  },
} satisfies Resolvers;
