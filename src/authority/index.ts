/**
 * The authority: the one module that decides who may do what in a game, and the one place that
 * publishes commits. It is one object per service, {@link createAuthority} (`authority.ts`), built
 * by `app.ts` and carried in every request's context; resolvers parse input, call it, and render
 * its outcome through the redaction boundary (`src/render`); they make no authorization or
 * visibility decision of their own, and neither does the transport.
 *
 * Every operation runs the same ordered steps, {@link STEPS} (`door.ts`): the door's wrappers
 * (credential, standing, limits) around each, then its own (a move's: status, version, permission,
 * plan, commit, publish). A data-layer refusal (`src/db/errors.ts`) leaves the door as its public
 * code, in one place (`db-errors.ts`).
 *
 * Code outside `src/authority` imports it only through this module.
 */
export { createAuthority } from './authority.js';
export type { Authority } from './authority.js';
export type { AuthorityParts } from './parts.js';
export { DOOR, STEPS } from './door.js';
export type { Caller, Step } from './door.js';
export type { Authentication, CredentialCache } from './credential.js';
export { createCreationAuthority } from './create-game.js';
export { TokenBuckets } from './token-buckets.js';
export { EntropyLimiter } from './entropy-limit.js';
export { WorkLimiter, principalKey, RETRY_AFTER_MS } from './work-limit.js';
export {
  ADDRESS_BURST,
  ADDRESS_REFILL_PER_MS,
  LINK_LIFETIME_SECONDS,
  MAX_LIVE_CODES,
  RELOAD_LIFETIME_SECONDS,
} from './handoff.js';
export type { CommandOutcome, GameCommand, Randomness } from './pipeline.js';
export type { NewSeat } from './create-game.js';
export type { ViewerChoice } from './standing.js';
export { startClockSweep } from './clock-sweep.js';
export type { ClockSweep, ClockSweepOptions } from './clock-sweep.js';
import { atTheDoor } from './db-errors.js';
import * as reads from './reads.js';

/** The game as of a batch of its events, for the event hub's renderer (built before the authority). */
export const eventsAsOf = atTheDoor(reads.eventsAsOf);
