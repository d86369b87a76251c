/**
 * The redaction boundary: every shape that leaves the service for a caller is produced here, from a
 * decoded domain value (a loaded game, a stored event, a move result, an admin row) and the caller's
 * viewer. The rules layer decides what a viewer may see (`viewGame`, `viewSnapshot`, `redactEvent`);
 * this module turns those views into GraphQL objects and resolves their nested fields. Resolvers and
 * the subscription path call it; nothing else shapes output for a viewer. (Errors are shaped by
 * `src/errors.ts` and the server's error formatter: they carry no game data.)
 *
 * - Games: {@link gameOut}, {@link snapshotOut} (admin `gameAt`), {@link createdGameOut}.
 * - Events (history, subscriptions, payloads), as of each event, one mapping (`event.ts`, `toGameEvent`):
 *   {@link eventPageOut} (a history page, handed to graphql-js a chunk per turn of the event loop),
 *   {@link liveEventMapper} (the event hub's).
 * - Move payloads: {@link movePayload} (with the one ordering of changed objects, {@link changedObjects}).
 * - Rulesets ({@link rulesetOut}) and the caller's credential ({@link whoamiOut}).
 * - Admin views, mapped field by field: {@link adminGameOut}, {@link adminPageOut}, {@link importPayloadOut}.
 * - The field resolvers of the view-backed types: {@link renderResolvers}.
 */
import { gameViewResolvers } from './game.js';
import { viewResolvers } from './objects.js';
import { tableResolvers } from './table.js';

export { adminGameOut, adminPageOut, importPayloadOut, playerOut } from './admin.js';
export type { AdminGameOut, AdminGameRow } from './admin.js';
export { eventPageOut, liveEventMapper } from './event.js';
export type { EventTimeSource, GameEventOut } from './event.js';
export { createdGameOut, gameOut, snapshotOut } from './game.js';
export type { GameOut, PrincipalKind } from './game.js';
export type { LookupSource, PlayerOut } from './lookup.js';
export type { ObjectOut, ZoneOut } from './objects.js';
export { movePayload } from './payload.js';
export { rulesetOut } from './rulesets.js';
export { whoamiOut } from './whoami.js';
export { toTranscript } from './transcript.js';

export type { ResultOut, TurnOut } from './table.js';

/** Resolvers of `Game`, `GameObject` and `Zone`: they read the views this module built. */
export const renderResolvers = { ...gameViewResolvers, ...viewResolvers, ...tableResolvers };
