/**
 * The clocks (issue 40) in an export document, strict: a clock's configuration, each seat's time,
 * who runs, pause, time called (MTR 2.5), and what a clock event did.
 */
import { z } from 'zod';
import { MAX_CLOCK_MS, MAX_CLOCK_PERIODS, MAX_PAUSE_REASON, ROUND_KEY } from '../rules/index.js';
import { uuid } from './schema-parts.js';

const ms = z.number().int().min(0).max(MAX_CLOCK_MS);
/** An instant, epoch ms (database time). */
const instant = z.number().int().min(0).max(8.64e15);
const count = z.number().int().min(0).max(MAX_CLOCK_PERIODS);
const onExpire = z.union([z.literal('lose'), z.literal('flag')]);

const config = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('chess'),
    mainMs: ms,
    incrementMs: ms.optional(),
    delayMs: ms.optional(),
    onExpire,
  }),
  z.strictObject({ kind: z.literal('byoYomi'), mainMs: ms, periods: count, periodMs: ms, onExpire }),
  z.strictObject({ kind: z.literal('hourglass'), mainMs: ms, onExpire }),
  z.strictObject({ kind: z.literal('turn'), limitMs: ms, onExpire }),
  z.strictObject({ kind: z.literal('round'), roundMs: ms, additionalTurns: count }),
]);

const seatClock = z.strictObject({
  remainingMs: z
    .number()
    .int()
    .min(0)
    .max(16 * MAX_CLOCK_MS),
  periodsLeft: count,
  flagged: z.boolean(),
  stopped: z.boolean(),
  inPeriods: z.boolean(),
});

const turnNumber = z
  .number()
  .int()
  .min(0)
  .max(2 ** 30);

/** A game's clocks as the log records them after an event (`table.clock`). */
export const clockState = z.strictObject({
  settings: z.strictObject({ config, followsTurn: z.boolean() }),
  seats: z.record(z.union([uuid, z.literal(ROUND_KEY)]), seatClock),
  order: z.array(uuid).max(16),
  running: uuid.nullable(),
  asOf: instant,
  started: z.boolean(),
  paused: z.strictObject({ reason: z.string().max(MAX_PAUSE_REASON) }).nullable(),
  stopped: z.boolean(),
  runStartMs: z.number().int().min(0).optional(),
  timeCalled: z.strictObject({ turnZero: turnNumber, lastTurn: turnNumber }).optional(),
  expiries: z.number().int().min(0),
  givenBack: z.number().int().min(0),
  deadline: instant.nullable(),
});

/** What a CLOCK_CHANGED or CLOCK_EXPIRED event did. */
export const clockChange = z.strictObject({
  op: z.enum(['start', 'pass', 'pause', 'resume', 'addTime', 'outage', 'expire']),
  playerId: uuid.nullable(),
  toPlayerId: uuid.nullable().optional(),
  ms: ms.optional(),
  reason: z.string().max(MAX_PAUSE_REASON).optional(),
  consequence: z.enum(['lose', 'flag', 'additionalTurns']).optional(),
});
