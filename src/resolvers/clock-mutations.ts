/**
 * The clock moves (issue 40): input → rules Move, then the same authority as every move (`run`).
 * Who may make each (a seat passes only its own running clock; the referee and judges start, pause,
 * resume and add time) is the seat policy's and the planner's; nothing is decided here.
 */
import type { Resolvers } from '../generated/graphql.js';
import type { ClockConfig, ClockSettings, SeatExpiry } from '../rules/index.js';
import type { Context } from '../server/context.js';
import { badInput } from '../errors.js';
import { run, type Common } from './mutations.js';

type Args<T> = { input: T & Common };
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

const opt = <K extends string, V>(key: K, v: V | null | undefined) =>
  (v === null || v === undefined ? {} : { [key]: v }) as Partial<Record<K, V>>;

export const clockMutationResolvers = {
  Mutation: {
    startClock: (_: unknown, { input }: Args<{ playerId?: string | null }>, ctx: Context) =>
      run(ctx, 'startClock', input, () => ({ kind: 'startClock', ...opt('playerId', input.playerId) })),
    passClock: (_: unknown, { input }: Args<{ toPlayerId?: string | null }>, ctx: Context) =>
      run(ctx, 'passClock', input, () => ({ kind: 'passClock', ...opt('toPlayerId', input.toPlayerId) })),
    pauseClock: (_: unknown, { input }: Args<{ reason: string }>, ctx: Context) =>
      run(ctx, 'pauseClock', input, () => ({ kind: 'pauseClock', reason: input.reason })),
    resumeClock: (_: unknown, { input }: Args<{ reason: string }>, ctx: Context) =>
      run(ctx, 'resumeClock', input, () => ({ kind: 'resumeClock', reason: input.reason })),
    addClockTime: (_: unknown, { input }: Args<{ playerId?: string | null; ms: number }>, ctx: Context) =>
      run(ctx, 'addClockTime', input, () => ({
        kind: 'addClockTime',
        ms: input.ms,
        ...opt('playerId', input.playerId),
      })),
  },
} satisfies Resolvers;
