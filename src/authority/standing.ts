/**
 * Standing: who the caller is in a game. Every "may this caller see or act in this game, and as
 * whom" question is answered here, never in a resolver.
 *
 * - Anonymous callers (or bad credentials): UNAUTHENTICATED wherever a principal is needed.
 * - A seat sees its game as that player and acts under the seat policy (`src/rules/permission.ts`).
 * - A spectator sees its game as a spectator and never acts.
 * - A referee (the game's own engine or host) judges its one game: it sees every card there, as an
 *   admin does, and may make any move the rules allow; its moves are logged with actor REFEREE.
 * - An admin sees and acts in every game; it may act on behalf of a seat (`onBehalfOf`).
 * - The host (HOST_TOKEN) creates games (`creation.ts`) and has no standing in any of them.
 * - Any credential of another game: NOT_FOUND, exactly as for a game that does not exist.
 */
import { viewerFor, type Principal } from '../auth/principal.js';
import { badInput, forbidden, notFound, unauthenticated } from '../errors.js';
import type { Actor, Viewer } from '../rules/index.js';

/** How the caller sees a game it has standing in; UNAUTHENTICATED or NOT_FOUND otherwise. */
export function viewerIn(principal: Principal, gameId: string): Viewer {
  if (principal.kind === 'anonymous') throw unauthenticated();
  const viewer = viewerFor(principal, gameId);
  if (!viewer) throw notFound('Game');
  return viewer;
}

/** An actor in a game, its view of the game and its idempotency scope. */
export interface Acting {
  readonly actor: Actor;
  readonly viewer: Viewer;
  /** Idempotency keys are scoped to the caller and the game. */
  readonly scope: string;
}

const given = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;

/** Who is acting in this game. Spectators may watch, never act; only admins act on behalf of a seat. */
export function actorIn(principal: Principal, gameId: string, onBehalfOf?: string | null): Acting {
  const viewer = viewerIn(principal, gameId);
  if (given(onBehalfOf) && principal.kind !== 'admin')
    throw forbidden('Only an admin may act on behalf of a player.');
  switch (principal.kind) {
    case 'spectator':
      throw forbidden('Spectators cannot change a game.');
    case 'admin':
      return given(onBehalfOf)
        ? { actor: { kind: 'ADMIN', onBehalfOf }, viewer, scope: `admin|game:${gameId}` }
        : { actor: { kind: 'ADMIN' }, viewer, scope: `admin|game:${gameId}` };
    case 'referee':
      return { actor: { kind: 'REFEREE' }, viewer, scope: `referee|game:${gameId}` };
    case 'player':
      return {
        actor: { kind: 'PLAYER', playerId: principal.playerId },
        viewer,
        scope: `player:${principal.playerId}|game:${gameId}`,
      };
    case 'anonymous':
      throw unauthenticated();
    // The host creates games and has no standing in them (viewerIn has already refused it).
    case 'host':
      throw notFound('Game');
  }
}

/** Admin only: anonymous callers (or bad credentials) UNAUTHENTICATED, everyone else FORBIDDEN. */
export function requireAdmin(principal: Principal): void {
  if (principal.kind === 'admin') return;
  if (principal.kind === 'anonymous') throw unauthenticated();
  throw forbidden('Admin credential required.');
}

/** A viewer an admin asks to see a game as (`gameAt`). */
export interface ViewerChoice {
  readonly kind: 'ANONYMOUS' | 'PLAYER' | 'SPECTATOR' | 'REFEREE' | 'ADMIN' | 'HOST';
  readonly playerId?: string | null;
}

/** The viewer an admin chose, checked against the game's seats. */
export function viewerAs(principal: Principal, choice: ViewerChoice, playerIds: readonly string[]): Viewer {
  requireAdmin(principal);
  switch (choice.kind) {
    // A referee sees its game as an admin does.
    case 'REFEREE':
    case 'ADMIN':
      return { kind: 'admin' };
    case 'SPECTATOR':
      return { kind: 'spectator' };
    case 'PLAYER':
      if (!choice.playerId || !playerIds.includes(choice.playerId))
        throw badInput('Field as.playerId must be a player of this game.', 'as.playerId');
      return { kind: 'player', playerId: choice.playerId };
    case 'ANONYMOUS':
      throw badInput('Anonymous callers cannot see a game; use SPECTATOR.', 'as.kind');
    case 'HOST':
      throw badInput('The host has no standing in a game; use SPECTATOR.', 'as.kind');
  }
}

/** The creator of a game is nobody in particular: it sees the table as a spectator would (an admin as admin). */
export function creatorViewer(principal: Principal): {
  viewer: Viewer;
  callerKind: 'ADMIN' | 'HOST' | 'ANONYMOUS';
} {
  if (principal.kind === 'admin') return { viewer: { kind: 'admin' }, callerKind: 'ADMIN' };
  return { viewer: { kind: 'spectator' }, callerKind: principal.kind === 'host' ? 'HOST' : 'ANONYMOUS' };
}
