/**
 * Operator and judge tools: list games, view a game as any viewer at any seq (replayed
 * from the log), end, archive, export and import. Thin: the authority decides standing (admins
 * only), then the data layer (`db/admin.ts`, `db/transfer.ts`) and the shared redaction and mapping.
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
import { exportGame } from '../db/transfer.js';
import { badInput, notFound } from '../errors.js';
import type { Context } from '../server/context.js';
import { expensive } from '../server/work-limit.js';
import { gameOut } from './game-view.js';

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
  return {
    seq: args.seq,
    version: at.version,
    game: gameOut({ ...loaded, game, state: at.state }, viewer),
  };
}

export const adminResolvers = {
  Query: {
    // Argument types come from the SDL (the `satisfies Resolvers` below).
    adminGames: async (_, args, ctx) => {
      requireAdmin(ctx.principal);
      if (args.offset < 0) throw badInput('Offset must be 0 or more.', 'offset');
      if (args.limit < 0 || args.limit > MAX_PAGE)
        throw badInput(`Limit must be between 0 and ${MAX_PAGE}.`, 'limit');
      const page = await listGames(ctx.db, args.filter ?? {}, args.offset, args.limit);
      return {
        games: page.games,
        total: page.total,
        offset: args.offset,
        hasNextPage: args.offset + page.games.length < page.total,
      };
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
    endGame: (_: unknown, args: { gameId: string }, ctx: Context) =>
      changeGameStatus(ctx, ctx.principal, args.gameId, 'ENDED'),
    archiveGame: (_: unknown, args: { gameId: string }, ctx: Context) =>
      changeGameStatus(ctx, ctx.principal, args.gameId, 'ARCHIVED'),

    importGame: async (_: unknown, args: { data: unknown }, ctx: Context) => {
      requireAdmin(ctx.principal);
      const result = await expensive(ctx, () => importAsAdmin(ctx, ctx.principal, args.data));
      const game = await findGame(ctx.db, result.gameId);
      if (!game) throw notFound('Game');
      return {
        game,
        // Set on every imported game (db/transfer.ts writes it with the game).
        importedFrom: game.importedFrom as string,
        seats: result.seats.map((s) => ({
          player: { id: s.playerId, seat: s.seat, name: s.name },
          token: s.token,
        })),
        spectatorToken: result.spectatorToken,
        refereeToken: result.refereeToken,
      };
    },
  },

  AdminGame: {
    players: async (
      game: { id: string; players?: { id: string; seat: number; name: string }[] },
      _: unknown,
      ctx: Context,
    ) => game.players ?? seatsOf(ctx.db, game.id),
  },
} satisfies Resolvers;
