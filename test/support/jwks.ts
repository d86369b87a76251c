/**
 * A platform's identity provider for tests, on loopback: a JWKS endpoint that counts its fetches,
 * signing keys made with jose, and the AUTH_* variables that point the service at it. No network.
 */
import { createPrivateKey, sign as cryptoSign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeAfterFile } from './after-file.js';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

export const TEST_ISSUER = 'https://id.platform.test/';
export const TEST_AUDIENCE = 'zonekeeper-test';

interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
}

export interface TestJwks {
  readonly url: string;
  /** GET requests the key set has answered (or refused) so far. */
  readonly fetches: number;
  /** While true, the key set answers 503. */
  down: boolean;
  /** Keys served; the last one signs by default. */
  readonly keys: readonly SigningKey[];
  /** The AUTH_* variables for a service that trusts this provider. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** A signed token for `sub` (exp: now + 300 s unless given), by the current key. */
  sign(sub: string, claims?: JWTPayload, opts?: SignOptions): Promise<string>;
  /** A token with exactly this header and payload, RS256-signed by the current key (no checks). */
  signRaw(header: Record<string, unknown>, payload: Record<string, unknown>): Promise<string>;
  /** Adds a new key (a new kid), which signs from now on. */
  rotate(): Promise<SigningKey>;
  /** Serves exactly this body instead of the key set (for caps and garbage). */
  override: string | undefined;
  /** While set, each request for the key set is answered only once this promise settles. */
  hold: Promise<void> | undefined;
  close(): Promise<void>;
}

export interface SignOptions {
  readonly kid?: string;
  readonly key?: CryptoKey;
  /** Extra protected-header fields (jwk, jku, x5u, crit...). */
  readonly header?: Record<string, unknown>;
  /** Leave `exp` out. */
  readonly noExp?: boolean;
}

async function newKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `k-${Math.random().toString(36).slice(2, 10)}`;
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export async function startJwks(): Promise<TestJwks> {
  const keys: SigningKey[] = [await newKey()];
  let fetches = 0;
  const server: Server = createServer(async (_req, res) => {
    fetches++;
    await jwks.hold;
    if (jwks.down) {
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(jwks.override ?? JSON.stringify({ keys: keys.map((k) => k.publicJwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  const jwks: TestJwks = {
    url,
    get fetches() {
      return fetches;
    },
    down: false,
    override: undefined,
    hold: undefined,
    keys,
    env: (extra = {}) => ({
      AUTH_JWKS_URL: url,
      AUTH_ISSUER: TEST_ISSUER,
      AUTH_AUDIENCE: TEST_AUDIENCE,
      ...extra,
    }),
    async sign(sub, claims = {}, opts = {}) {
      const key = keys[keys.length - 1]!;
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT({ exp: opts.noExp ? undefined : now + 300, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? key.kid, ...opts.header })
        .setIssuer(TEST_ISSUER)
        .setAudience(TEST_AUDIENCE)
        .setSubject(sub);
      if (claims.iat === undefined) jwt.setIssuedAt(now);
      if (claims.iss) jwt.setIssuer(claims.iss);
      if (claims.aud) jwt.setAudience(claims.aud);
      return jwt.sign(opts.key ?? key.privateKey);
    },
    async signRaw(header, payload) {
      const key = keys[keys.length - 1]!;
      const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const input = `${b64({ kid: key.kid, ...header, alg: 'RS256' })}.${b64(payload)}`;
      const pkcs8 = createPrivateKey({ key: (await exportJWK(key.privateKey)) as never, format: 'jwk' });
      return `${input}.${cryptoSign('sha256', Buffer.from(input), pkcs8).toString('base64url')}`;
    },
    async rotate() {
      const key = await newKey();
      keys.push(key);
      return key;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  closeAfterFile(() => jwks.close());
  return jwks;
}

/** Waits until `condition` holds, polling; fails after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 30_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
