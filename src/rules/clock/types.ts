/**
 * The vocabulary of the clocks the referee keeps (issue 40). Times are whole milliseconds; instants
 * are milliseconds since the Unix epoch on the database's clock (`zk_now()`), never a process's.
 * A clock's values are fixed per game version: they are stated "as of" an instant (`asOf`), and a
 * reader computes the rest from that instant and the running seat.
 */

/** What follows when a seat's clock runs out. */
export type SeatExpiry =
  /** The seat loses, as a concession (MTG 104.3a; the result when one seat is left, MTG 104.2a). */
  | 'lose'
  /** Only the flag is recorded; the referee decides what follows. */
  | 'flag';

/**
 * A per-seat chess clock. Fischer increment: `incrementMs` is added to the seat's time each time
 * it passes its clock. Bronstein delay: the time the seat used while its clock ran is given back
 * on passing, up to `delayMs` (the clock counts down from the start, so a seat with less than the
 * delay left still flags). Conventions followed: FIDE Laws of Chess, Article 6 and its
 * "increment"/"delay" modes, as in keyteki's `ChessClock`.
 */
export interface ChessClockConfig {
  readonly kind: 'chess';
  readonly mainMs: number;
  readonly incrementMs?: number;
  readonly delayMs?: number;
  readonly onExpire: SeatExpiry;
}

/**
 * Byo-yomi (Japanese Go convention, as in keyteki's `ByoyomiClock`): `mainMs` of main time, then
 * `periods` periods of `periodMs` each. A seat that passes within a period keeps it whole for its
 * next run; a period that runs out is used up and the next begins; the flag falls when the last
 * one runs out.
 */
export interface ByoYomiClockConfig {
  readonly kind: 'byoYomi';
  readonly mainMs: number;
  readonly periods: number;
  readonly periodMs: number;
  readonly onExpire: SeatExpiry;
}

/**
 * An hourglass (keyteki's `Hourglass`): while a seat's clock runs, the time it uses flows to the
 * other seats in play, shared equally among them, so the total never changes.
 */
export interface HourglassClockConfig {
  readonly kind: 'hourglass';
  readonly mainMs: number;
  readonly onExpire: SeatExpiry;
}

/**
 * A per-turn limit (keyteki's `Timer`): each seat has `limitMs` per turn; `advanceTurn` resets
 * every seat's time to the limit.
 */
export interface TurnClockConfig {
  readonly kind: 'turn';
  readonly limitMs: number;
  readonly onExpire: SeatExpiry;
}

/**
 * A shared round clock (Magic Tournament Rules 2.5, "End-of-Match Procedure", numbered 2.4 in the
 * current edition): one clock for the table. When the match time limit is reached, the player whose
 * turn it is finishes it (turn 0), then `additionalTurns` more turns are played in total (five; three
 * in team formats such as Two-Headed Giant), and the game records which turn is the last. A judge's
 * time extension adds to this clock: the procedure begins only when the extension ends (same rule).
 * The other rulesets' tournament rules are not cited here: the repository has no source for them.
 */
export interface RoundClockConfig {
  readonly kind: 'round';
  readonly roundMs: number;
  readonly additionalTurns: number;
}

/** The clock kind a game is created with (issue 40). */
export type ClockConfig =
  ChessClockConfig | ByoYomiClockConfig | HourglassClockConfig | TurnClockConfig | RoundClockConfig;

/** Common to every kind: whether `advanceTurn` hands the clock to the new active seat (default yes). */
export interface ClockSettings {
  readonly config: ClockConfig;
  /** False: the clock stays with the running seat across `advanceTurn` (it is passed explicitly). */
  readonly followsTurn: boolean;
}

/** One seat's clock, as of the clock's `asOf`. */
export interface SeatClock {
  readonly remainingMs: number;
  /** Byo-yomi: periods not used up, the current one included (other kinds: 0). */
  readonly periodsLeft: number;
  /** The seat's flag fell (its clock ran out). */
  readonly flagged: boolean;
  /** The seat's clock is stopped (it conceded, or its flag fell; a judge's added time restarts a flag). */
  readonly stopped: boolean;
  /** Byo-yomi: the seat's main time is used up and `remainingMs` is its current period's. */
  readonly inPeriods: boolean;
}

/** The key of the one shared clock of a round clock, in {@link ClockState.seats}. */
export const ROUND_KEY = 'round';

/** Time called on a round clock (MTR 2.5). */
export interface TimeCalled {
  /** The turn in progress when time was called: turn 0 of the additional turns. */
  readonly turnZero: number;
  /** The last turn to be played: `turnZero + additionalTurns`. */
  readonly lastTurn: number;
}

/** Why a running clock is paused (a judge's or the referee's reason, shown to every reader). */
export interface ClockPause {
  readonly reason: string;
}

/** A game's clocks as of an instant, part of the game's state (and so of every version of it). */
export interface ClockState {
  readonly settings: ClockSettings;
  /** Seat clocks by player id; a round clock has one entry, {@link ROUND_KEY}. */
  readonly seats: Readonly<Record<string, SeatClock>>;
  /** The seats in seat order ("the next" seat is the next one here whose clock is not stopped). */
  readonly order: readonly string[];
  /** The player whose clock runs (round clock: the seat acting, for display), or null. */
  readonly running: string | null;
  /** The instant (epoch ms, database time) the values are stated as of. */
  readonly asOf: number;
  /** The clocks were started (createGame does not start them). */
  readonly started: boolean;
  readonly paused: ClockPause | null;
  /** Every clock is stopped for good (the game ended, or it was exported). */
  readonly stopped: boolean;
  /** Bronstein delay: the running seat's time when its current run began. */
  readonly runStartMs?: number;
  /** Round clock: time was called. */
  readonly timeCalled?: TimeCalled;
  /** How many CLOCK_EXPIRED events this game's log holds. */
  readonly expiries: number;
  /** The time given back for outages so far (ms): the clocks stood still while no move could be taken. */
  readonly givenBack: number;
  /**
   * The instant (epoch ms) the ticking clock runs out, or null when none ticks. Derived from the
   * rest (see `deadlineOf`) and stored so that the database can find due clocks by an index.
   */
  readonly deadline: number | null;
}

/** Why a clock operation is refused (each a typed rejection code of the move). */
export type ClockRefusalCode =
  | 'NO_CLOCK'
  | 'CLOCK_NOT_STARTED'
  | 'CLOCK_ALREADY_STARTED'
  | 'CLOCK_STOPPED'
  | 'CLOCK_PAUSED'
  | 'CLOCK_NOT_PAUSED'
  | 'NOT_RUNNING_SEAT'
  | 'CLOCK_RAN_OUT'
  | 'UNKNOWN_PLAYER'
  | 'BAD_CLOCK_TIME';

/** A refused clock operation: its code, the convention it follows and why. */
export interface ClockRefusal {
  readonly code: ClockRefusalCode;
  readonly rule: string;
  readonly message: string;
}

/** An operation's outcome: the next clock state, or a refusal leaving it as it was. */
export type ClockOutcome =
  { readonly ok: true; readonly clock: ClockState } | { readonly ok: false; readonly refusal: ClockRefusal };

/** What a clock running out means for the game (the expiry's configured consequence). */
export type ExpiryConsequence =
  | { readonly kind: 'lose'; readonly playerId: string }
  | { readonly kind: 'flag'; readonly playerId: string }
  | { readonly kind: 'additionalTurns'; readonly timeCalled: TimeCalled };
