/**
 * Who is calling. Resolved once per HTTP request or graphql-ws connection.
 */
import type { Viewer } from '../rules/index.js';
import type { ExternalIdentity } from './jwt.js';

export type Principal =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'admin' }
  /** The host backend (HOST_TOKEN): creates games; has no standing in any game it created. */
  | { readonly kind: 'host' }
  | { readonly kind: 'player'; readonly playerId: string; readonly gameId: string }
  | { readonly kind: 'spectator'; readonly gameId: string }
  /** The game's own engine or host backend: a judge for one game (see `src/authority`). */
  | { readonly kind: 'referee'; readonly gameId: string }
  /**
   * A platform user named by a verified JWT (`src/auth/jwt.ts`). It names no game: in each game the
   * authority's standing step (`src/authority/standing.ts`) finds the seat bound to it, or the
   * standing its claim grants there, or nothing (NOT_FOUND).
   */
  | ({ readonly kind: 'external' } & ExternalIdentity);

/**
 * The viewer a principal is for a given game, or null when it has no standing there.
 * An unknown game and a game the caller may not see must give the same answer; callers map null to NOT_FOUND.
 */
export function viewerFor(principal: Principal, gameId: string): Viewer | null {
  switch (principal.kind) {
    case 'admin':
      return { kind: 'admin' };
    case 'player':
      return principal.gameId === gameId ? { kind: 'player', playerId: principal.playerId } : null;
    case 'spectator':
      return principal.gameId === gameId ? { kind: 'spectator' } : null;
    // A referee judges its game: like an admin scoped to that one game, it sees every card there.
    case 'referee':
      return principal.gameId === gameId ? { kind: 'admin' } : null;
    // Its standing in a game is found by the standing step, which turns it into one of the above.
    case 'external':
    case 'host':
    case 'anonymous':
      return null;
  }
}
