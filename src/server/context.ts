/**
 * Per-request (HTTP) or per-connection (graphql-ws) context, and the service's objects every
 * request shares ({@link AppDeps}, built by `app.ts`).
 */
import type { LRUCache } from 'lru-cache';
import type { EmbeddedStatus } from '../postgres/embedded.js';
import type { Config } from '../config.js';
import type { GameStore } from '../db/index.js';
import { findPrincipalByTokenHash } from '../db/principals.js';
import type { Logger } from '../logger.js';
import type { Principal } from '../auth/principal.js';
import { hashToken, isAdminToken, isConfiguredToken, parseBearer } from '../auth/tokens.js';
import type { EventHub } from '../events/hub.js';
import { looksLikeJwt, REFUSAL, TokenRefused, type JwtVerifier } from '../auth/jwt.js';
import type { Fanout } from '../events/fanout.js';
import type { Metrics } from '../metrics.js';
import type { CreationAuthority } from '../authority/creation.js';
import type { EntropyLimiter } from '../authority/entropy-limit.js';
import type { Randomness } from '../authority/pipeline.js';
import type { GameEventOut } from '../render/index.js';
import type { ZkCloseCode } from './close-codes.js';
import type { WorkLimiter } from './work-limit.js';

/**
 * Resolved seat, spectator and referee credentials by token hash: such a credential never
 * changes, so one resolved is kept (bounded, least recently used dropped).
 */
export type CredentialCache = LRUCache<string, Principal>;

/**
 * The service: every object that lives as long as it, shared by every request. `app.ts` builds
 * them (`buildService`) and nothing below keeps one at module level, so two services in one
 * process share none.
 */
export interface AppDeps {
  readonly config: Config;
  /** The storage facade (`src/db/index.ts`) and the database and caches under it. */
  readonly store: GameStore;
  readonly logger: Logger;
  readonly fanout: Fanout;
  /** Prometheus metrics of this app (`GET /metrics`). */
  readonly metrics: Metrics;
  /** The planner's ids and random choices; crypto unless a test injects a seeded source. */
  readonly random?: Randomness | undefined;
  /** Verifies platform JWTs (`src/auth/jwt.ts`); absent when AUTH_* is unset. */
  readonly jwt?: JwtVerifier | null | undefined;
  /** Resolved game credentials ({@link authenticate}). */
  readonly credentials: CredentialCache;
  /** Work slots of expensive operations, per principal and in total (`work-limit.ts`). */
  readonly work: WorkLimiter;
  /** Who may create games, how big, how often (its token buckets). */
  readonly creation: CreationAuthority;
  /** The rate limit on seat entropy. */
  readonly entropy: EntropyLimiter;
  /** The live event hub graphql-ws subscriptions read from. */
  readonly hub: EventHub<GameEventOut>;
  /** The supervised embedded PostgreSQL's state (`/readyz`, `/healthz`); absent with `DATABASE_URL`. */
  readonly embedded?: { status(): EmbeddedStatus } | null | undefined;
}

export interface Context extends AppDeps {
  readonly requestId: string;
  readonly principal: Principal;
  /** The client's address as the socket sees it (rate limits are per address). */
  readonly clientIp: string;
  /** A credential was presented but is not valid. Operations needing a principal answer UNAUTHENTICATED. */
  readonly badCredential: boolean;
  /** Why a presented platform token was refused (its documented message); absent otherwise. */
  readonly refusal?: string | undefined;
}

/** A graphql-ws operation's context: the connection's context, the event hub, a way to close. */
export interface SubscriptionContext extends Context {
  readonly events: EventHub<GameEventOut>;
  /** Closes this operation's connection (used for slow consumers). */
  closeConnection(code: ZkCloseCode): void;
}

/** A resolved `Authorization` value. */
export interface Authentication {
  readonly principal: Principal;
  readonly badCredential: boolean;
  readonly refusal?: string | undefined;
}

/**
 * Resolves an `Authorization` value to a principal. Seat, spectator and referee credentials never
 * change, so resolved ones are cached by hash (`deps.credentials`); unknown ones are not, so a new game's
 * tokens work at once. A platform JWT is verified by `deps.jwt`, which caches it only until it
 * expires; with platform identity off it is an invalid credential. Throws `KeySetUnavailable` when
 * the platform's key set cannot be read (SERVICE_UNAVAILABLE).
 */
export async function authenticate(
  deps: Pick<AppDeps, 'store' | 'config' | 'jwt' | 'credentials'>,
  authorization: unknown,
): Promise<Authentication> {
  if (authorization === undefined || authorization === null || authorization === '') {
    return { principal: { kind: 'anonymous' }, badCredential: false };
  }
  const token = parseBearer(authorization);
  if (!token) return { principal: { kind: 'anonymous' }, badCredential: true };
  if (isAdminToken(token, deps.config.ADMIN_TOKEN))
    return { principal: { kind: 'admin' }, badCredential: false };
  if (isConfiguredToken(token, deps.config.HOST_TOKEN))
    return { principal: { kind: 'host' }, badCredential: false };
  if (looksLikeJwt(token)) {
    if (!deps.jwt)
      return { principal: { kind: 'anonymous' }, badCredential: true, refusal: REFUSAL.NOT_CONFIGURED };
    try {
      return { principal: { kind: 'external', ...(await deps.jwt.verify(token)) }, badCredential: false };
    } catch (err) {
      if (err instanceof TokenRefused)
        return { principal: { kind: 'anonymous' }, badCredential: true, refusal: err.refusal };
      throw err;
    }
  }
  const hash = hashToken(token);
  const cached = deps.credentials.get(hash);
  if (cached) return { principal: cached, badCredential: false };
  const found = await findPrincipalByTokenHash(deps.store.db, token, hash);
  if (!found) return { principal: { kind: 'anonymous' }, badCredential: true };
  deps.credentials.set(hash, found);
  return { principal: found, badCredential: false };
}
