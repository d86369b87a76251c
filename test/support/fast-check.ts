/**
 * Every property suite's fast-check defaults (vitest `setupFiles`): a run cut short by a time
 * limit (`interruptAfterTimeLimit`) fails instead of passing after fewer cases than asked, so a
 * slow machine cannot turn "N cases passed" into "fewer cases passed". A suite may still set its
 * own limit; it cannot make an interrupted run pass.
 */
import fc from 'fast-check';

fc.configureGlobal({ ...fc.readConfigureGlobal(), markInterruptAsFailure: true });
