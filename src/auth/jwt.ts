/**
 * Platform identity: a JWT signed by the platform's identity provider names a platform user
 * (`iss` + `sub`), and the seat bound to that user in a game is the caller there
 * (`src/authority/standing.ts`). Verified with `jose` against the provider's JWKS.
 *
 * What is accepted, and why (the known failures of such verifiers):
 * - Algorithms are pinned by `AUTH_ALGORITHMS` (asymmetric only) and never read from the token, so
 *   `alg: none` and an HMAC keyed with the RSA public key (node-jsonwebtoken #322) are refused.
 * - A token carrying its own key or where to fetch one (`jwk`, `jku`, `x5u`, `x5c`) or a `crit`
 *   header is refused: keys come from the configured JWKS only.
 * - `exp` is required; `nbf` and `exp` are checked with `AUTH_CLOCK_TOLERANCE_S` of skew; a token
 *   living longer than `AUTH_MAX_TOKEN_LIFETIME_S` (from `iat`, or from now) is refused, and so is
 *   one longer than `AUTH_MAX_TOKEN_BYTES`.
 * - The key set is fetched once and kept for `AUTH_JWKS_MAX_AGE_S`; a token with an unknown `kid`
 *   makes it fetch again at most once per `AUTH_JWKS_COOLDOWN_S` (Hasura #8299 refetched on every
 *   request, #9759 never), and within the cooldown such a token is refused. A failed fetch is not
 *   retried for min(cooldown, 5 s) either, so an outage does not turn every request into a fetch.
 *   The key set's size is capped ({@link MAX_JWKS_BYTES}, {@link MAX_JWKS_KEYS}).
 * - A key set that cannot be fetched is {@link KeySetUnavailable} (SERVICE_UNAVAILABLE), never a
 *   refusal: the token might verify.
 *
 * Verified tokens are cached by hash until `exp` + tolerance, the moment the verifier itself would
 * refuse them, so a cached principal never outlives its token.
 */
import { createHash } from 'node:crypto';
import {
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from 'jose';
import type { Config } from '../config.js';
import { isUuid } from '../uuid.js';

/** Largest key set accepted, in bytes. */
export const MAX_JWKS_BYTES = 256 * 1024;
/** Most keys a key set may hold. */
export const MAX_JWKS_KEYS = 100;
/** Most games one standing claim may name. */
export const MAX_STANDING_GRANTS = 100;
/** Longest platform subject (`sub`) a token may carry or a seat binding may name. */
export const MAX_SUBJECT_LENGTH = 255;
/** A control character (C0, DEL, C1) or an unpaired UTF-16 surrogate. */
const NOT_SUBJECT_TEXT = /[\p{Cc}]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/**
 * Whether `sub` can name a platform user here: 1 to {@link MAX_SUBJECT_LENGTH} characters of
 * well-formed text without control characters. Anything else could not be stored or looked up
 * (PostgreSQL refuses NUL in text) and would reach logs and terminals as it is, so a token whose
 * `sub` is not such text is refused, and no seat may be bound to one.
 */
export function isPlatformSubject(sub: unknown): sub is string {
  return (
    typeof sub === 'string' &&
    sub.length > 0 &&
    sub.length <= MAX_SUBJECT_LENGTH &&
    !NOT_SUBJECT_TEXT.test(sub)
  );
}

/** Verified tokens kept (least recently verified dropped first). */
const CACHE_LIMIT = 10_000;

/** Standing a token's standing claim may grant in one game. */
export type StandingGrant = 'SPECTATOR' | 'JUDGE';

/** A platform user, as a verified token names it. */
export interface ExternalIdentity {
  readonly issuer: string;
  readonly subject: string;
  /** When the token stops being accepted: `exp` plus the clock tolerance (ms since the epoch). */
  readonly expiresAtMs: number;
  /** Standing the token's standing claim grants, by game id (empty unless AUTH_STANDING_CLAIM is set). */
  readonly grants: ReadonlyMap<string, StandingGrant>;
}

/**
 * Why a token was refused: the message the service answers with (UNAUTHENTICATED). None names a
 * key, a key id or anything of the key set.
 */
export const REFUSAL = {
  NOT_CONFIGURED: 'this server accepts no platform tokens (AUTH_JWKS_URL is unset)',
  TOO_LARGE: 'the token is longer than AUTH_MAX_TOKEN_BYTES',
  MALFORMED: 'the token is not a well-formed JWT',
  FORBIDDEN_HEADER: 'the token carries a jwk, jku, x5u, x5c or crit header',
  ALGORITHM: 'the token is signed with an algorithm this server does not accept (AUTH_ALGORITHMS)',
  UNKNOWN_KEY:
    'no key of the key set signed the token (a new key is fetched at most once per AUTH_JWKS_COOLDOWN_S)',
  SIGNATURE: 'the token signature does not verify',
  ISSUER: 'the token is from another issuer (AUTH_ISSUER)',
  AUDIENCE: 'the token is for another audience (AUTH_AUDIENCE)',
  NO_EXPIRY: 'the token has no exp',
  NO_SUBJECT: 'the token has no sub',
  SUBJECT: `the token's sub is not 1 to ${MAX_SUBJECT_LENGTH} characters of text without control characters`,
  EXPIRED: 'the token has expired',
  NOT_YET_VALID: 'the token is not valid yet (nbf)',
  LIFETIME: 'the token lives longer than AUTH_MAX_TOKEN_LIFETIME_S',
} as const;
export type Refusal = (typeof REFUSAL)[keyof typeof REFUSAL];

/** A token that is not a valid credential here (UNAUTHENTICATED). */
export class TokenRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal);
    this.name = 'TokenRefused';
  }
}

