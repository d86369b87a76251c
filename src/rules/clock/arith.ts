/**
 * Clock arithmetic: a clock's values as of a later instant, and when the ticking clock runs out.
 * Pure; every instant is database time in epoch milliseconds (issue 40: "time lives in PostgreSQL").
 */
import { assertNever } from '../assert.js';
import { ROUND_KEY, type ClockState, type SeatClock } from './types.js';

/**
 * The key of the clock that ticks now (a seat id, or {@link ROUND_KEY} for a round clock), or null:
 * not started, paused, stopped, time already called (MTR 2.5), or no seat runs.
 */
export function tickingKey(clock: ClockState): string | null {
  if (!clock.started || clock.paused || clock.stopped) return null;
  if (clock.settings.config.kind === 'round') return clock.timeCalled ? null : ROUND_KEY;
  if (clock.running === null) return null;
  const seat = clock.seats[clock.running];
  return seat && !seat.stopped ? clock.running : null;
}

/** Byo-yomi: a seat's clock after `used` ms (main time first, then whole periods; never below 0). */
function consumeByoYomi(seat: SeatClock, used: number, periodMs: number): SeatClock {
  let left = used;
  let { remainingMs, periodsLeft, inPeriods } = seat;
  if (!inPeriods) {
    if (left < remainingMs) return { ...seat, remainingMs: remainingMs - left };
    left -= remainingMs;
    inPeriods = true;
    remainingMs = periodsLeft > 0 ? periodMs : 0;
  }
  while (periodsLeft > 0 && left >= remainingMs) {
    left -= remainingMs;
    periodsLeft -= 1;
    remainingMs = periodsLeft > 0 ? periodMs : 0;
  }
  if (periodsLeft > 0) remainingMs -= left;
  return { ...seat, remainingMs, periodsLeft, inPeriods };
}

/** Hourglass: `used` ms shared as equally as whole milliseconds allow, the remainder to the first seats. */
function flowTo(
  seats: Record<string, SeatClock>,
  order: readonly string[],
  from: string,
  used: number,
): void {
  const takers = order.filter((id) => id !== from && seats[id] && !seats[id].stopped);
  if (takers.length === 0) return;
  const share = Math.floor(used / takers.length);
  let extra = used - share * takers.length;
  for (const id of takers) {
    const seat = seats[id] as SeatClock;
    seats[id] = { ...seat, remainingMs: seat.remainingMs + share + (extra > 0 ? 1 : 0) };
    if (extra > 0) extra -= 1;
  }
}

/**
 * The clock's values as of `now` (never earlier than its `asOf`): the ticking clock has used the
 * time since, down to zero at most (a clock that reached zero stays there until its expiry is
 * recorded). The deadline is unchanged: settling only restates the same clock at a later instant.
 */
export function settle(clock: ClockState, now: number): ClockState {
  const key = tickingKey(clock);
  const elapsed = Math.max(0, now - clock.asOf);
  if (key === null || elapsed === 0) return { ...clock, asOf: Math.max(now, clock.asOf) };
  const seats: Record<string, SeatClock> = { ...clock.seats };
  const seat = seats[key] as SeatClock;
  const config = clock.settings.config;
  switch (config.kind) {
    case 'byoYomi':
      seats[key] = consumeByoYomi(seat, elapsed, config.periodMs);
      break;
    case 'hourglass': {
      const used = Math.min(elapsed, seat.remainingMs);
      seats[key] = { ...seat, remainingMs: seat.remainingMs - used };
      flowTo(seats, clock.order, key, used);
      break;
    }
    case 'chess':
    case 'turn':
    case 'round':
      seats[key] = { ...seat, remainingMs: Math.max(0, seat.remainingMs - elapsed) };
      break;
    default:
      return assertNever(config);
  }
  return { ...clock, seats, asOf: now };
}

/** The instant the ticking clock runs out (byo-yomi: its last period), or null when none ticks. */
export function deadlineOf(clock: ClockState): number | null {
  const key = tickingKey(clock);
  if (key === null) return null;
  const seat = clock.seats[key] as SeatClock;
  const config = clock.settings.config;
  if (config.kind !== 'byoYomi') return clock.asOf + seat.remainingMs;
  const periodsAfter = seat.inPeriods ? Math.max(0, seat.periodsLeft - 1) : seat.periodsLeft;
  return clock.asOf + seat.remainingMs + periodsAfter * config.periodMs;
}

/** The clock with its deadline restated from the rest (every operation ends with this). */
export function withDeadline(clock: ClockState): ClockState {
  return { ...clock, deadline: deadlineOf(clock) };
}

/** What a reader is shown of one clock: the values as of an instant, to count down from locally. */
export interface ClockReading {
  /** The instant (epoch ms, database time) the values are as of. */
  readonly asOf: number;
  readonly running: string | null;
  /** The key of the clock counting down from `asOf` (a seat, or `round`), null when none does. */
  readonly ticking: string | null;
  readonly paused: boolean;
  readonly pauseReason: string | null;
  readonly started: boolean;
  readonly stopped: boolean;
  readonly deadline: number | null;
  readonly seats: readonly {
    readonly key: string;
    readonly remainingMs: number;
    readonly periodsLeft: number;
    readonly flagged: boolean;
    readonly stopped: boolean;
  }[];
  readonly timeCalled: { readonly turnZero: number; readonly lastTurn: number } | null;
}

/** A clock read as of `now` (a view at the server's current time, or an event at its own instant). */
export function readClock(clock: ClockState, now: number): ClockReading {
  const at = settle(clock, now);
  const keys = clock.settings.config.kind === 'round' ? [ROUND_KEY] : clock.order;
  return {
    asOf: at.asOf,
    running: at.running,
    ticking: tickingKey(at),
    paused: at.paused !== null,
    pauseReason: at.paused?.reason ?? null,
    started: at.started,
    stopped: at.stopped,
    deadline: at.deadline,
    seats: keys.map((key) => {
      const s = at.seats[key] as SeatClock;
      return {
        key,
        remainingMs: s.remainingMs,
        periodsLeft: s.periodsLeft,
        flagged: s.flagged,
        stopped: s.stopped,
      };
    }),
    timeCalled: at.timeCalled ?? null,
  };
}
