/**
 * The platform-token verifier (src/auth/jwt.ts) against a key set on loopback: each refusal, clock
 * skew, key rotation with exact fetch counts, a flood of unknown key ids, outages and caps, and the
 * cache that never outlives a token.
 */
import { createHmac, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createJwtVerifier,
  KeySetUnavailable,
  REFUSAL,
  TokenRefused,
  type JwtVerifier,
} from '../../src/auth/jwt.js';
import { loadConfig } from '../../src/config.js';
import { startJwks, until, type TestJwks } from '../support/jwks.js';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function verifierFor(jwks: TestJwks, extra: Record<string, string> = {}): JwtVerifier {
  const verifier = createJwtVerifier(loadConfig(jwks.env(extra)));
  if (!verifier) throw new Error('platform identity is off');
  return verifier;
}

async function refusalOf(verifier: JwtVerifier, token: string): Promise<string> {
  const err = await verifier.verify(token).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TokenRefused);
  return (err as TokenRefused).refusal;
}

describe('refusals', () => {
  it('refuses each listed token with its documented reason, naming no key material', async () => {
    const jwks = await startJwks();
    const v = verifierFor(jwks, { AUTH_CLOCK_TOLERANCE_S: '5', AUTH_MAX_TOKEN_LIFETIME_S: '3600' });
    const now = Math.floor(Date.now() / 1000);
    const kid = jwks.keys[0]!.kid;
    const claims = { iss: 'https://id.platform.test/', aud: 'zonekeeper-test', sub: 'u1', exp: now + 60 };

    const none = `${b64({ alg: 'none', kid })}.${b64(claims)}.`;
    expect(await refusalOf(v, none)).toBe(REFUSAL.ALGORITHM);

    // RS256 -> HS256 confusion: an HMAC keyed with the RSA public key's bytes (node-jsonwebtoken #322).
    const pem = createPublicKey({ key: jwks.keys[0]!.publicJwk as never, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    const signingInput = `${b64({ alg: 'HS256', kid })}.${b64(claims)}`;
    const hs = `${signingInput}.${createHmac('sha256', pem).update(signingInput).digest('base64url')}`;
    expect(await refusalOf(v, hs)).toBe(REFUSAL.ALGORITHM);

    expect(await refusalOf(v, await jwks.sign('u1', { iss: 'https://evil.test/' }))).toBe(REFUSAL.ISSUER);
    expect(await refusalOf(v, await jwks.sign('u1', { aud: 'someone-else' }))).toBe(REFUSAL.AUDIENCE);
    expect(await refusalOf(v, await jwks.sign('u1', { exp: now - 6, iat: now - 100 }))).toBe(REFUSAL.EXPIRED);
    const good = await jwks.sign('u1');
    const [h, p, sig] = good.split('.') as [string, string, string];
    const flipped = `${h}.${p}.${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    expect(await refusalOf(v, flipped)).toBe(REFUSAL.SIGNATURE);

    expect(await refusalOf(v, await jwks.sign('u1', {}, { noExp: true }))).toBe(REFUSAL.NO_EXPIRY);
    expect(await refusalOf(v, await jwks.sign('u1', { nbf: now + 60 }))).toBe(REFUSAL.NOT_YET_VALID);
    expect(await refusalOf(v, await jwks.sign('u1', { exp: now + 7200 }))).toBe(REFUSAL.LIFETIME);
    expect(await refusalOf(v, await jwks.sign('u1', { exp: now + 600, iat: now - 3500 }))).toBe(
      REFUSAL.LIFETIME,
    );
    for (const header of [
      { jwk: jwks.keys[0]!.publicJwk },
      { jku: 'https://evil.test/jwks.json' },
      { x5u: 'https://evil.test/cert.pem' },
    ])
      expect(await refusalOf(v, await jwks.sign('u1', {}, { header }))).toBe(REFUSAL.FORBIDDEN_HEADER);
    const crit = await jwks.signRaw({ crit: ['zk-ext'], 'zk-ext': true }, claims);
    expect(await refusalOf(v, crit)).toBe(REFUSAL.FORBIDDEN_HEADER);
    // The same hand-made token without the crit header verifies: the refusal is the header's.
    await expect(v.verify(await jwks.signRaw({}, claims))).resolves.toMatchObject({ subject: 'u1' });
    expect(await refusalOf(v, await jwks.sign('u1', { pad: 'x'.repeat(9000) }))).toBe(REFUSAL.TOO_LARGE);
    expect(await refusalOf(v, 'abc.def.ghi')).toBe(REFUSAL.MALFORMED);
    // Every reason is a fixed sentence: no kid, key or token text in it.
    for (const reason of Object.values(REFUSAL)) expect(reason).not.toContain(kid);
    // The good token itself verifies.
    await expect(v.verify(good)).resolves.toMatchObject({
      subject: 'u1',
      issuer: 'https://id.platform.test/',
    });
  });

  it('is off with AUTH_* unset, and refuses a config that sets only part of it or an HMAC', () => {
    expect(createJwtVerifier(loadConfig({}))).toBeNull();
    expect(() => loadConfig({ AUTH_ISSUER: 'x' })).toThrow(/set together/);
    expect(() => loadConfig({ AUTH_ALGORITHMS: 'RS256,HS256' })).toThrow(/HS256/);
    expect(() => loadConfig({ AUTH_CLOCK_TOLERANCE_S: '61' })).toThrow(/AUTH_CLOCK_TOLERANCE_S/);
    expect(() => loadConfig({ AUTH_JWKS_URL: 'http://id.example.com/jwks.json' })).toThrow(/https/);
  });
});

describe('clock skew', () => {
  it('accepts a token within the tolerance of exp, and refuses it beyond', async () => {
    const jwks = await startJwks();
    const v = verifierFor(jwks, { AUTH_CLOCK_TOLERANCE_S: '30' });
    const now = Math.floor(Date.now() / 1000);
    await expect(v.verify(await jwks.sign('u1', { exp: now - 20, iat: now - 100 }))).resolves.toMatchObject({
      subject: 'u1',
    });
    expect(await refusalOf(v, await jwks.sign('u1', { exp: now - 40, iat: now - 100 }))).toBe(
      REFUSAL.EXPIRED,
    );
    // nbf slightly ahead of this clock: within the tolerance.
    await expect(v.verify(await jwks.sign('u2', { nbf: now + 20 }))).resolves.toMatchObject({
      subject: 'u2',
    });
  });
});

describe('key rotation', () => {
  it('refuses a new kid within the cooldown, accepts it after exactly one fetch once it has passed', async () => {
    const jwks = await startJwks();
    const v = verifierFor(jwks, { AUTH_JWKS_COOLDOWN_S: '2' });
    await v.verify(await jwks.sign('u1'));
    expect(jwks.fetches).toBe(1);
    const fetchedAt = Date.now();
    await jwks.rotate();
    const rotated = await jwks.sign('u1');
    expect(await refusalOf(v, rotated)).toBe(REFUSAL.UNKNOWN_KEY);
    expect(jwks.fetches).toBe(1);
    await until(() => Date.now() > fetchedAt + 2_100, 10_000, 'the cooldown to pass');
    await expect(v.verify(rotated)).resolves.toMatchObject({ subject: 'u1' });
    expect(jwks.fetches).toBe(2);
    // The old key is still served: its tokens still verify, with no fetch.
    await expect(
      v.verify(await jwks.sign('u2', {}, { kid: jwks.keys[0]!.kid, key: jwks.keys[0]!.privateKey })),
    ).resolves.toBeTruthy();
    expect(jwks.fetches).toBe(2);
  });

  it('1,000 tokens with random unknown kids cause at most one fetch per cooldown', async () => {
    const jwks = await startJwks();
    const cooldownS = 1;
    const v = verifierFor(jwks, { AUTH_JWKS_COOLDOWN_S: String(cooldownS) });
    await v.verify(await jwks.sign('u1'));
    const started = Date.now();
    const before = jwks.fetches;
    const token = await jwks.sign('u1');
    const [, p, s] = token.split('.');
    let refused = 0;
    // In sequence, and then all at once after a cooldown: concurrent misses share one fetch.
    for (let i = 0; i < 500; i++) {
      const header = b64({ alg: 'RS256', kid: `random-${Math.random().toString(36).slice(2)}` });
      if (
        await v.verify(`${header}.${p}.${s}`).then(
          () => false,
          (e: unknown) => e instanceof TokenRefused,
        )
      )
        refused++;
    }
    await until(() => Date.now() > started + cooldownS * 1000 + 100, 10_000, 'a cooldown');
    const burst = await Promise.all(
      Array.from({ length: 500 }, () => {
        const header = b64({ alg: 'RS256', kid: `random-${Math.random().toString(36).slice(2)}` });
        return v.verify(`${header}.${p}.${s}`).then(
          () => false,
          (e: unknown) => e instanceof TokenRefused,
        );
      }),
    );
    refused += burst.filter(Boolean).length;
    const elapsed = Date.now() - started;
    expect(refused).toBe(1000);
    const fetched = jwks.fetches - before;
    expect(fetched).toBeGreaterThanOrEqual(1);
    expect(fetched).toBeLessThanOrEqual(Math.ceil(elapsed / (cooldownS * 1000)) + 1);
  });
});

describe('the key set', () => {
  it('an outage is SERVICE_UNAVAILABLE, never a refusal, and is not fetched again at once', async () => {
    const jwks = await startJwks();
    const v = verifierFor(jwks, { AUTH_JWKS_COOLDOWN_S: '1' });
    jwks.down = true;
    const token = await jwks.sign('u1');
    await expect(v.verify(token)).rejects.toBeInstanceOf(KeySetUnavailable);
    const failedAt = Date.now();
    await expect(v.verify(token)).rejects.toBeInstanceOf(KeySetUnavailable);
    expect(jwks.fetches).toBe(1);
    jwks.down = false;
    await until(() => Date.now() > failedAt + 1_100, 10_000, 'the retry delay');
    await expect(v.verify(token)).resolves.toMatchObject({ subject: 'u1' });
  });

  it('a key set over the size caps is not used (SERVICE_UNAVAILABLE)', async () => {
    const jwks = await startJwks();
    const key = jwks.keys[0]!.publicJwk;
    jwks.override = JSON.stringify({
      keys: Array.from({ length: 101 }, (_, i) => ({ ...key, kid: `k${i}` })),
    });
    await expect(verifierFor(jwks).verify(await jwks.sign('u1'))).rejects.toBeInstanceOf(KeySetUnavailable);
    jwks.override = JSON.stringify({ keys: [key], pad: 'x'.repeat(300 * 1024) });
    await expect(verifierFor(jwks).verify(await jwks.sign('u1'))).rejects.toBeInstanceOf(KeySetUnavailable);
  });
});

describe('the verified-token cache and the standing claim', () => {
  it('a cached token is refused once it expires', async () => {
    const jwks = await startJwks();
    const v = verifierFor(jwks, { AUTH_CLOCK_TOLERANCE_S: '0' });
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = await jwks.sign('u1', { exp });
    await expect(v.verify(token)).resolves.toMatchObject({ expiresAtMs: exp * 1000 });
    await expect(v.verify(token)).resolves.toBeTruthy();
    await until(() => Date.now() > exp * 1000 + 50, 10_000, 'exp');
    expect(await refusalOf(v, token)).toBe(REFUSAL.EXPIRED);
  });

  it('grants nothing unless AUTH_STANDING_CLAIM names the claim; then only in the games it names', async () => {
    const jwks = await startJwks();
    const game = '0b7a4c52-2f0e-4f7e-9d7c-3d2a1b0c9e8f';
    const claim = 'https://zonekeeper.test/standing';
    const token = await jwks.sign('u1', { [claim]: { [game]: 'JUDGE', 'not-a-game': 'JUDGE', x: 'ADMIN' } });
    expect((await verifierFor(jwks).verify(token)).grants.size).toBe(0);
    const grants = (await verifierFor(jwks, { AUTH_STANDING_CLAIM: claim }).verify(token)).grants;
    expect([...grants]).toEqual([[game, 'JUDGE']]);
  });
});
