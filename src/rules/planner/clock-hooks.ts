/**
 * The clock's part in the table's moves (issue 40): a new turn hands the clock on, a concession
 * stops the seat's clock, a result stops every clock. Each writes into the move's own event.
 *
 * The time: every clock change is made as of the database's time the authority gives (`ctx.now`).
 * The authority may plan a move of a game with clocks without it first: most moves (a card moved,
 * a tap) leave the clocks as they are and need no time, so reading it would be a database round
 * trip for nothing. A plan that does need it throws {@link TimeNeeded} ({@link nowOf}), and the
 * authority reads the time and plans again.
 */
import { clockOnNewTurn, stopAllClocks, stopSeatClock } from '../clock/ops.js';
import type { Draft } from './draft.js';

/**
 * Thrown by the planner when a game's clocks change and no time was given (`ctx.now`): not a
 * refusal and not a failure. The caller reads the database's time and plans the move again; a plan
 * is pure, so the first attempt leaves nothing behind.
 */
export class TimeNeeded extends Error {
  constructor() {
    super('the move changes the clocks: plan it again with the database time');
    this.name = 'TimeNeeded';
  }
}

/** The database's time the move is planned at; {@link TimeNeeded} when none was given. */
export function nowOf(d: Draft): number {
  if (d.ctx.now === undefined) throw new TimeNeeded();
  return d.ctx.now;
}

/** A new turn (MTG 500.1) hands the clock to the new active seat, in the TURN_CHANGED event. */
export function clockFollowsTurn(d: Draft, activeId: string): void {
  if (!d.clock) return;
  d.setClock(clockOnNewTurn(d.clock, nowOf(d), activeId));
}

/** A conceded seat's clock stops (MTG 104.3a), in the PLAYER_CONCEDED event. */
export function clockStopsForSeat(d: Draft, playerId: string): void {
  if (!d.clock) return;
  d.setClock(stopSeatClock(d.clock, nowOf(d), playerId));
}

/** Every clock stops when the game ends, in its GAME_ENDED event: the final times are these. */
export function clocksStop(d: Draft): void {
  if (!d.clock) return;
  d.setClock(stopAllClocks(d.clock, nowOf(d)));
}
