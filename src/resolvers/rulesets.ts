/** `Query.rulesets`: every loaded ruleset's zone catalog, so a generic frontend can draw any game. */
import type { Resolvers } from '../generated/graphql.js';
import { rulesetOut } from '../render/index.js';

export const rulesetResolvers = {
  Query: {
    // The rulesets of this service (`RULESETS_DIR` is its own), as its authority plays them.
    rulesets: async (_parent, _args, ctx) => (await ctx.authority.rulesets(ctx.caller)).map(rulesetOut),
  },
} satisfies Resolvers;
