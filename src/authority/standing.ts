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
 * - The host (HOST_TOKEN) creates games (`create-game.ts`) and has no standing in any of them.
 * - A platform user (a verified JWT, `src/auth/jwt.ts`) is, in each game, the seat bound to its
 *   `iss` + `sub` there; else the standing its standing claim grants in that game (SPECTATOR as a
 *   spectator, JUDGE as the referee); else nothing.
 * - Any credential of another game, and a platform user with no standing in the game: NOT_FOUND,
 *   exactly as for a game that does not exist.
 *
 * {@link standingIn} is the step every per-game question goes through, over HTTP and graphql-ws
 * alike: it turns the caller into its principal in that game.
 */
import { viewerFor, type Principal } from '../auth/principal.js';
import type { GameStore } from '../db/index.js';
import { badInput, forbidden, notFound, unauthenticated } from '../errors.js';
import type { Actor, Viewer } from '../rules/index.js';

/** The caller in one game: its principal there and how it sees the game. */
export interface Standing {
  /** Scoped to the game: a platform user becomes its seat (player), a spectator or the referee. */
  readonly principal: Principal;
  readonly viewer: Viewer;
}

/**
 * The caller's principal in `gameId`: a platform user's bound seat or granted standing there, any
 * other principal as it is (a platform user with neither stays itself, which has no viewer).
 */
async function principalIn(store: GameStore, principal: Principal, gameId: string): Promise<Principal> {
  if (principal.kind !== 'external') return principal;
  const playerId = await store.boundSeat(gameId, principal.issuer, principal.subject);
  if (playerId) return { kind: 'player', playerId, gameId };
  const grant = principal.grants.get(gameId);
  switch (grant) {
    case 'SPECTATOR':
      return { kind: 'spectator', gameId };
    // A judge named by the platform judges that game as its referee does.
    case 'JUDGE':
      return { kind: 'referee', gameId };
    case undefined:
      return principal;
  }
}

/** The caller's standing in a game; UNAUTHENTICATED or NOT_FOUND when it has none. */
export async function standingIn(store: GameStore, principal: Principal, gameId: string): Promise<Standing> {
  if (principal.kind === 'anonymous') throw unauthenticated();
  const scoped = await principalIn(store, principal, gameId);
  const viewer = viewerFor(scoped, gameId);
  if (!viewer) throw notFound('Game');
  return { principal: scoped, viewer };
}

/** How the caller sees a game it has standing in; UNAUTHENTICATED or NOT_FOUND otherwise. */
export async function viewerIn(store: GameStore, principal: Principal, gameId: string): Promise<Viewer> {
  return (await standingIn(store, principal, gameId)).viewer;
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
export async function actorIn(
  store: GameStore,
  caller: Principal,
  gameId: string,
  onBehalfOf?: string | null,
): Promise<Acting> {
  const { principal, viewer } = await standingIn(store, caller, gameId);
  if (given(onBehalfOf) && principal.kind !== 'admin')
    throw forbidden('ON_BEHALF_ADMIN_ONLY', 'Only an admin may act on behalf of a player.');
  switch (principal.kind) {
    case 'spectator':
      throw forbidden('SPECTATOR', 'Spectators cannot change a game.');
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
    // The host creates games and has no standing in them, nor a platform user without a seat
    // there (standingIn has already refused both).
    case 'host':
    case 'external':
      throw notFound('Game');
  }
}

/** Admin only: anonymous callers (or bad credentials) UNAUTHENTICATED, everyone else FORBIDDEN. */
export function requireAdmin(principal: Principal): void {
  if (principal.kind === 'admin') return;
  if (principal.kind === 'anonymous') throw unauthenticated();
  throw forbidden('ADMIN_ONLY', 'Admin credential required.');
}

/** A viewer an admin asks to see a game as (`gameAt`). */
export interface ViewerChoice {
  readonly kind: 'ANONYMOUS' | 'PLAYER' | 'SPECTATOR' | 'REFEREE' | 'ADMIN' | 'HOST' | 'EXTERNAL';
  readonly playerId?: string | null;
}

/** The viewer an admin (standing decided by the door) chose, checked against the game's seats. */
export function viewerAs(choice: ViewerChoice, playerIds: readonly string[]): Viewer {
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
    case 'EXTERNAL':
      throw badInput('A platform user sees a game as its seat; use PLAYER.', 'as.kind');
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
