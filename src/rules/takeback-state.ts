/**
 * A game's takebacks as its log makes them (issue 41): the open request and each seat's requests in
 * the current turn, folded event by event, so that the planner's next state and a replay of the log
 * agree (as `seat-entropy.ts` does for seat entropy). Pure.
 *
 * - TAKEBACK_REQUESTED opens the request and counts it against its seat in this turn (a request in
 *   a later turn starts the seat's count afresh).
 * - TAKEBACK_ACCEPTED adds the accepting seat; the last acceptance is the rewind itself.
 * - A request is void once anything else happens at the table: every other planned event closes it
 *   (TAKEBACK_REFUSED and the accepted rewind among them). Events that change nothing at the table
 *   leave it open: NO_MOVE, the clocks' CLOCK_CHANGED (clocks keep running during the vote) and the
 *   lifecycle's events (written by the data layer).
 */
import type { DomainEvent, EventKind } from './types/events.js';
import type { GameState } from './types/state.js';
import type { PendingTakeback, TakebackState } from './types/takeback.js';

/**
 * How many takebacks one seat may ask for in one turn (a game without turns: in the whole game),
 * answered or not: a seat cannot press the others with endless requests (XMage #7437).
 */
export const MAX_TAKEBACK_REQUESTS_PER_TURN = 3;

/** The longest reason a takeback request may give. */
export const MAX_TAKEBACK_REASON = 200;

/** Event kinds that leave an open request open (see the file comment). */
const KEEPS_REQUEST: ReadonlySet<EventKind> = new Set<EventKind>([
  'NO_MOVE',
  'CLOCK_CHANGED',
  'GAME_CREATED',
  'GAME_ENDED',
  'GAME_ARCHIVED',
  'GAME_IMPORTED',
]);

/** The number the takeback count of a turn is kept under: the turn's, or 0 without turns. */
export const turnKey = (state: Pick<GameState, 'turn'>): number => state.turn?.number ?? 0;

/** How many requests `seat` made in the current turn of `state`. */
export function requestsThisTurn(state: GameState, seat: string): number {
  const asked = state.takeback?.asked[seat];
  return asked && asked.turn === turnKey(state) ? asked.count : 0;
}

/** The takebacks after `event`, from `prev` in a game whose current turn is `turn` (see the file comment). */
export function takebackAfter(
  prev: TakebackState | undefined,
  turn: number,
  event: DomainEvent,
): TakebackState | undefined {
  const tb = event.takeback;
  if (event.kind === 'TAKEBACK_REQUESTED' && tb) {
    const before = prev?.asked[tb.askerId];
    const count = before && before.turn === turn ? before.count + 1 : 1;
    const pending: PendingTakeback = {
      askerId: tb.askerId,
      toSeq: tb.toSeq,
      reason: tb.reason,
      accepted: [],
    };
    return { pending, asked: { ...prev?.asked, [tb.askerId]: { turn, count } } };
  }
  if (!prev?.pending) return prev;
  if (event.kind === 'TAKEBACK_ACCEPTED' && tb?.answeredBy)
    return { ...prev, pending: { ...prev.pending, accepted: [...prev.pending.accepted, tb.answeredBy] } };
  return KEEPS_REQUEST.has(event.kind) ? prev : { ...prev, pending: null };
}

/** `state` with its takebacks after `events` (each folded under the turn before it). */
export function withTakebackAfter(
  before: GameState,
  after: GameState,
  events: readonly DomainEvent[],
): GameState {
  let tb = before.takeback;
  let turn = turnKey(before);
  for (const e of events) {
    tb = takebackAfter(tb, turn, e);
    if (e.table?.turn) turn = e.table.turn.number;
  }
  const { takeback: _old, ...rest } = after;
  return tb ? { ...rest, takeback: tb } : rest;
}