/** What a caller is told when the key set cannot be read (SERVICE_UNAVAILABLE). */
export const KEY_SET_UNAVAILABLE_MESSAGE =
  'The service cannot read the identity provider’s keys (AUTH_JWKS_URL). Try again shortly.';

/** The key set could not be fetched: nothing is known about the token (SERVICE_UNAVAILABLE). */
export class KeySetUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeySetUnavailable';
  }
}

/** Verifies platform tokens; one per service instance, built in `app.ts`. */
export interface JwtVerifier {
  /** The identity a token names; rejects with {@link TokenRefused} or {@link KeySetUnavailable}. */
  verify(token: string): Promise<ExternalIdentity>;
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

/** Whether a bearer token has the shape of a JWT (three base64url parts), as no Zonekeeper token does. */
export function looksLikeJwt(token: string): boolean {
  return JWT_SHAPE.test(token);
}

/** The configuration this module reads. */
export type JwtConfig = Pick<
  Config,
  | 'AUTH_JWKS_URL'
  | 'AUTH_ISSUER'
  | 'AUTH_AUDIENCE'
  | 'AUTH_ALGORITHMS'
  | 'AUTH_CLOCK_TOLERANCE_S'
  | 'AUTH_JWKS_COOLDOWN_S'
  | 'AUTH_JWKS_MAX_AGE_S'
  | 'AUTH_JWKS_TIMEOUT_MS'
  | 'AUTH_MAX_TOKEN_LIFETIME_S'
  | 'AUTH_MAX_TOKEN_BYTES'
  | 'AUTH_STANDING_CLAIM'
>;

const FORBIDDEN_HEADERS = ['jwk', 'jku', 'x5u', 'x5c', 'crit'] as const;

/** The verifier for this configuration, or null when platform identity is off (AUTH_* unset). */
export function createJwtVerifier(config: JwtConfig): JwtVerifier | null {
  const { AUTH_JWKS_URL: url, AUTH_ISSUER: issuer, AUTH_AUDIENCE: audience } = config;
  if (!url || !issuer || !audience) return null;
  const cooldownMs = config.AUTH_JWKS_COOLDOWN_S * 1000;
  const keys = createRemoteJWKSet(new URL(url), {
    cooldownDuration: cooldownMs,
    cacheMaxAge: config.AUTH_JWKS_MAX_AGE_S * 1000,
    timeoutDuration: config.AUTH_JWKS_TIMEOUT_MS,
    [customFetch]: cappedFetch(Math.min(cooldownMs, 5000)),
  });

  const verifyUncached = async (token: string): Promise<ExternalIdentity> => {
    refuseForbiddenHeader(token);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: config.AUTH_ALGORITHMS,
        issuer,
        audience,
        clockTolerance: config.AUTH_CLOCK_TOLERANCE_S,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (err) {
      throw classify(err);
    }
    return identityOf(payload, issuer, config);
  };

  return cachedVerifier(verifyUncached, config.AUTH_MAX_TOKEN_BYTES);
}

/**
 * A verifier that refuses a token longer than `maxTokenBytes` before anything else, and keeps
 * verified tokens by hash until `exp` + tolerance (the moment `verifyUncached` itself would refuse
 * them), at most {@link CACHE_LIMIT} of them.
 */
function cachedVerifier(
  verifyUncached: (token: string) => Promise<ExternalIdentity>,
  maxTokenBytes: number,
): JwtVerifier {
  const verified = new Map<string, ExternalIdentity>();
  return {
    async verify(token) {
      if (Buffer.byteLength(token, 'utf8') > maxTokenBytes) throw new TokenRefused(REFUSAL.TOO_LARGE);
      const key = createHash('sha256').update(token, 'utf8').digest('base64');
      const cached = verified.get(key);
      if (cached && Date.now() < cached.expiresAtMs) return cached;
      if (cached) verified.delete(key);
      const identity = await verifyUncached(token);
      if (verified.size >= CACHE_LIMIT) verified.delete(verified.keys().next().value as string);
      verified.set(key, identity);
      return identity;
    },
  };
}

/** Refuses a token that is not a JWT, or that carries its own key or where to fetch one, or `crit`. */
function refuseForbiddenHeader(token: string): void {
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw new TokenRefused(REFUSAL.MALFORMED);
  }
  if (FORBIDDEN_HEADERS.some((h) => h in header)) throw new TokenRefused(REFUSAL.FORBIDDEN_HEADER);
}

