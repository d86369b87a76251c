/**
 * The credential step (`door.ts`, first of the door's steps): an `Authorization` value resolved to
 * the principal it names. The transports call it once per request (HTTP) or connection (graphql-ws)
 * through the authority, and answer its refusals in their own way (`server/credential-check.ts`).
 */
import type { LRUCache } from 'lru-cache';
import { looksLikeJwt, REFUSAL, TokenRefused, type JwtVerifier } from '../auth/jwt.js';
import type { Principal } from '../auth/principal.js';
import { matchesConfigured, parseBearer, tokenDigest } from '../auth/tokens.js';
import type { Config } from '../config.js';
import type { GameStore } from '../db/index.js';

/**
 * Resolved seat, spectator and referee credentials by token hash: such a credential never
 * changes, so one resolved is kept (bounded, least recently used dropped).
 */
export type CredentialCache = LRUCache<string, Principal>;

/** A resolved `Authorization` value. */
export interface Authentication {
  readonly principal: Principal;
  readonly badCredential: boolean;
  /** Why a presented platform token was refused (its documented message); absent otherwise. */
  readonly refusal?: string | undefined;
}

/** What resolving a credential reads. */
export interface CredentialDeps {
  readonly store: Pick<GameStore, 'principalByTokenHash'>;
  readonly config: Pick<Config, 'ADMIN_TOKEN' | 'HOST_TOKEN'>;
  readonly jwt?: JwtVerifier | null | undefined;
  readonly credentials: CredentialCache;
}

const ANONYMOUS: Authentication = { principal: { kind: 'anonymous' }, badCredential: false };
const invalid = (refusal?: string): Authentication => ({
  principal: { kind: 'anonymous' },
  badCredential: true,
  ...(refusal ? { refusal } : {}),
});

/** A platform JWT: verified by `deps.jwt` (cached until it expires); with platform identity off, invalid. */
async function platformUser(deps: CredentialDeps, token: string): Promise<Authentication> {
  if (!deps.jwt) return invalid(REFUSAL.NOT_CONFIGURED);
  try {
    return { principal: { kind: 'external', ...(await deps.jwt.verify(token)) }, badCredential: false };
  } catch (err) {
    if (err instanceof TokenRefused) return invalid(err.refusal);
    throw err;
  }
}

/**
 * Resolves an `Authorization` value to a principal. Seat, spectator and referee credentials never
 * change, so resolved ones are cached by hash (`deps.credentials`); unknown ones are not, so a new
 * game's tokens work at once. Throws `KeySetUnavailable` when the platform's key set cannot be read
 * (SERVICE_UNAVAILABLE).
 */
export async function authenticate(deps: CredentialDeps, authorization: unknown): Promise<Authentication> {
  if (authorization === undefined || authorization === null || authorization === '') return ANONYMOUS;
  const token = parseBearer(authorization);
  if (!token) return invalid();
  // One digest serves the constant-time comparisons and the lookup (`hashToken` is its hex).
  const digest = tokenDigest(token);
  if (matchesConfigured(digest, deps.config.ADMIN_TOKEN))
    return { principal: { kind: 'admin' }, badCredential: false };
  if (matchesConfigured(digest, deps.config.HOST_TOKEN))
    return { principal: { kind: 'host' }, badCredential: false };
  if (looksLikeJwt(token)) return platformUser(deps, token);
  const hash = digest.toString('hex');
  const cached = deps.credentials.get(hash);
  if (cached) return { principal: cached, badCredential: false };
  const found = await deps.store.principalByTokenHash(token, hash);
  if (!found) return invalid();
  deps.credentials.set(hash, found);
  return { principal: found, badCredential: false };
}
