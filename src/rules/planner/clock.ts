/**
 * The clock moves (issue 40) and the clock's part in other moves: a new turn hands the clock on,
 * a concession stops the seat's clock, a result stops every clock. Each clock change is one event
 * recording what was done (`clockChange`) and the clocks after it (`table.clock`), as of the
 * database's time the authority gives (`ctx.now`).
 */
import {
  addClockTime,
  clockRule,
  expireClock,
  MAX_PAUSE_REASON,
  passClock,
  pauseClock,
  resumeClock,
  startClock,
} from '../clock/ops.js';
import type { ClockOutcome, ClockState } from '../clock/types.js';
import type {
  AddClockTimeMove,
  PassClockMove,
  PauseClockMove,
  ResumeClockMove,
  StartClockMove,
} from '../types/clock-moves.js';
import type { ClockChange } from '../types/events.js';
import { nowOf } from './clock-hooks.js';
import type { Draft } from './draft.js';
import { INPUT_RULE, reject } from './reject.js';
import { planConcede } from './table.js';

/**
 * The clocks and the database's time, or NO_CLOCK for a game that keeps none (`TimeNeeded` when
 * the move was planned without the time: the authority reads it and plans again).
 */
function clockOf(d: Draft): { clock: ClockState; now: number } {
  if (!d.clock) throw reject('NO_CLOCK', INPUT_RULE, 'This game keeps no clock.');
  return { clock: d.clock, now: nowOf(d) };
}

function reasonOf(reason: unknown): string {
  if (typeof reason !== 'string' || reason.trim() === '' || reason.length > MAX_PAUSE_REASON)
    throw reject('BAD_CLOCK_TIME', INPUT_RULE, `The reason is 1 to ${MAX_PAUSE_REASON} characters.`);
  return reason;
}

function record(d: Draft, outcome: ClockOutcome, change: ClockChange): void {
  if (!outcome.ok) throw reject(outcome.refusal.code, outcome.refusal.rule, outcome.refusal.message);
  d.begin('CLOCK_CHANGED', [clockRule(outcome.clock.settings.config)]);
  d.setClock(outcome.clock);
  d.record({ clockChange: change });
  d.end();
}

/** Starts the game's clocks, or restarts clocks an import carried stopped (referee, judges). */
export function planStartClock(d: Draft, move: StartClockMove): void {
  const { clock, now } = clockOf(d);
  const outcome = startClock(clock, now, move.playerId ?? null, d.turn?.activePlayerId ?? null);
  const to = outcome.ok ? outcome.clock.running : null;
  record(d, outcome, { op: 'start', playerId: null, toPlayerId: to });
}

/** The running seat passes its clock; the referee, or a judge not acting for a seat, passes for it. */
export function planPassClock(d: Draft, move: PassClockMove): void {
  const { clock, now } = clockOf(d);
  const from = d.ctx.actorId ?? clock.running ?? '';
  const outcome = passClock(clock, now, from, move.toPlayerId ?? null);
  const to = outcome.ok ? outcome.clock.running : null;
  record(d, outcome, { op: 'pass', playerId: from, toPlayerId: to });
}

/** Pauses every clock, with a reason every reader is shown. */
export function planPauseClock(d: Draft, move: PauseClockMove): void {
  const { clock, now } = clockOf(d);
  const reason = reasonOf(move.reason);
  record(d, pauseClock(clock, now, reason), { op: 'pause', playerId: null, reason });
}

/** Resumes paused clocks, with a reason. */
export function planResumeClock(d: Draft, move: ResumeClockMove): void {
  const { clock, now } = clockOf(d);
  const reason = reasonOf(move.reason);
  record(d, resumeClock(clock, now), { op: 'resume', playerId: null, reason });
}

/** A judge's time extension (MTR 2.5): to a seat's clock, or to the one round clock. */
export function planAddClockTime(d: Draft, move: AddClockTimeMove): void {
  const { clock, now } = clockOf(d);
  const key = move.playerId ?? clock.running ?? '';
  const outcome = addClockTime(clock, now, key, move.ms);
  const who = clock.settings.config.kind === 'round' ? null : key;
  record(d, outcome, { op: 'addTime', playerId: who, ms: move.ms });
}

/**
 * The ticking clock ran out (one CLOCK_EXPIRED): the flag falls, and the game's consequence
 * follows: the seat concedes (MTG 104.3a; the result when one seat is left, MTG 104.2a), only the
 * flag, or time is called with additional turns (MTR 2.5). Throws NO_CLOCK / CLOCK_NOT_STARTED
 * style rejections when nothing is due (the sweep found a clock another instance already expired).
 */
export function planClockExpiry(d: Draft): void {
  const { clock, now } = clockOf(d);
  const expiry = expireClock(clock, now, d.turn?.number ?? 0);
  if (!expiry) throw reject('CLOCK_NOT_STARTED', clockRule(clock.settings.config), 'No clock has run out.');
  const { consequence } = expiry;
  d.begin('CLOCK_EXPIRED', [clockRule(clock.settings.config)]);
  d.setClock(expiry.clock);
  d.record({
    clockChange: {
      op: 'expire',
      playerId: consequence.kind === 'additionalTurns' ? null : consequence.playerId,
      toPlayerId: expiry.clock.running,
      consequence: consequence.kind,
    },
  });
  d.end();
  if (consequence.kind === 'lose' && !d.players.find((p) => p.id === consequence.playerId)?.conceded)
    planConcede(d, { kind: 'concede', playerId: consequence.playerId });
}
