/**
 * The clock's part in the table's moves (issue 40): a new turn hands the clock on, a concession
 * stops the seat's clock, a result stops every clock. Each writes into the move's own event.
 */
import { clockOnNewTurn, stopAllClocks, stopSeatClock } from '../clock/ops.js';
import type { Draft } from './draft.js';

/** A new turn (MTG 500.1) hands the clock to the new active seat, in the TURN_CHANGED event. */
export function clockFollowsTurn(d: Draft, activeId: string): void {
  if (!d.clock || d.ctx.now === undefined) return;
  d.setClock(clockOnNewTurn(d.clock, d.ctx.now, activeId));
}

/** A conceded seat's clock stops (MTG 104.3a), in the PLAYER_CONCEDED event. */
export function clockStopsForSeat(d: Draft, playerId: string): void {
  if (!d.clock || d.ctx.now === undefined) return;
  d.setClock(stopSeatClock(d.clock, d.ctx.now, playerId));
}

/** Every clock stops when the game ends, in its GAME_ENDED event: the final times are these. */
export function clocksStop(d: Draft): void {
  if (!d.clock || d.ctx.now === undefined) return;
  d.setClock(stopAllClocks(d.clock, d.ctx.now));
}
