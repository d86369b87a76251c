/**
 * Clock operations: creating a game's clocks, starting, passing, pausing, resuming, adding time,
 * handing the clock on a new turn, stopping a seat or every clock, and recording an expiry. Each
 * takes the database's `now` (epoch ms), settles the clock to it, and returns the next state with
 * its deadline restated, or a typed refusal leaving it as it was.
 */
import { assertNever } from '../assert.js';
import { deadlineOf, settle, tickingKey, withDeadline } from './arith.js';
import {
  ROUND_KEY,
  type ClockConfig,
  type ClockOutcome,
  type ClockRefusal,
  type ClockRefusalCode,
  type ClockSettings,
  type ClockState,
  type ExpiryConsequence,
  type SeatClock,
} from './types.js';

/** The longest time any clock may hold or be given at once: 30 days. */
export const MAX_CLOCK_MS = 30 * 24 * 60 * 60 * 1000;
/** The most byo-yomi periods, and the most additional turns of a round clock. */
export const MAX_CLOCK_PERIODS = 100;
/** The longest pause reason, in characters. */
export const MAX_PAUSE_REASON = 200;

/** The convention each kind's refusals cite. */
export function clockRule(config: ClockConfig): string {
  switch (config.kind) {
    case 'chess':
      return 'FIDE Laws of Chess 6';
    case 'byoYomi':
      return 'byo-yomi';
    case 'hourglass':
      return 'hourglass';
    case 'turn':
      return 'turn limit';
    case 'round':
      return 'MTR 2.5';
    default:
      return assertNever(config);
  }
}

const refuse = (code: ClockRefusalCode, rule: string, message: string): ClockOutcome => ({
  ok: false,
  refusal: { code, rule, message },
});

const isTime = (ms: unknown, min: number): boolean =>
  typeof ms === 'number' && Number.isSafeInteger(ms) && ms >= min && ms <= MAX_CLOCK_MS;

/** Why a clock configuration cannot be used (every time a whole number of ms, within bounds), or null. */
export function checkClockConfig(config: ClockConfig): ClockRefusal | null {
  const bad = (message: string): ClockRefusal => ({
    code: 'BAD_CLOCK_TIME',
    rule: clockRule(config),
    message,
  });
  const count = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_CLOCK_PERIODS;
  switch (config.kind) {
    case 'chess':
      if (!isTime(config.mainMs, 1)) return bad('mainMs must be a whole number of ms, 1 to 30 days');
      if (config.incrementMs !== undefined && config.delayMs !== undefined)
        return bad('a chess clock has an increment or a delay, not both');
      if (config.incrementMs !== undefined && !isTime(config.incrementMs, 0)) return bad('bad incrementMs');
      if (config.delayMs !== undefined && !isTime(config.delayMs, 0)) return bad('bad delayMs');
      return null;
    case 'byoYomi':
      if (!isTime(config.mainMs, 0)) return bad('bad mainMs');
      if (!isTime(config.periodMs, 1)) return bad('bad periodMs');
      if (!count(config.periods)) return bad(`periods must be 0 to ${MAX_CLOCK_PERIODS}`);
      if (config.mainMs === 0 && config.periods === 0) return bad('a byo-yomi clock needs some time');
      return null;
    case 'hourglass':
      return isTime(config.mainMs, 1) ? null : bad('bad mainMs');
    case 'turn':
      return isTime(config.limitMs, 1) ? null : bad('bad limitMs');
    case 'round':
      if (!isTime(config.roundMs, 1)) return bad('bad roundMs');
      return count(config.additionalTurns) ? null : bad(`additionalTurns must be 0 to ${MAX_CLOCK_PERIODS}`);
    default:
      return assertNever(config);
  }
}

function firstSeat(config: ClockConfig): SeatClock {
  const seat = (remainingMs: number, periodsLeft = 0): SeatClock => ({
    remainingMs,
    periodsLeft,
    flagged: false,
    stopped: false,
    inPeriods: false,
  });
  switch (config.kind) {
    case 'chess':
    case 'hourglass':
      return seat(config.mainMs);
    case 'byoYomi':
      return config.mainMs > 0
        ? seat(config.mainMs, config.periods)
        : { ...seat(config.periodMs, config.periods), inPeriods: true };
    case 'turn':
      return seat(config.limitMs);
    case 'round':
      return seat(config.roundMs);
    default:
      return assertNever(config);
  }
}

