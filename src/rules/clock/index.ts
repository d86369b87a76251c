/** The clocks the referee keeps (issue 40): kinds, arithmetic and operations, all pure. */
export * from './types.js';
export { deadlineOf, readClock, settle, tickingKey } from './arith.js';
export type { ClockReading } from './arith.js';
export {
  addClockTime,
  checkClockConfig,
  clockOnNewTurn,
  clockRule,
  expireClock,
  giveBackOutage,
  haltClock,
  isDue,
  MAX_CLOCK_MS,
  MAX_CLOCK_PERIODS,
  MAX_PAUSE_REASON,
  newClock,
  nextSeat,
  passClock,
  pauseClock,
  resumeClock,
  startClock,
  stopAllClocks,
  stopSeatClock,
} from './ops.js';
export type { Expiry } from './ops.js';
