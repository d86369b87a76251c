/**
 * Inputs of the moves that keep time (issue 40), and a new game's clock settings from
 * `CreateGameInput.clock`. Who may make each move is the seat policy's and the planner's.
 */
import { badInput } from '../../errors.js';
import type { ClockConfig, ClockSettings, SeatExpiry } from '../../rules/index.js';
import { given } from '../move-input.js';
import { moveInput } from './entry.js';

type Kind = 'CHESS' | 'BYO_YOMI' | 'HOURGLASS' | 'TURN' | 'ROUND';
type Expiry = 'LOSE' | 'FLAG';

/** `ClockInput` as GraphQL gives it. */
export interface ClockInputArgs {
  readonly kind: Kind;
  readonly mainMs?: number | null;
  readonly incrementMs?: number | null;
  readonly delayMs?: number | null;
  readonly periods?: number | null;
  readonly periodMs?: number | null;
  readonly limitMs?: number | null;
  readonly roundMs?: number | null;
  readonly additionalTurns?: number | null;
  readonly onExpire?: Expiry | null;
  readonly followsTurn?: boolean | null;
}

const EXPIRIES: Record<Expiry, SeatExpiry> = { LOSE: 'lose', FLAG: 'flag' };

function required(value: number | null | undefined, field: string): number {
  if (value === null || value === undefined)
    throw badInput(`Field clock.${field} is required for this kind.`, `clock.${field}`);
  return value;
}

function configOf(c: ClockInputArgs): ClockConfig {
  const onExpire = EXPIRIES[c.onExpire ?? 'LOSE'];
  const maybe = (k: 'incrementMs' | 'delayMs') => (c[k] === null || c[k] === undefined ? {} : { [k]: c[k] });
  const byKind: Record<Kind, () => ClockConfig> = {
    CHESS: () => ({
      kind: 'chess',
      mainMs: required(c.mainMs, 'mainMs'),
      ...maybe('incrementMs'),
      ...maybe('delayMs'),
      onExpire,
    }),
    BYO_YOMI: () => ({
      kind: 'byoYomi',
      mainMs: c.mainMs ?? 0,
      periods: required(c.periods, 'periods'),
      periodMs: required(c.periodMs, 'periodMs'),
      onExpire,
    }),
    HOURGLASS: () => ({ kind: 'hourglass', mainMs: required(c.mainMs, 'mainMs'), onExpire }),
    TURN: () => ({ kind: 'turn', limitMs: required(c.limitMs, 'limitMs'), onExpire }),
    ROUND: () => ({
      kind: 'round',
      roundMs: required(c.roundMs, 'roundMs'),
      additionalTurns: c.additionalTurns ?? 5,
    }),
  };
  return byKind[c.kind]();
}

/** A game's clock settings from `CreateGameInput.clock` (times are checked by the authority). */
export function clockSettingsOf(c: ClockInputArgs | null | undefined): ClockSettings | null {
  return c ? { config: configOf(c), followsTurn: c.followsTurn ?? true } : null;
}

export const startClock = moveInput('startClock', (input) => ({
  kind: 'startClock',
  ...(given(input.playerId) ? { playerId: input.playerId } : {}),
}));

export const passClock = moveInput('passClock', (input) => ({
  kind: 'passClock',
  ...(given(input.toPlayerId) ? { toPlayerId: input.toPlayerId } : {}),
}));

export const pauseClock = moveInput('pauseClock', (input) => ({ kind: 'pauseClock', reason: input.reason }));

export const resumeClock = moveInput('resumeClock', (input) => ({
  kind: 'resumeClock',
  reason: input.reason,
}));

export const addClockTime = moveInput('addClockTime', (input) => ({
  kind: 'addClockTime',
  ms: input.ms,
  ...(given(input.playerId) ? { playerId: input.playerId } : {}),
}));