/** A new game's clocks, not started: every seat (or the round) at its full time. */
export function newClock(settings: ClockSettings, seatIds: readonly string[], now: number): ClockState {
  const keys = settings.config.kind === 'round' ? [ROUND_KEY] : seatIds;
  return {
    settings,
    seats: Object.fromEntries(keys.map((k) => [k, firstSeat(settings.config)])),
    order: [...seatIds],
    running: null,
    asOf: now,
    started: false,
    paused: null,
    stopped: false,
    expiries: 0,
    givenBack: 0,
    deadline: null,
  };
}

/** The seat after `from` in seat order whose clock is not stopped (wrapping), or null. */
export function nextSeat(clock: ClockState, from: string | null): string | null {
  const n = clock.order.length;
  const at = from === null ? -1 : clock.order.indexOf(from);
  for (let i = 1; i <= n; i += 1) {
    const id = clock.order[(at + i + n) % n] as string;
    if (clock.settings.config.kind === 'round' || !clock.seats[id]?.stopped) return id;
  }
  return null;
}

const live = (clock: ClockState, rule: string): ClockOutcome | null => {
  if (clock.stopped) return refuse('CLOCK_STOPPED', rule, 'the clocks are stopped');
  if (!clock.started) return refuse('CLOCK_NOT_STARTED', rule, 'the clocks have not been started');
  return null;
};

/** The clock after `seat` ends a run: Fischer increment, Bronstein delay, or a byo-yomi period kept whole. */
function endRun(clock: ClockState, seatId: string): ClockState {
  const seat = clock.seats[seatId];
  if (!seat) return clock;
  const config = clock.settings.config;
  let next = seat;
  if (config.kind === 'chess' && config.incrementMs !== undefined)
    next = { ...seat, remainingMs: seat.remainingMs + config.incrementMs };
  else if (config.kind === 'chess' && config.delayMs !== undefined) {
    const used = Math.max(0, (clock.runStartMs ?? seat.remainingMs) - seat.remainingMs);
    next = { ...seat, remainingMs: seat.remainingMs + Math.min(used, config.delayMs) };
  } else if (config.kind === 'byoYomi' && seat.inPeriods && seat.periodsLeft > 0)
    next = { ...seat, remainingMs: config.periodMs };
  return { ...clock, seats: { ...clock.seats, [seatId]: next } };
}

/** The clock with `seatId` running from now (its run's starting time kept for a Bronstein delay). */
function runFor(clock: ClockState, seatId: string | null): ClockState {
  const start = seatId === null ? undefined : clock.seats[seatId]?.remainingMs;
  const { runStartMs: _old, ...rest } = clock;
  return { ...rest, running: seatId, ...(start !== undefined ? { runStartMs: start } : {}) };
}

/** Whether the ticking clock has run out as of `now` (its deadline is due). */
export function isDue(clock: ClockState, now: number): boolean {
  const deadline = deadlineOf(clock);
  return deadline !== null && deadline <= now;
}

/**
 * Starts the clocks (the referee or a judge), or restarts clocks an import carried stopped.
 * `seat`: whose clock runs first; absent: the seat that ran before, else `fallback` (the active seat).
 */
export function startClock(
  clock: ClockState,
  now: number,
  seat: string | null,
  fallback: string | null,
): ClockOutcome {
  const rule = clockRule(clock.settings.config);
  if (clock.stopped) return refuse('CLOCK_STOPPED', rule, 'the clocks are stopped');
  if (clock.started) return refuse('CLOCK_ALREADY_STARTED', rule, 'the clocks already run');
  const first = seat ?? clock.running ?? fallback ?? nextSeat(clock, null);
  if (first !== null && !clock.order.includes(first)) return refuse('UNKNOWN_PLAYER', rule, 'no such seat');
  const started = runFor({ ...clock, asOf: Math.max(now, clock.asOf), started: true }, first);
  return { ok: true, clock: withDeadline(started) };
}

