/** The parts of one service's authority, each built by `app.ts` (see {@link AuthorityParts}). */
import type { JwtVerifier } from '../auth/jwt.js';
import type { Config } from '../config.js';
import type { GameStore } from '../db/index.js';
import type { EventHub } from '../events/hub.js';
import type { Fanout } from '../events/fanout.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { CreationAuthority } from './create-game.js';
import type { TokenBuckets } from './token-buckets.js';
import type { CredentialCache } from './credential.js';
import type { EntropyLimiter } from './entropy-limit.js';
import type { Randomness } from './pipeline.js';
import type { WorkLimiter } from './work-limit.js';

/**
 * Every object the authority uses, each built by `app.ts` for this service alone (two services in
 * one process share none: `test/foundation/two-apps.test.ts`). `E` is what a live subscriber receives.
 */
export interface AuthorityParts<E> {
  readonly config: Config;
  /** The storage facade (`src/db/index.ts`) and the database and caches under it. */
  readonly store: GameStore;
  readonly logger: Logger;
  readonly fanout: Fanout;
  readonly metrics: Metrics;
  /** The planner's ids and random choices; crypto unless a test injects a seeded source. */
  readonly random?: Randomness | undefined;
  /** Verifies platform JWTs (`src/auth/jwt.ts`); absent when AUTH_* is unset. */
  readonly jwt?: JwtVerifier | null | undefined;
  /** Resolved game credentials (`credential.ts`). */
  readonly credentials: CredentialCache;
  /** Work slots of expensive operations, per principal, per client of it and in total. */
  readonly work: WorkLimiter;
  /** Who may create games, how big, how often (its token buckets). */
  readonly creation: CreationAuthority;
  /** The rate limit on seat entropy. */
  readonly entropy: EntropyLimiter;
  /** Requests to `/handoff/*` per client address. */
  readonly handoffs: TokenBuckets;
  /** The live event hub subscriptions read from. */
  readonly hub: EventHub<E>;
}
