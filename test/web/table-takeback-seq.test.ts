/**
 * Where the table page's "Take back my last move" asks to return to (`web/table/takeback.ts`,
 * `takebackToSeq`): the event before the first event of the seat's last move, one mutation's events
 * sharing its version; the seat's events that are no move of the table are passed over.
 */
import { describe, expect, it } from 'vitest';
import type { LoggedEventInfo } from '../../web/table/api.js';
import { MAX_TAKEBACK_EVENTS } from '../../src/authority/takeback.js';
import { TAKEBACK_WINDOW, takebackToSeq } from '../../web/table/takeback.js';

const ALICE = 'alice';
const BOB = 'bob';
let version = 0;
/** One mutation's events, in order, by `actor` (a seat's id, or a judge), under the next version. */
function mutation(start: number, actor: string, ...kinds: string[]): LoggedEventInfo[] {
  version += 1;
  const by = actor === 'judge' ? { kind: 'ADMIN', playerId: null } : { kind: 'PLAYER', playerId: actor };
  return kinds.map((kind, i) => ({ seq: start + i, version, kind, actor: by }));
}

describe('takebackToSeq', () => {
  it('goes back to the event before the seat’s last move, whatever follows it', () => {
    const log = [
      ...mutation(1, 'judge', 'GAME_CREATED'),
      ...mutation(2, ALICE, 'ENTROPY_ADDED'),
      ...mutation(3, ALICE, 'OBJECTS_MOVED'),
      ...mutation(4, ALICE, 'OBJECTS_MOVED', 'STATUS_CHANGED'),
      ...mutation(6, BOB, 'COUNTERS_CHANGED'),
    ];
    // Alice's last move is the mutation of events 4 and 5: back to 3. Bob's event after it is the
    // server's to refuse (TAKEBACK_NOT_OWN_MOVE), not the page's to hide.
    expect(takebackToSeq(log, ALICE)).toBe(3);
    expect(takebackToSeq(log, BOB)).toBe(5);
  });

  it('passes over the seat’s events that are no move of the table', () => {
    const log = [
      ...mutation(1, 'judge', 'GAME_CREATED'),
      ...mutation(2, ALICE, 'OBJECTS_MOVED'),
      ...mutation(3, ALICE, 'NO_MOVE'),
      ...mutation(4, ALICE, 'TAKEBACK_REQUESTED'),
      ...mutation(5, BOB, 'TAKEBACK_REFUSED'),
      ...mutation(6, ALICE, 'CLOCK_CHANGED'),
      ...mutation(7, ALICE, 'ENTROPY_ADDED'),
    ];
    expect(takebackToSeq(log, ALICE)).toBe(1);
  });

  it('is null when the seat has no move to take back', () => {
    const log = [...mutation(1, 'judge', 'GAME_CREATED'), ...mutation(2, BOB, 'OBJECTS_MOVED')];
    expect(takebackToSeq(log, ALICE)).toBeNull();
    expect(takebackToSeq([], ALICE)).toBeNull();
    // The creation itself is no seat's move to take back (nothing is before it).
    expect(takebackToSeq(mutation(1, ALICE, 'OBJECTS_MOVED'), ALICE)).toBeNull();
  });

  it('reads as far back as the service lets a takeback go, no further', () => {
    expect(TAKEBACK_WINDOW).toBe(MAX_TAKEBACK_EVENTS);
  });
});