/**
 * The running seat passes its clock to `to` (absent: the next seat whose clock is not stopped).
 * Refused once the clock has run out (the expiry is recorded instead) and for any seat but the
 * running one: a seat cannot pass another seat's clock.
 */
export function passClock(clock: ClockState, now: number, from: string, to: string | null): ClockOutcome {
  const rule = clockRule(clock.settings.config);
  const dead = live(clock, rule);
  if (dead) return dead;
  if (clock.paused) return refuse('CLOCK_PAUSED', rule, 'the clocks are paused');
  if (clock.running !== from)
    return refuse('NOT_RUNNING_SEAT', rule, 'only the running seat passes its clock');
  if (isDue(clock, now)) return refuse('CLOCK_RAN_OUT', rule, 'the clock ran out before the pass');
  const target = to ?? nextSeat(clock, from);
  if (target === null || !clock.order.includes(target) || (target !== from && clock.seats[target]?.stopped))
    return refuse('UNKNOWN_PLAYER', rule, 'no seat whose clock can run');
  return { ok: true, clock: withDeadline(runFor(endRun(settle(clock, now), from), target)) };
}

/** Pauses every clock (the referee or a judge, with a reason shown to all). */
export function pauseClock(clock: ClockState, now: number, reason: string): ClockOutcome {
  const rule = clockRule(clock.settings.config);
  const dead = live(clock, rule);
  if (dead) return dead;
  if (clock.paused) return refuse('CLOCK_PAUSED', rule, 'the clocks are already paused');
  if (isDue(clock, now)) return refuse('CLOCK_RAN_OUT', rule, 'the clock ran out before the pause');
  return { ok: true, clock: withDeadline({ ...settle(clock, now), paused: { reason } }) };
}

/** Resumes paused clocks. */
export function resumeClock(clock: ClockState, now: number): ClockOutcome {
  const rule = clockRule(clock.settings.config);
  const dead = live(clock, rule);
  if (dead) return dead;
  if (!clock.paused) return refuse('CLOCK_NOT_PAUSED', rule, 'the clocks are not paused');
  return { ok: true, clock: withDeadline({ ...clock, asOf: Math.max(now, clock.asOf), paused: null }) };
}

/**
 * Adds time to a seat's clock, or to the round (a judge's time extension, MTR 2.5). A seat whose
 * flag fell under "flag only" runs again once the running seat passes to it; a round clock whose
 * time was called runs again, and time is called anew when it runs out.
 */
export function addClockTime(clock: ClockState, now: number, key: string, ms: number): ClockOutcome {
  const rule = clockRule(clock.settings.config);
  if (clock.stopped) return refuse('CLOCK_STOPPED', rule, 'the clocks are stopped');
  if (!isTime(ms, 1)) return refuse('BAD_CLOCK_TIME', rule, 'time to add must be 1 ms to 30 days');
  const round = clock.settings.config.kind === 'round';
  const target = round ? ROUND_KEY : key;
  const seat = clock.seats[target];
  if (!seat || (!round && key === ROUND_KEY)) return refuse('UNKNOWN_PLAYER', rule, 'no such clock');
  if (isDue(clock, now)) return refuse('CLOCK_RAN_OUT', rule, 'the clock ran out before the time was added');
  const at = settle(clock, now);
  const now0 = at.seats[target] as SeatClock;
  const conceded = now0.stopped && !now0.flagged;
  if (conceded) return refuse('CLOCK_STOPPED', rule, "a conceded seat's clock stays stopped");
  const added: SeatClock = { ...now0, remainingMs: now0.remainingMs + ms, flagged: false, stopped: false };
  const { timeCalled: _called, ...rest } = at;
  const next = round ? rest : at;
  return { ok: true, clock: withDeadline({ ...next, seats: { ...at.seats, [target]: added } }) };
}

/**
 * A new turn (MTG 500.1): the clock goes to the new active seat unless the game keeps it with the
 * running seat (`followsTurn` false); a turn limit gives every seat its full limit again.
 */
