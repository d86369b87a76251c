/**
 * Operator and judge tools (issue 7): list games, view a game as any viewer at any seq (replayed
 * from the log), end, archive, export and import. Thin: admin check, input checks, then the data
 * layer (`db/admin.ts`, `db/transfer.ts`) and the shared redaction and mapping.
 */
import type { GameStatus } from '../generated/prisma/client.js';
import { changeStatus, findGame, listGames, MAX_PAGE, seatsOf } from '../db/admin.js';
import { stateAt } from '../db/checkpoints.js';
import { loadCurrentGame } from '../db/state.js';
import { exportGame, importGame } from '../db/transfer.js';
import { badInput, ErrorCode, forbidden, notFound, unauthenticated, ZonekeeperError } from '../errors.js';
import type { Viewer } from '../rules/index.js';
import type { Context } from '../server/context.js';
import { expensive } from '../server/work-limit.js';
import { gameOut } from './game-view.js';

/** Admin only: anonymous callers (or bad credentials) UNAUTHENTICATED, players and spectators FORBIDDEN. */
function requireAdmin(ctx: Context): void {
  if (ctx.principal.kind === 'admin') return;
  if (ctx.principal.kind === 'anonymous') throw unauthenticated();
  throw forbidden('Admin credential required.');
}

interface ViewerInput {
  readonly kind: 'ANONYMOUS' | 'PLAYER' | 'SPECTATOR' | 'ADMIN' | 'HOST';
  readonly playerId?: string | null;
}

function viewerOf(input: ViewerInput, playerIds: readonly string[]): Viewer {
  switch (input.kind) {
    case 'ADMIN':
      return { kind: 'admin' };
    case 'SPECTATOR':
      return { kind: 'spectator' };
    case 'PLAYER':
      if (!input.playerId || !playerIds.includes(input.playerId))
        throw badInput('Field as.playerId must be a player of this game.', 'as.playerId');
      return { kind: 'player', playerId: input.playerId };
    case 'ANONYMOUS':
      throw badInput('Anonymous callers cannot see a game; use SPECTATOR.', 'as.kind');
    case 'HOST':
      throw badInput('The host has no standing in a game; use SPECTATOR.', 'as.kind');
  }
}

const gameNotActive = (status: GameStatus, action: string) =>
  new ZonekeeperError(ErrorCode.GAME_NOT_ACTIVE, `Cannot ${action} a game that is ${status}.`, { status });

async function setStatus(ctx: Context, gameId: string, to: 'ENDED' | 'ARCHIVED') {
  requireAdmin(ctx);
  const result = await changeStatus(ctx.db, ctx.fanout, gameId, to);
  if (result.ok) return result.game;
  if (result.reason === 'NOT_FOUND') throw notFound('Game');
  if (to === 'ENDED') throw gameNotActive(result.status, 'end');
  throw result.status === 'ACTIVE'
    ? badInput('Only an ENDED game can be archived: end it first.', 'gameId')
    : gameNotActive(result.status, 'archive');
}

/** `gameAt`: the game after event `seq` as `as` saw it, from the nearest checkpoint (db/checkpoints.ts). */
async function gameAt(ctx: Context, args: { gameId: string; seq: number; as: ViewerInput }) {
  const loaded = await loadCurrentGame(ctx.db, args.gameId);
  if (!loaded) throw notFound('Game');
  if (args.seq < 0 || args.seq > loaded.game.lastSeq)
    throw badInput(`Seq must be between 0 and ${loaded.game.lastSeq}.`, 'seq');
  const viewer = viewerOf(
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
    adminGames: async (
      _: unknown,
      args: {
        filter?: {
          ruleset?: string | null;
          status?: GameStatus[] | null;
          createdFrom?: Date | null;
          createdTo?: Date | null;
        } | null;
        offset: number;
        limit: number;
      },
      ctx: Context,
    ) => {
      requireAdmin(ctx);
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

    gameAt: async (_: unknown, args: { gameId: string; seq: number; as: ViewerInput }, ctx: Context) => {
      requireAdmin(ctx);
      return expensive(ctx, () => gameAt(ctx, args));
    },

    exportGame: async (_: unknown, args: { gameId: string }, ctx: Context) => {
      requireAdmin(ctx);
      const doc = await expensive(ctx, () => exportGame(ctx.db, args.gameId));
      if (!doc) throw notFound('Game');
      return doc;
    },
  },
  Mutation: {
    endGame: (_: unknown, args: { gameId: string }, ctx: Context) => setStatus(ctx, args.gameId, 'ENDED'),
    archiveGame: (_: unknown, args: { gameId: string }, ctx: Context) =>
      setStatus(ctx, args.gameId, 'ARCHIVED'),

    importGame: async (_: unknown, args: { data: unknown }, ctx: Context) => {
      requireAdmin(ctx);
      const result = await expensive(ctx, () => importGame(ctx.db, args.data));
      if (!result.ok) throw badInput(`Invalid game document: ${result.problem}`, 'data');
      await ctx.fanout.publish({ gameId: result.gameId, seq: result.seq }).catch(() => undefined);
      const game = await findGame(ctx.db, result.gameId);
      if (!game) throw notFound('Game');
      return {
        game,
        importedFrom: game.importedFrom,
        seats: result.seats.map((s) => ({
          player: { id: s.playerId, seat: s.seat, name: s.name },
          token: s.token,
        })),
        spectatorToken: result.spectatorToken,
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
};
