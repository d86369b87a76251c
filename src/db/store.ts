/**
 * The data layer's handle on one service: its database, and the caches and queues that live as
 * long as the service. `app.ts` builds one (`openStore`) and passes it down; nothing in `src/db`
 * keeps a service's state at module level, so two services in one process share none of it.
 */
import type { LRUCache } from 'lru-cache';
import type { RulesetRegistry } from '../rules/index.js';
import type { Database } from './client.js';
import type { SecretCache } from './fairness.js';
import type { KeyedQueue } from './keyed-queue.js';
import type { EventPayloads } from './log-reads.js';
import type { StateCache } from './state-cache.js';

export interface Store extends Database {
  /** Loaded states by `(game, version)` (`state-cache.ts`). */
  readonly states: StateCache;
  /** The moves of each game, one at a time in this process (`index.ts`, `queued`). */
  readonly moves: KeyedQueue;
  /**
   * The rulesets this service plays: those it loaded from files, and older versions its games
   * still play, read back from the `ruleset_version` table (`ruleset-versions.ts`).
   */
  readonly rulesets: RulesetRegistry;
  /**
   * Ruleset versions (`id@version`) known to be stored, at most `STORED_VERSIONS_MAX`
   * (`ruleset-versions.ts`): each is written once while remembered, again (idempotently) if forgotten.
   */
  readonly storedVersions: LRUCache<string, true>;
  /** Seats bound to platform users, by game, issuer and subject: a binding never changes. */
  readonly boundSeats: LRUCache<string, string>;
  /** Games' zk-rng/1 secrets (`fairness.ts`): written with the game, never changed. */
  readonly secrets: SecretCache;
  /** Decoded payloads of the events read last (`log-reads.ts`): an event, once committed, never changes. */
  readonly eventPayloads: EventPayloads;
}
