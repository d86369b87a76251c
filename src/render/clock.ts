/**
 * The clocks as every reader is shown them (issue 40): public to all, each value as of an instant
 * of the database's clock, so that a client counts down locally without drift.
 */
import {
  assertNever,
  readClock,
  type ClockChange,
  type ClockConfig,
  type ClockState,
} from '../rules/index.js';

type ClockKindOut = 'CHESS' | 'BYO_YOMI' | 'HOURGLASS' | 'TURN' | 'ROUND';

function kindOut(config: ClockConfig): ClockKindOut {
  switch (config.kind) {
    case 'chess':
      return 'CHESS';
    case 'byoYomi':
      return 'BYO_YOMI';
    case 'hourglass':
      return 'HOURGLASS';
    case 'turn':
      return 'TURN';
    case 'round':
      return 'ROUND';
    default:
      return assertNever(config);
  }
}

/** `GameClock`: the clocks read as of `now` (a view: the server's current time; an event: its own instant). */
export function clockOut(clock: ClockState, now: number) {
  const r = readClock(clock, now);
  const round = clock.settings.config.kind === 'round';
  return {
    kind: kindOut(clock.settings.config),
    asOf: new Date(r.asOf),
    asOfMs: r.asOf,
    runningPlayerId: r.running,
    ticking: r.ticking !== null,
    started: r.started,
    paused: r.paused,
    pauseReason: r.pauseReason,
    stopped: r.stopped,
    deadlineMs: r.deadline,
    seats: r.seats.map((s) => ({
      playerId: round ? null : s.key,
      remainingMs: s.remainingMs,
      periodsLeft: s.periodsLeft,
      flagged: s.flagged,
      stopped: s.stopped,
    })),
    timeCalledTurn: r.timeCalled?.turnZero ?? null,
    lastTurn: r.timeCalled?.lastTurn ?? null,
  };
}

const OPS = {
  start: 'START',
  pass: 'PASS',
  pause: 'PAUSE',
  resume: 'RESUME',
  addTime: 'ADD_TIME',
  outage: 'OUTAGE',
  expire: 'EXPIRE',
} as const satisfies Record<ClockChange['op'], string>;

/** `ClockChange`: what a clock event did. */
export function clockChangeOut(change: ClockChange | undefined) {
  if (!change) return null;
  return {
    op: OPS[change.op],
    playerId: change.playerId,
    toPlayerId: change.toPlayerId ?? null,
    ms: change.ms ?? null,
    reason: change.reason ?? null,
    consequence: change.consequence ?? null,
  };
}
