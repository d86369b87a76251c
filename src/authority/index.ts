/**
 * The authority: the one module that decides who may do what in a game, and the one place that
 * publishes commits. Resolvers parse input, call it, and render its outcome through the redaction
 * boundary (`src/render`); they make no authorization or visibility decision of their own.
 *
 * - {@link execute}: the entry point for game commands (every move mutation).
 * - Standing: {@link viewerIn}, {@link actorIn}, {@link requireAdmin}, {@link viewerAs},
 *   {@link creatorViewer}.
 * - Reads: {@link readGame}, {@link logStanding}, {@link subscriptionStanding}, {@link readEventPage},
 *   {@link eventsAsOf} (the game as of events, for rendering them).
 * - Creation: {@link createGameAs}.
 * - Admin: {@link listGamesAsAdmin}, {@link gameAtAsAdmin}, {@link exportAsAdmin},
 *   {@link importAsAdmin}, {@link changeGameStatus}.
 * - {@link publish}: announces every commit.
 */
export { execute } from './pipeline.js';
export type { AuthorityDeps, CommandOutcome, GameCommand, Randomness } from './pipeline.js';
export { transcriptFor } from './fairness.js';
export { publish } from './publish.js';
export { actorIn, creatorViewer, requireAdmin, viewerAs, viewerIn } from './standing.js';
export type { Acting, ViewerChoice } from './standing.js';

export {
  changeGameStatus,
  exportAsAdmin,
  gameAtAsAdmin,
  importAsAdmin,
  listGamesAsAdmin,
  MAX_ADMIN_PAGE,
  seatsOfGame,
} from './admin.js';
export { createGameAs } from './create-game.js';
export type { CreatedGame, CreateGameRequest, NewSeat } from './create-game.js';
export { eventsAsOf, logStanding, readEventPage, readGame, subscriptionStanding } from './reads.js';
export type { KnownState, LoadedGame, LogStanding, StoredEvent } from './reads.js';
