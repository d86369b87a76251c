/** The clocks the referee keeps (issue 40): kinds, arithmetic and operations, all pure. */
export * from './types.js';
export { deadlineOf, readClock, settle } from './arith.js';
export {
  addClockTime,
  checkClockConfig,
  clockOnNewTurn,
  clockRule,
  expireClock,
  giveBackOutage,
  haltClock,
  MAX_CLOCK_MS,
  MAX_CLOCK_PERIODS,
  MAX_PAUSE_REASON,
  newClock,
  passClock,
  pauseClock,
  resumeClock,
  startClock,
  stopAllClocks,
  stopSeatClock,
} from './ops.js';
