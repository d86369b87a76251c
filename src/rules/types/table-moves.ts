/** The moves that change the table beyond zones: statuses, counters, turns, concession and the result. */

import type { Selector } from './selection.js';

/** What holds counters: an object (by public id), a player or a zone. */
export type CounterHolder =
  | { readonly kind: 'object'; readonly id: string }
  | { readonly kind: 'player'; readonly id: string }
  | { readonly kind: 'zone'; readonly id: string };

/** Set a status on objects (MTG 110.5, 701.26 tap). The default value clears it. */
export interface SetStatusMove {
  readonly kind: 'setStatus';
  readonly select: Selector;
  readonly name: string;
  readonly value: string;
}

/** Add, remove or set counters of one kind on a holder (MTG 122.1, 119.3). */
export interface ChangeCountersMove {
  readonly kind: 'changeCounters';
  readonly holder: CounterHolder;
  readonly counter: string;
  readonly op: 'add' | 'remove' | 'set';
  readonly amount: number;
}

/** Move counters of one kind between holders at once (MTG 122.5; NR credits from the bank). */
export interface MoveCountersMove {
  readonly kind: 'moveCounters';
  readonly from: CounterHolder;
  readonly to: CounterHolder;
  readonly counter: string;
  readonly amount: number;
}

/** Start the next turn (MTG 500.1): number + 1, next seat, first phase. */
export interface AdvanceTurnMove {
  readonly kind: 'advanceTurn';
  /** Referee and judges: the new active player (else the next seat that has not conceded). */
  readonly activePlayerId?: string;
}

/** Set the phase of the current turn (MTG 500.1). */
export interface SetPhaseMove {
  readonly kind: 'setPhase';
  readonly phase: string;
}

/** A seat concedes (MTG 104.3a) and leaves the game (MTG 800.4a). */
export interface ConcedeMove {
  readonly kind: 'concede';
  readonly playerId: string;
}

/** End the game with a result (MTG 104.1-104.4). */
export interface EndGameMove {
  readonly kind: 'endGame';
  readonly winnerIds: readonly string[];
  readonly draw: boolean;
  readonly reason: string;
}

/** The moves that change the table beyond zones (issue 28). */
export type TableMove =
  | SetStatusMove
  | ChangeCountersMove
  | MoveCountersMove
  | AdvanceTurnMove
  | SetPhaseMove
  | ConcedeMove
  | EndGameMove;
