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
 *
 * Every operation that reads or writes the store leaves through {@link atTheDoor}: a data-layer
 * refusal (`src/db/errors.ts`) becomes its public code here, in one place (`db-errors.ts`).
 */
import * as admin from './admin.js';
import * as creation from './create-game.js';
import { atTheDoor } from './db-errors.js';
import * as fairness from './fairness.js';
import * as pipeline from './pipeline.js';
import * as reads from './reads.js';

export const execute = atTheDoor(pipeline.execute);
export type { AuthorityDeps, CommandOutcome, GameCommand, Randomness } from './pipeline.js';
export const transcriptFor = atTheDoor(fairness.transcriptFor);
export { publish } from './publish.js';
export { actorIn, creatorViewer, requireAdmin, standingIn, viewerAs, viewerIn } from './standing.js';
export type { Acting, Standing, ViewerChoice } from './standing.js';

export const changeGameStatus = atTheDoor(admin.changeGameStatus);
export const exportAsAdmin = atTheDoor(admin.exportAsAdmin);
export const gameAtAsAdmin = atTheDoor(admin.gameAtAsAdmin);
export const importAsAdmin = atTheDoor(admin.importAsAdmin);
export const listGamesAsAdmin = atTheDoor(admin.listGamesAsAdmin);
export const seatsOfGame = atTheDoor(admin.seatsOfGame);
export { MAX_ADMIN_PAGE } from './admin.js';
export const createGameAs = atTheDoor(creation.createGameAs);
export type { CreatedGame, CreateGameRequest, NewSeat } from './create-game.js';
export const eventsAsOf = atTheDoor(reads.eventsAsOf);
export const logStanding = atTheDoor(reads.logStanding);
export const readEventPage = atTheDoor(reads.readEventPage);
export const readGame = atTheDoor(reads.readGame);
export const subscriptionStanding = atTheDoor(reads.subscriptionStanding);
export type { KnownState, LoadedGame, LogStanding, StoredEvent } from './reads.js';
