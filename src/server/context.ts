/**
 * Per-request (HTTP) or per-connection (graphql-ws) context.
 */
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { findPrincipalByTokenHash } from '../db/principals.js';
import type { Logger } from '../logger.js';
import type { Principal } from '../auth/principal.js';
import { hashToken, isAdminToken, isConfiguredToken, parseBearer } from '../auth/tokens.js';
import type { EventHub } from '../events/hub.js';
import type { Fanout } from '../events/fanout.js';
import type { Metrics } from '../metrics.js';
import type { Randomness } from '../authority/pipeline.js';
import type { GameEventOut } from '../render/index.js';
import type { ZkCloseCode } from './close-codes.js';

/** Long-lived dependencies shared by every request. */
export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly logger: Logger;
  readonly fanout: Fanout;
  /** Prometheus metrics of this app (`GET /metrics`). */
  readonly metrics: Metrics;
  /** The planner's ids and random choices; crypto unless a test injects a seeded source. */
  readonly random?: Randomness | undefined;
}

export interface Context extends AppDeps {
  readonly requestId: string;
  readonly principal: Principal;
  /** The client's address as the socket sees it (rate limits are per address). */
  readonly clientIp: string;
  /** A credential was presented but is not valid. Operations needing a principal answer UNAUTHENTICATED. */
  readonly badCredential: boolean;
}

/** A graphql-ws operation's context: the connection's context, the event hub, a way to close. */
export interface SubscriptionContext extends Context {
  readonly events: EventHub<GameEventOut>;
  /** Closes this operation's connection (used for slow consumers). */
  closeConnection(code: ZkCloseCode): void;
}

const CACHE_LIMIT = 10_000;
const principalCache = new Map<string, Principal>();

/**
 * Resolves an `Authorization` value to a principal. Credentials never change, so resolved ones are
 * cached by hash (bounded); unknown ones are not, so a new game's tokens work at once.
 */
export async function authenticate(
  deps: Pick<AppDeps, 'db' | 'config'>,
  authorization: unknown,
): Promise<{ principal: Principal; badCredential: boolean }> {
  if (authorization === undefined || authorization === null || authorization === '') {
    return { principal: { kind: 'anonymous' }, badCredential: false };
  }
  const token = parseBearer(authorization);
  if (!token) return { principal: { kind: 'anonymous' }, badCredential: true };
  if (isAdminToken(token, deps.config.ADMIN_TOKEN))
    return { principal: { kind: 'admin' }, badCredential: false };
  if (isConfiguredToken(token, deps.config.HOST_TOKEN))
    return { principal: { kind: 'host' }, badCredential: false };
  const hash = hashToken(token);
  const cached = principalCache.get(hash);
  if (cached) return { principal: cached, badCredential: false };
  const found = await findPrincipalByTokenHash(deps.db, token, hash);
  if (!found) return { principal: { kind: 'anonymous' }, badCredential: true };
  if (principalCache.size >= CACHE_LIMIT) principalCache.delete(principalCache.keys().next().value as string);
  principalCache.set(hash, found);
  return { principal: found, badCredential: false };
}
