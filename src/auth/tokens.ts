/**
 * Credentials. Seat, spectator and referee tokens are 256-bit random strings followed by the id of
 * their game (`zkp_<secret>.<gameId>`); only the SHA-256 of the whole token is stored. The game id
 * is not secret (every holder may ask for it); it routes the lookup to the game's own rows, so that
 * no query needs an index over all games' credentials (docs/scaling.md).
 * With that much entropy a fast hash is the right tool (nothing to brute-force), and lookups by
 * hash compare digests, not secrets. The admin token is compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type TokenKind = 'player' | 'spectator' | 'referee';

const PREFIX: Record<TokenKind, string> = { player: 'zkp_', spectator: 'zks_', referee: 'zkr_' };

export function newToken(kind: TokenKind, gameId: string): string {
  return `${PREFIX[kind]}${randomBytes(32).toString('base64url')}.${gameId}`;
}

const CARRIES_GAME =
  /^zk[psr]_[A-Za-z0-9_-]{43}\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The game id a credential names, or null for one issued before credentials carried it (those are
 * found through `legacy_credential`) or for anything that is not a credential.
 */
export function gameIdOfToken(token: string): string | null {
  return CARRIES_GAME.exec(token)?.[1] ?? null;
}

export function hashToken(token: string): string {
  return tokenDigest(token).toString('hex');
}

/** The SHA-256 of a token: `hashToken` is its hex; compared with a configured token's in constant time. */
export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * Configured credentials' digests: a configured token is fixed for the process's life, so it is
 * hashed once, not on every request that presents a token.
 */
const configuredDigests = new Map<string, Buffer>();

function configuredDigest(configured: string): Buffer {
  let d = configuredDigests.get(configured);
  if (!d) {
    d = tokenDigest(configured);
    configuredDigests.set(configured, d);
  }
  return d;
}

/**
 * Constant-time comparison of a presented credential, given by its digest (`tokenDigest`), with a
 * configured one (unset: no match). Comparing digests keeps the time independent of both lengths.
 */
export function matchesConfigured(presented: Buffer, configured: string | undefined): boolean {
  if (!configured) return false;
  return timingSafeEqual(presented, configuredDigest(configured));
}

/** Constant-time comparison of a presented credential with a configured one (unset: no match). */
export function isConfiguredToken(presented: string, configured: string | undefined): boolean {
  if (!configured) return false;
  return matchesConfigured(tokenDigest(presented), configured);
}

/** Longest bearer token read at all; platform JWTs have their own, lower cap (AUTH_MAX_TOKEN_BYTES). */
const MAX_BEARER = 16_384;

/** Extracts the token from `Bearer <token>`; anything else yields null. */
export function parseBearer(header: unknown): string | null {
  if (typeof header !== 'string' || header.length > MAX_BEARER + 32) return null;
  const match = /^Bearer\s+(\S{1,16384})$/i.exec(header.trim());
  return match?.[1] ?? null;
}
