/**
 * The one mapping between database rows and the rules layer's state, gathered from its tables:
 * `game-rows.ts` (a game as loaded), `src/stored/object-rows.ts` (pure, shared with the transfer format), `zone-rows.ts` and `event-rows.ts` (the log's
 * rows, the one decoder of stored payloads, and the event writer of the writes that are not one
 * statement). A column or payload change is made once, in its table's file; readers import it here.
 */
export type { GameColumns, GameRow, LoadedGame, SeatRow } from './game-rows.js';
export { objectFromRow, objectToRow, objectToSqlRow, type ObjectColumns } from '../stored/object-rows.js';
export { sortZones, zoneFromRow, zoneToSqlRow } from './zone-rows.js';
export {
  appendEvents,
  decodeEvent,
  decodeEventRow,
  eventToSqlRow,
  MalformedEventError,
  type StoredEvent,
} from './event-rows.js';
