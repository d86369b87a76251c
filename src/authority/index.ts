/**
 * The authority: the one module that decides who may do what in a game, and the one place that
 * publishes commits. Resolvers parse input, call it, and render its outcome through the redaction
 * boundary (`src/render`); they make no authorization or visibility decision of their own.
 *
 * - {@link execute}: the entry point for game commands (every move mutation).
 * - Standing: {@link viewerIn}, {@link actorIn}, {@link requireAdmin}, {@link viewerAs},
 *   {@link creatorViewer}.
 * - Lifecycle and transfer (admin): {@link changeGameStatus}, {@link importAsAdmin}.
 * - {@link publish}: announces every commit.
 */
import type { Principal } from '../auth/principal.js';
import { changeStatus } from '../db/admin.js';
import { importGame } from '../transfer/index.js';
import { badInput, ErrorCode, notFound, ZonekeeperError } from '../errors.js';
import type { AuthorityDeps } from './pipeline.js';
import { publish } from './publish.js';
import { requireAdmin } from './standing.js';
import { MAX_PLAYER_NAME_LENGTH, type CreationConfig } from './creation.js';

export { execute } from './pipeline.js';
export type { AuthorityDeps, CommandOutcome, GameCommand, Randomness } from './pipeline.js';
export { transcriptFor } from './fairness.js';
export { publish } from './publish.js';
export { actorIn, creatorViewer, requireAdmin, standingIn, viewerAs, viewerIn } from './standing.js';
export type { Acting, Standing, ViewerChoice } from './standing.js';

/** Ends (ACTIVE → ENDED) or archives (ENDED → ARCHIVED) a game: admins only. */
export async function changeGameStatus(
  deps: AuthorityDeps,
  principal: Principal,
  gameId: string,
  to: 'ENDED' | 'ARCHIVED',
) {
  requireAdmin(principal);
  const result = await changeStatus(deps.db, gameId, to);
  if (result.ok) {
    await publish(deps, { gameId, seq: result.seq });
    return result.game;
  }
  if (result.reason === 'NOT_FOUND') throw notFound('Game');
  const wrong = (action: string) =>
    new ZonekeeperError(ErrorCode.GAME_NOT_ACTIVE, `Cannot ${action} a game that is ${result.status}.`, {
      status: result.status,
    });
  if (to === 'ENDED') throw wrong('end');
  throw result.status === 'ACTIVE'
    ? badInput('Only an ENDED game can be archived: end it first.', 'gameId')
    : wrong('archive');
}

/** Imports an exported game as a new one with new credentials: admins only. */
export async function importAsAdmin(
  deps: AuthorityDeps & { readonly config: CreationConfig },
  principal: Principal,
  data: unknown,
) {
  requireAdmin(principal);
  const result = await importGame(deps.db, data, {
    playerName: MAX_PLAYER_NAME_LENGTH,
    cardsPerPlayer: deps.config.CREATE_GAME_MAX_CARDS_PER_PLAYER,
    cards: deps.config.CREATE_GAME_MAX_CARDS,
  });
  if (!result.ok) {
    const field = result.path ? `data.${result.path}` : 'data';
    throw badInput(`Invalid game document at ${field}: ${result.problem}`, field);
  }
  await publish(deps, { gameId: result.gameId, seq: result.seq });
  return result;
}