export function clockOnNewTurn(clock: ClockState, now: number, activeId: string | null): ClockState {
  if (clock.stopped || !clock.settings.followsTurn) return clock;
  let at = settle(clock, now);
  const config = at.settings.config;
  if (config.kind === 'turn')
    at = {
      ...at,
      seats: Object.fromEntries(
        Object.entries(at.seats).map(([k, s]) => [k, s.stopped ? s : { ...s, remainingMs: config.limitMs }]),
      ),
    };
  else if (at.running !== null && at.started) at = endRun(at, at.running);
  const target = activeId !== null && !at.seats[activeId]?.stopped ? activeId : at.running;
  return withDeadline(runFor(at, target));
}

/** A seat leaves (MTG 104.3a concession): its clock stops; if it ran, the next seat's runs. */
export function stopSeatClock(clock: ClockState, now: number, seatId: string): ClockState {
  if (clock.settings.config.kind === 'round' || !clock.seats[seatId]) return clock;
  const at = settle(clock, now);
  const seat = at.seats[seatId] as SeatClock;
  const stopped: ClockState = { ...at, seats: { ...at.seats, [seatId]: { ...seat, stopped: true } } };
  return withDeadline(at.running === seatId ? runFor(stopped, nextSeat(stopped, seatId)) : stopped);
}

/** Every clock stops for good (the game ended): the final times are the values as of `now`. */
export function stopAllClocks(clock: ClockState, now: number): ClockState {
  if (clock.stopped) return clock;
  return { ...settle(clock, now), stopped: true, deadline: null };
}

/** Clocks as of `now`, stopped until a judge starts them (an export, an import). */
export function haltClock(clock: ClockState, now: number): ClockState {
  return { ...settle(clock, now), started: false, deadline: null };
}

/**
 * The clocks after an outage of the service, from `since` to `now`: they stood still through it
 * (a clock does not run while no move can be taken), so the time is given back.
 */
export function giveBackOutage(clock: ClockState, since: number, now: number): ClockState {
  if (tickingKey(clock) === null || since >= now) return clock;
  const from = Math.max(since, clock.asOf);
  const at = settle(clock, from);
  return withDeadline({ ...at, asOf: now, givenBack: clock.givenBack + (now - from) });
}

/** A recorded expiry: the clock after it, and what the game says follows. */
export interface Expiry {
  readonly clock: ClockState;
  readonly consequence: ExpiryConsequence;
}

/**
 * Records that the ticking clock ran out (one CLOCK_EXPIRED). A seat's flag falls and its clock
 * stops at zero; the next seat's clock runs. A round clock: time is called, the turn in progress
 * (`turnNumber`) is turn 0 and `additionalTurns` more follow (MTR 2.5). Null when nothing is due.
 */
export function expireClock(clock: ClockState, now: number, turnNumber: number): Expiry | null {
  const key = tickingKey(clock);
  const deadline = deadlineOf(clock);
  if (key === null || deadline === null || deadline > now) return null;
  const at = settle(clock, deadline);
  const config = at.settings.config;
  const expiries = at.expiries + 1;
  if (config.kind === 'round') {
    const timeCalled = { turnZero: turnNumber, lastTurn: turnNumber + config.additionalTurns };
    const seats = { ...at.seats, [ROUND_KEY]: { ...(at.seats[ROUND_KEY] as SeatClock), remainingMs: 0 } };
    return {
      clock: withDeadline({ ...at, seats, timeCalled, expiries, asOf: now }),
      consequence: { kind: 'additionalTurns', timeCalled },
    };
  }
  const seat = at.seats[key] as SeatClock;
  const flagged: ClockState = {
    ...at,
    expiries,
    seats: { ...at.seats, [key]: { ...seat, remainingMs: 0, periodsLeft: 0, flagged: true, stopped: true } },
  };
  // The next seat's clock runs from the instant the flag fell, not from when the fall was recorded.
  const next = withDeadline(settle(runFor(flagged, nextSeat(flagged, key)), now));
  return { clock: next, consequence: { kind: config.onExpire, playerId: key } };
}