/**
 * The identity a signature-checked payload names: its `sub` must be a platform subject, and the
 * token may live at most `AUTH_MAX_TOKEN_LIFETIME_S` from `iat` (or from now, without one).
 */
function identityOf(payload: JWTPayload, issuer: string, config: JwtConfig): ExternalIdentity {
  if (!isPlatformSubject(payload.sub)) throw new TokenRefused(REFUSAL.SUBJECT);
  const toleranceS = config.AUTH_CLOCK_TOLERANCE_S;
  const nowS = Date.now() / 1000;
  const exp = payload.exp as number;
  const maxLifetime = config.AUTH_MAX_TOKEN_LIFETIME_S;
  if (exp - (payload.iat ?? nowS) > maxLifetime || exp - nowS > maxLifetime + toleranceS)
    throw new TokenRefused(REFUSAL.LIFETIME);
  return {
    issuer,
    subject: payload.sub,
    expiresAtMs: (exp + toleranceS) * 1000,
    grants: grantsOf(config.AUTH_STANDING_CLAIM ? payload[config.AUTH_STANDING_CLAIM] : undefined),
  };
}

/** A jose error as a refusal, or the key set's unavailability as it is. */
function classify(err: unknown): Error {
  if (err instanceof KeySetUnavailable) return err;
  if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid)
    return new KeySetUnavailable('the key set could not be read', { cause: err });
  if (err instanceof errors.JOSEAlgNotAllowed) return new TokenRefused(REFUSAL.ALGORITHM);
  if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys)
    return new TokenRefused(REFUSAL.UNKNOWN_KEY);
  if (err instanceof errors.JWSSignatureVerificationFailed) return new TokenRefused(REFUSAL.SIGNATURE);
  if (err instanceof errors.JWTExpired) return new TokenRefused(REFUSAL.EXPIRED);
  if (err instanceof errors.JWTClaimValidationFailed) {
    switch (err.claim) {
      case 'iss':
        return new TokenRefused(REFUSAL.ISSUER);
      case 'aud':
        return new TokenRefused(REFUSAL.AUDIENCE);
      case 'nbf':
        return new TokenRefused(REFUSAL.NOT_YET_VALID);
      case 'exp':
        return new TokenRefused(err.reason === 'missing' ? REFUSAL.NO_EXPIRY : REFUSAL.MALFORMED);
      case 'sub':
        return new TokenRefused(REFUSAL.NO_SUBJECT);
      default:
        return new TokenRefused(REFUSAL.MALFORMED);
    }
  }
  return new TokenRefused(REFUSAL.MALFORMED);
}

/** The standing claim's grants: `{ "<gameId>": "SPECTATOR" | "JUDGE" }`; anything else grants nothing. */
function grantsOf(claim: unknown): ReadonlyMap<string, StandingGrant> {
  const grants = new Map<string, StandingGrant>();
  if (typeof claim !== 'object' || claim === null || Array.isArray(claim)) return grants;
  for (const [gameId, standing] of Object.entries(claim)) {
    if (grants.size >= MAX_STANDING_GRANTS) break;
    if (isUuid(gameId) && (standing === 'SPECTATOR' || standing === 'JUDGE'))
      grants.set(gameId.toLowerCase(), standing);
  }
  return grants;
}

/**
 * The key set's fetch: a 200 answer of at most {@link MAX_JWKS_BYTES} holding at most
 * {@link MAX_JWKS_KEYS} keys, or {@link KeySetUnavailable}. After a failure, fetches within
 * `retryAfterFailureMs` fail at once without reaching the network.
 */
function cappedFetch(retryAfterFailureMs: number) {
  let failedAt = -Infinity;
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (Date.now() - failedAt < retryAfterFailureMs)
      throw new KeySetUnavailable('the key set was unreachable moments ago');
    try {
      const res = await fetch(input, init);
      if (res.status !== 200) {
        await res.body?.cancel();
        throw new KeySetUnavailable(`the key set answered HTTP ${res.status}`);
      }
      const text = await readCapped(res);
      const json = JSON.parse(text) as { keys?: unknown };
      if (!Array.isArray(json.keys)) throw new KeySetUnavailable('the key set has no keys array');
      if (json.keys.length > MAX_JWKS_KEYS)
        throw new KeySetUnavailable(`the key set holds more than ${MAX_JWKS_KEYS} keys`);
      return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
    } catch (err) {
      failedAt = Date.now();
      throw err instanceof KeySetUnavailable
        ? err
        : new KeySetUnavailable('the key set could not be fetched', { cause: err });
    }
  };
}

async function readCapped(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JWKS_BYTES) {
      await reader.cancel();
      throw new KeySetUnavailable(`the key set is larger than ${MAX_JWKS_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
