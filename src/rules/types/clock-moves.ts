/** The moves that keep time (issue 40): each refereed like any move, one event in the log. */

/** Start the game's clocks, or restart clocks an import carried stopped (referee, judges). */
export interface StartClockMove {
  readonly kind: 'startClock';
  /** The seat whose clock runs first (absent: the seat that ran before, else the active seat). */
  readonly playerId?: string;
}

/** The running seat passes its clock (to a named seat, or to the next one). */
export interface PassClockMove {
  readonly kind: 'passClock';
  /** The seat whose clock runs next (absent: the next seat whose clock is not stopped). */
  readonly toPlayerId?: string;
}

/** Pause every clock (referee, judges), with a reason every reader is shown. */
export interface PauseClockMove {
  readonly kind: 'pauseClock';
  readonly reason: string;
}

/** Resume paused clocks (referee, judges), with a reason. */
export interface ResumeClockMove {
  readonly kind: 'resumeClock';
  readonly reason: string;
}

/** Add time to a seat's clock, or to a round clock (a judge's time extension, MTR 2.5). */
export interface AddClockTimeMove {
  readonly kind: 'addClockTime';
  /** The seat (ignored by a round clock: there is one clock). */
  readonly playerId?: string;
  readonly ms: number;
}

/** The moves that keep time (issue 40). */
export type ClockMove = StartClockMove | PassClockMove | PauseClockMove | ResumeClockMove | AddClockTimeMove;
