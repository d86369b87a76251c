/**
 * The authority's operator and judge operations (`admin.ts`), each through the door (`door.ts`)
 * with the one standing "admin only" (`requireAdmin`): list, `gameAt`, export, import, end and
 * archive, and the seats of a game an admin looks at. Replays, exports and imports hold a work slot.
 */
import type { GameFilter } from '../db/index.js';
import * as admin from './admin.js';
import type { AuthorityParts } from './parts.js';
import { through, type Caller } from './door.js';
import { requireAdmin, type ViewerChoice } from './standing.js';

const adminOnly = (caller: Caller) => requireAdmin(caller.principal);

/** The admin operations of one service. */
export function adminOperations<E>(parts: AuthorityParts<E>) {
  const { store } = parts;
  return {
    adminGames: (caller: Caller, page: { filter: GameFilter; offset: number; limit: number }) =>
      through(parts, caller, {
        standing: adminOnly,
        limit: 'none',
        body: () => admin.listGamesAsAdmin(store, page.filter, page.offset, page.limit),
      }),

    gameAt: (caller: Caller, args: { gameId: string; seq: number; as: ViewerChoice }) =>
      through(parts, caller, {
        standing: adminOnly,
        limit: 'work',
        body: () => admin.gameAtAsAdmin(store, args),
      }),

    exportGame: (caller: Caller, gameId: string) =>
      through(parts, caller, {
        standing: adminOnly,
        limit: 'work',
        body: () => admin.exportAsAdmin(store, gameId),
      }),

    importGame: (caller: Caller, data: unknown) =>
      through(parts, caller, {
        standing: adminOnly,
        limit: 'work',
        body: () => admin.importAsAdmin(parts, data),
      }),

    changeGameStatus: (caller: Caller, gameId: string, to: 'ENDED' | 'ARCHIVED') =>
      through(parts, caller, {
        standing: adminOnly,
        limit: 'none',
        body: () => admin.changeGameStatus(parts, gameId, to),
      }),

    seatsOfGame: (caller: Caller, gameId: string) =>
      through(parts, caller, {
        standing: adminOnly,
        limit: 'none',
        body: () => admin.seatsOfGame(store, gameId),
      }),
  };
}
