/** `Query.whoami`: the caller's own credential, as the authority resolved it. */
import type { Resolvers } from '../generated/graphql.js';
import { whoamiOut } from '../render/index.js';

export const whoamiResolvers = {
  Query: {
    whoami: async (_parent, _args, ctx) => whoamiOut(await ctx.authority.whoami(ctx.caller)),
  },
} satisfies Resolvers;
