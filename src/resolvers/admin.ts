/**
 * Operator and judge tools: list games, view a game as any viewer at any seq (replayed
 * from the log), end, archive, export and import. Thin: the authority decides standing (admins
 * only), then the data layer (`db/admin.ts`, `src/transfer`), then the redaction boundary
 * (`src/render`), which maps admin rows field by field.
 */
import type { Resolvers } from '../generated/graphql.js';
import {
  changeGameStatus,
  importAsAdmin,
  requireAdmin,
  viewerAs,
  type ViewerChoice,
} from '../authority/index.js';
import { findGame, listGames, MAX_PAGE, seatsOf } from '../db/admin.js';
import { stateAt } from '../db/checkpoints.js';
import { loadCurrentGame } from '../db/state.js';
import { exportGame } from '../transfer/index.js';
import { badInput, notFound } from '../errors.js';
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

/** `gameAt`: the game after event `seq` as `as` saw it, from the nearest checkpoint (db/checkpoints.ts). */
async function gameAt(ctx: Context, args: { gameId: string; seq: number; as: ViewerChoice }) {
  const loaded = await loadCurrentGame(ctx.db, args.gameId);
  if (!loaded) throw notFound('Game');
  if (args.seq < 0 || args.seq > loaded.game.lastSeq)
    throw badInput(`Seq must be between 0 and ${loaded.game.lastSeq}.`, 'seq');
  const viewer = viewerAs(
    ctx.principal,
    args.as,
    loaded.players.map((p) => p.id),
  );
  const at = await stateAt(ctx.db, loaded, args.seq);
  const game = { ...loaded.game, status: at.status, version: at.version, lastSeq: args.seq };
  return snapshotOut({ ...loaded, game, state: at.state }, viewer, args.seq);
}

export const adminResolvers = {
  Query: {
    // Argument types come from the SDL (the `satisfies Resolvers` below).
    adminGames: async (_, args, ctx) => {
      requireAdmin(ctx.principal);
      if (args.offset < 0) throw badInput('Offset must be 0 or more.', 'offset');
      if (args.limit < 0 || args.limit > MAX_PAGE)
        throw badInput(`Limit must be between 0 and ${MAX_PAGE}.`, 'limit');
      return adminPageOut(await listGames(ctx.db, args.filter ?? {}, args.offset, args.limit), args.offset);
    },

    gameAt: async (_: unknown, args: { gameId: string; seq: number; as: ViewerChoice }, ctx: Context) => {
      requireAdmin(ctx.principal);
      return expensive(ctx, () => gameAt(ctx, args));
    },

    exportGame: async (_: unknown, args: { gameId: string }, ctx: Context) => {
      requireAdmin(ctx.principal);
      const doc = await expensive(ctx, () => exportGame(ctx.db, args.gameId));
      if (!doc) throw notFound('Game');
      return doc;
    },
  },
  Mutation: {
    endGame: async (_: unknown, args: { gameId: string }, ctx: Context) =>
      adminGameOut(await changeGameStatus(ctx, ctx.principal, args.gameId, 'ENDED')),
    archiveGame: async (_: unknown, args: { gameId: string }, ctx: Context) =>
      adminGameOut(await changeGameStatus(ctx, ctx.principal, args.gameId, 'ARCHIVED')),

    importGame: async (_: unknown, args: { data: unknown }, ctx: Context) => {
      requireAdmin(ctx.principal);
      const result = await expensive(ctx, () => importAsAdmin(ctx, ctx.principal, args.data));
      const game = await findGame(ctx.db, result.gameId);
      if (!game) throw notFound('Game');
      return importPayloadOut(game, result);
    },
  },

  AdminGame: {
    players: async (game: AdminGameOut, _: unknown, ctx: Context) =>
      game.players ?? (await seatsOf(ctx.db, game.id)).map(playerOut),
  },
} satisfies Resolvers;
