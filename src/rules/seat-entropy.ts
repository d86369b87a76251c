/**
 * Seat entropy since the last commitment, and the game's random-act count (docs/fairness.md, "Seat
 * entropy" and "Per-act key"), as the log makes them: a commitment (GAME_CREATED, GAME_IMPORTED)
 * starts both afresh, a seat's ENTROPY_ADDED adds the seat, and every recorded act (a committed
 * NO_MOVE's included) takes the next number. Pure, so that a replay rebuilds what the planner kept.
 */
import type { DomainEvent } from './types/events.js';
import type { GameState, SeatEntropy } from './types/state.js';

/** The part of a state this file follows. */
export interface SeatInput {
  readonly seatEntropy?: SeatEntropy;
  readonly randomActs?: number;
}

/** `prev` after `event` (see the file comment). */
export function seatInputAfter(prev: SeatInput, event: DomainEvent): SeatInput {
  let seatEntropy = prev.seatEntropy;
  let randomActs = prev.randomActs ?? 0;
  if (event.commitment) {
    seatEntropy = { waits: event.commitment.waitsForSeats ?? false, given: [] };
    randomActs = 0;
  }
  const seat = event.entropyAdded?.playerId;
  if (seatEntropy && seat && !seatEntropy.given.includes(seat))
    seatEntropy = { ...seatEntropy, given: [...seatEntropy.given, seat] };
  randomActs += event.random?.acts.length ?? 0;
  return { ...(seatEntropy ? { seatEntropy } : {}), ...(randomActs > 0 ? { randomActs } : {}) };
}

/**
 * The seats whose entropy a random act still waits for: in a game that waits, every seat that has
 * not conceded and added no entropy since the last commitment, in seat order. Empty in a game that
 * does not wait. Public, as entropy events are.
 */
export function awaitedSeats(state: GameState): string[] {
  const seats = state.seatEntropy;
  if (!seats?.waits) return [];
  return state.players.filter((p) => !p.conceded && !seats.given.includes(p.id)).map((p) => p.id);
}
