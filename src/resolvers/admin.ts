/**
 * Operator and judge tools: list games, view a game as any viewer at any seq (replayed
 * from the log), end, archive, export and import. Thin: the authority decides standing (admins
 * only, once, at its door) and reads or writes, then the redaction boundary (`src/render`) maps
 * admin rows field by field.
 */
import type { Resolvers } from '../generated/graphql.js';
import { adminGameOut, adminPageOut, importPayloadOut, playerOut, snapshotOut } from '../render/index.js';
import { gameIdFrom } from '../uuid.js';

export const adminResolvers = {
  Query: {
    adminGames: async (_parent, args, ctx) =>
      adminPageOut(
        await ctx.authority.adminGames(ctx.caller, { ...args, filter: args.filter ?? {} }),
        args.offset,
      ),
    gameAt: async (_parent, args, ctx) => {
      const at = { ...args, gameId: gameIdFrom(args.gameId) };
      const { loaded, viewer } = await ctx.authority.gameAt(ctx.caller, at);
      return snapshotOut(loaded, viewer, args.seq);
    },
    exportGame: (_parent, args, ctx) => ctx.authority.exportGame(ctx.caller, gameIdFrom(args.gameId)),
  },
  Mutation: {
    endGame: async (_parent, args, ctx) =>
      adminGameOut(await ctx.authority.changeGameStatus(ctx.caller, gameIdFrom(args.gameId), 'ENDED')),
    archiveGame: async (_parent, args, ctx) =>
      adminGameOut(await ctx.authority.changeGameStatus(ctx.caller, gameIdFrom(args.gameId), 'ARCHIVED')),
    importGame: async (_parent, args, ctx) => {
      const { result, game } = await ctx.authority.importGame(ctx.caller, args.data);
      return importPayloadOut(game, result);
    },
  },
  AdminGame: {
    players: async (game, _args, ctx) =>
      game.players ?? (await ctx.authority.seatsOfGame(ctx.caller, game.id)).map(playerOut),
  },
} satisfies Resolvers;
