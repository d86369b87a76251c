/**
 * Operator and judge tools: list games, view a game as any viewer at any seq (replayed
 * from the log), end, archive, export and import. Thin: the authority decides standing (admins
 * only) and reads or writes (`src/authority/admin.ts`), then the redaction boundary (`src/render`)
 * maps admin rows field by field.
 */
import type { Resolvers } from '../generated/graphql.js';
import {
  changeGameStatus,
  exportAsAdmin,
  gameAtAsAdmin,
  importAsAdmin,
  listGamesAsAdmin,
  requireAdmin,
  seatsOfGame,
  type ViewerChoice,
} from '../authority/index.js';
import {
  adminGameOut,
  adminPageOut,
  importPayloadOut,
  playerOut,
  snapshotOut,
  type AdminGameOut,
} from '../render/index.js';
import type { Context } from '../server/context.js';
import { expensive } from '../server/work-limit.js';
import { gameIdFrom } from '../uuid.js';

export const adminResolvers = {
  Query: {
    // Argument types come from the SDL (the `satisfies Resolvers` below).
    adminGames: async (_, args, ctx) =>
      adminPageOut(
        await listGamesAsAdmin(ctx.store, ctx.principal, args.filter ?? {}, args.offset, args.limit),
        args.offset,
      ),

    gameAt: async (_: unknown, args: { gameId: string; seq: number; as: ViewerChoice }, ctx: Context) => {
      requireAdmin(ctx.principal);
      return expensive(ctx, async () => {
        const { loaded, viewer } = await gameAtAsAdmin(ctx.store, ctx.principal, {
          ...args,
          gameId: gameIdFrom(args.gameId),
        });
        return snapshotOut(loaded, viewer, args.seq);
      });
    },

    exportGame: async (_: unknown, args: { gameId: string }, ctx: Context) => {
      requireAdmin(ctx.principal);
      return expensive(ctx, () => exportAsAdmin(ctx.store, ctx.principal, gameIdFrom(args.gameId)));
    },
  },
  Mutation: {
    endGame: async (_: unknown, args: { gameId: string }, ctx: Context) =>
      adminGameOut(await changeGameStatus(ctx, ctx.principal, gameIdFrom(args.gameId), 'ENDED')),
    archiveGame: async (_: unknown, args: { gameId: string }, ctx: Context) =>
      adminGameOut(await changeGameStatus(ctx, ctx.principal, gameIdFrom(args.gameId), 'ARCHIVED')),

    importGame: async (_: unknown, args: { data: unknown }, ctx: Context) => {
      requireAdmin(ctx.principal);
      const { result, game } = await expensive(ctx, () => importAsAdmin(ctx, ctx.principal, args.data));
      return importPayloadOut(game, result);
    },
  },

  AdminGame: {
    players: async (game: AdminGameOut, _: unknown, ctx: Context) =>
      game.players ?? (await seatsOfGame(ctx.store, game.id)).map(playerOut),
  },
} satisfies Resolvers;
