/**
 * A seat's live record for the zk-rng/1 suites (docs/fairness.md, "Your own cards"): the seat's own
 * events, read with the typed client's `SeatHistoryDocument` and its token, made into the record
 * `verifyGame` takes with the client's `seatRecordOf`.
 */
import { seatRecordOf, type SeatEvent, type SeatRecord } from '../../client/seat-replay.js';
import { SeatHistoryDocument } from '../../client/operations.js';
import { post, type DeckCard } from '../support/game-api.js';
import type { TestServer } from '../support/server.js';

const HISTORY = String(SeatHistoryDocument);
const PAGE = 100;

/** Every event the seat received, in seq order (its history reads as its live events did). */
export async function seatEvents(server: TestServer, gameId: string, token: string): Promise<SeatEvent[]> {
  const events: SeatEvent[] = [];
  for (let after = 0; ;) {
    const res = await post<{ gameEvents: SeatEvent[] }>(
      server,
      HISTORY,
      { gameId, afterSeq: after, first: PAGE },
      token,
    );
    if (!res.data) throw new Error(`gameEvents failed: ${res.text}`);
    events.push(...res.data.gameEvents);
    if (res.data.gameEvents.length < PAGE) return events;
    after = events.at(-1)!.seq;
  }
}

/** The seat's live record, with its own deck (card names) as the host submitted it. */
export async function seatRecord(
  server: TestServer,
  gameId: string,
  seat: { id: string; token: string },
  deck: readonly DeckCard[] | null,
): Promise<SeatRecord> {
  return seatRecordOf(
    seat.id,
    await seatEvents(server, gameId, seat.token),
    deck ? deck.map((c) => c.name) : null,
  );
}
