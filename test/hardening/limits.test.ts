/**
 * Request limits on both transports of the real app: document limits (depth, aliases, directives,
 * tokens, cost, list nesting), the query length cap (APQ included), body size, batching, CSRF prevention, and the graphql-ws socket
 * limits (message size, connection_init timeout).
 */
import { createHash } from 'node:crypto';
import { parse as armorParse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ARMOR_LIMITS, createArmor } from '../../src/server/armor.js';
import { boundedDocumentStore, boundedPersistedQueryCache } from '../../src/server/document-cache.js';
import { buildSchema } from '../../src/resolvers/schema.js';
import { WS_LIMITS } from '../../src/server/ws.js';
import { CREATE_GAME, GAME_QUERY, SUBSCRIPTION, createGame } from '../support/game-api.js';
import { moveDocument } from '../support/documents.js';
import { longComment } from '../support/hostile-documents.js';
import { startTestServer, TEST_ADMIN_TOKEN } from '../support/server.js';
import { LEAK_PATTERN, RawWs, postRaw, type GqlErrorJson } from './support.js';

const server = await startTestServer();

/** Documents that must each be refused, with the limit that refuses them. */
const OVER_LIMIT: Record<string, { query: string; message: RegExp; code: string }> = {
  depth: {
    // host { host { … } } is depth-limited only: one object per level.
    query: `{ game(id: "g") { zones { objects { ${'host { '.repeat(ARMOR_LIMITS.maxDepth)}id${' }'.repeat(ARMOR_LIMITS.maxDepth)} } } } }`,
    message: /depth limit/i,
    code: 'GRAPHQL_VALIDATION_FAILED',
  },
  aliases: {
    query: `{ ${Array.from({ length: ARMOR_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: rulesets { id }`).join(' ')} }`,
    message: /aliases limit/i,
    code: 'GRAPHQL_VALIDATION_FAILED',
  },
  directives: {
    // Two directives a field, each field repeated within the selection budget.
    query: `{ whoami { ${['kind', 'gameId', 'playerId', '__typename']
      .flatMap((f) =>
        Array<string>(ARMOR_LIMITS.maxFieldRepeats).fill(`${f} @include(if: true) @skip(if: false)`),
      )
      .join(' ')} } }`,
    message: /directives limit/i,
    code: 'GRAPHQL_VALIDATION_FAILED',
  },
  tokens: {
    query: `{ whoami { ${'kind '.repeat(ARMOR_LIMITS.maxTokens)}} }`,
    message: /more th.. \d+ tokens/i,
    code: 'GRAPHQL_PARSE_FAILED',
  },
  cost: {
    // Within depth, aliases, tokens, list nesting and the selection budget: many scalars deep down
    // chains of hosts, under every alias allowed.
    query: `{ ${Array.from(
      { length: ARMOR_LIMITS.maxAliases },
      (_, i) =>
        `a${i}: game(id: "g") { zones { objects { ${'host { '.repeat(7)}${'id kind position layer faceUp revealedToAll internalKey '.repeat(4)}${'} '.repeat(7)}} } }`,
    ).join(' ')} }`,
    message: /cost limit/i,
    code: 'GRAPHQL_VALIDATION_FAILED',
  },
  listNesting: {
    query: `{ game(id: "g") { zones { objects { zone { objects { zone { objects { id } } } } } } } }`,
    message: /list nesting limit/i,
    code: 'GRAPHQL_VALIDATION_FAILED',
  },
};

function expectRefused(errors: readonly GqlErrorJson[] | undefined, message: RegExp, code: string): void {
  expect(errors?.length).toBeGreaterThan(0);
  expect(errors?.some((e) => message.test(e.message) && e.extensions?.code === code)).toBe(true);
}

describe('document limits over HTTP', () => {
  for (const [limit, { query, message, code }] of Object.entries(OVER_LIMIT)) {
    it(`refuses a document over the ${limit} limit with 400 and ${code}`, async () => {
      const res = await postRaw(server.url, JSON.stringify({ query }));
      expect(res.status).toBe(400);
      expectRefused(res.json?.errors, message, code);
      expect(res.text).not.toMatch(LEAK_PATTERN);
    });
  }

  it('accepts the richest documents the test suite sends (no limit error)', () => {
    const armor = createArmor({ introspection: true });
    const schema = buildSchema();
    const move = moveDocument('moveObjects', 'MoveObjectsInput', { name: 'M' });
    for (const doc of [GAME_QUERY, CREATE_GAME, SUBSCRIPTION, move]) {
      const limitErrors = (armor.check(schema, doc) ?? []).filter((e) => /limit/i.test(e.message));
      expect(limitErrors.map((e) => e.message)).toEqual([]);
    }
  });
});

describe('request limits over HTTP', () => {
  it('answers a body over MAX_PAYLOAD_BYTES with 413 before parsing it', async () => {
    const big = JSON.stringify({ query: `{ whoami { kind } }`, variables: { pad: 'x'.repeat(300_000) } });
    const res = await postRaw(server.url, big);
    expect(res.status).toBe(413);
    expect(res.json?.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('lets only a checked admin token send up to ADMIN_MAX_PAYLOAD_BYTES; every other caller keeps MAX_PAYLOAD_BYTES', async () => {
    const small = await startTestServer({ MAX_PAYLOAD_BYTES: '4096', ADMIN_MAX_PAYLOAD_BYTES: '65536' });
    const seat = (await createGame(small, 'mtg', [[{ name: 'Forest' }], [{ name: 'Island' }]])).players[0]!;
    const body = (bytes: number) =>
      JSON.stringify({ query: '{ whoami { kind } }', variables: { pad: 'x'.repeat(bytes) } });
    const as = (token: string | null, bytes: number) =>
      postRaw(small.url, body(bytes), {
        'content-type': 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      });
    // Between the two caps: the admin's request runs, everyone else's is refused before parsing.
    const admin = await as(TEST_ADMIN_TOKEN, 20_000);
    expect(admin.status, admin.text).toBe(200);
    expect(admin.json?.data).toEqual({ whoami: { kind: 'ADMIN' } });
    for (const token of [null, seat.token, `${TEST_ADMIN_TOKEN}x`, 'zkp_not-a-real-token-0123456789']) {
      const res = await as(token, 20_000);
      expect(res.status, `${token}: ${res.text}`).toBe(413);
      expect(res.json?.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    }
    // Over the admin's cap, the admin is refused too.
    expect((await as(TEST_ADMIN_TOKEN, 70_000)).status).toBe(413);
  });

  it('refuses a batched (JSON array) body with 400', async () => {
    const batch = JSON.stringify([{ query: '{ whoami { kind } }' }, { query: '{ whoami { kind } }' }]);
    const res = await postRaw(server.url, batch);
    expect(res.status).toBe(400);
    expect(res.json?.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(res.text).not.toContain('ANONYMOUS');
  });

  it('keeps CSRF prevention on: simple requests are refused, preflighted ones run', async () => {
    const q = encodeURIComponent('{ whoami { kind } }');
    const simpleGet = await fetch(`${server.url}?query=${q}`);
    expect(simpleGet.status).toBe(400);
    expect(await simpleGet.text()).toMatch(/CSRF|preflight/i);
    const textPlain = await postRaw(server.url, JSON.stringify({ query: '{ whoami { kind } }' }), {
      'content-type': 'text/plain',
    });
    expect(textPlain.status).toBe(400);
    const preflighted = await fetch(`${server.url}?query=${q}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(preflighted.status).toBe(200);
  });

  it('runs no mutation over GET', async () => {
    const q = encodeURIComponent(
      'mutation { createGame(input: { ruleset: "mtg", players: [] }) { spectatorToken } }',
    );
    const res = await fetch(`${server.url}?query=${q}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(res.status).toBe(405);
  });
});

describe('document limits over graphql-ws', () => {
  for (const [limit, { query, message, code }] of Object.entries(OVER_LIMIT)) {
    it(`refuses a document over the ${limit} limit with an error frame`, async () => {
      const ws = await RawWs.connect(server.wsUrl);
      const frame = await ws.run('1', query);
      ws.close();
      expect(frame.type).toBe('error');
      expectRefused(frame.payload as GqlErrorJson[], message, code);
    });
  }

  it('still runs a document within the limits', async () => {
    const ws = await RawWs.connect(server.wsUrl);
    const frame = await ws.run('1', '{ whoami { kind } }');
    ws.close();
    expect(frame).toMatchObject({ type: 'next', payload: { data: { whoami: { kind: 'ANONYMOUS' } } } });
  });
});

describe('graphql-ws socket limits', () => {
  it('closes the socket with 1009 on a message over MAX_PAYLOAD_BYTES', async () => {
    expect.assertions(1);
    const ws = await RawWs.connect(server.wsUrl);
    ws.send({
      type: 'subscribe',
      id: '1',
      payload: { query: `{ whoami { kind } } #${'x'.repeat(300_000)}` },
    });
    expect((await ws.closed).code).toBe(1009);
  });

  it(
    'closes the socket with 4408 when connection_init does not arrive in time',
    async () => {
      expect.assertions(2);
      const ws = await RawWs.open(server.wsUrl);
      const started = Date.now();
      const { code } = await ws.closed;
      expect(code).toBe(4408);
      expect(Date.now() - started).toBeGreaterThanOrEqual(WS_LIMITS.connectionInitWaitTimeout - 100);
    },
    WS_LIMITS.connectionInitWaitTimeout + 10_000,
  );
});

describe('query length cap (QUERY_TOO_LARGE), over HTTP, APQ and graphql-ws', () => {
  const over = longComment(ARMOR_LIMITS.maxQueryBytes + 1);
  const under = longComment(ARMOR_LIMITS.maxQueryBytes - 16);
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const apq = (query: string | undefined, hash: string) =>
    JSON.stringify({
      ...(query ? { query } : {}),
      extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
    });

  it('runs a query just under the cap and refuses one just over it, typed, with the cap', async () => {
    expect(Buffer.byteLength(over)).toBe(ARMOR_LIMITS.maxQueryBytes + 1);
    const ok = await postRaw(server.url, JSON.stringify({ query: under }));
    expect(ok.json).toMatchObject({ data: { whoami: { kind: 'ANONYMOUS' } } });
    const refused = await postRaw(server.url, JSON.stringify({ query: over }));
    expect(refused.status).toBe(400);
    expect(refused.json?.errors?.[0]?.extensions).toEqual({
      code: 'QUERY_TOO_LARGE',
      maxQueryBytes: ARMOR_LIMITS.maxQueryBytes,
    });
  });

  it('counts bytes, not characters', async () => {
    const wide = longComment(ARMOR_LIMITS.maxQueryBytes / 2 + 64).replace(/x/g, 'é');
    expect(wide.length).toBeLessThan(ARMOR_LIMITS.maxQueryBytes);
    const refused = await postRaw(server.url, JSON.stringify({ query: wide }));
    expect(refused.json?.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_LARGE');
  });

  it('refuses to register a persisted query over the cap, and never stores it', async () => {
    const registered = await postRaw(server.url, apq(over, sha256(over)));
    expect(registered.json?.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_LARGE');
    const byHash = await postRaw(server.url, apq(undefined, sha256(over)));
    expect(byHash.json?.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    // Under the cap, APQ works as before.
    expect((await postRaw(server.url, apq(under, sha256(under)))).json).toMatchObject({ data: {} });
    expect((await postRaw(server.url, apq(undefined, sha256(under)))).json).toMatchObject({
      data: { whoami: { kind: 'ANONYMOUS' } },
    });
  });

  it('refuses a query over the cap over graphql-ws', async () => {
    const ws = await RawWs.connect(server.wsUrl);
    const frame = await ws.run('1', over);
    ws.close();
    expect(frame.type).toBe('error');
    expect((frame.payload as GqlErrorJson[])[0]?.extensions?.code).toBe('QUERY_TOO_LARGE');
  });
});

describe('parsed-document caches are bounded by the bytes they hold', () => {
  it('keeps no more documents than fit its bytes, their source text counted', async () => {
    const maxBytes = 2 * 2 ** 20;
    const store = boundedDocumentStore(maxBytes);
    // Each document is small as JSON but keeps ~32 KiB of comment alive through `loc.source`.
    for (let i = 0; i < 400; i++)
      await store.set(
        String(i),
        armorParse(longComment(ARMOR_LIMITS.maxQueryBytes - 16, `{ a${i}: whoami { kind } }`)),
      );
    let held = 0;
    for (const key of store.keys()) {
      const document = await store.get(key);
      if (document) held += Buffer.byteLength(document.loc?.source.body ?? '');
    }
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(maxBytes);
  });

  it('bounds persisted-query texts by their bytes', async () => {
    const maxBytes = 2 ** 20;
    const cache = boundedPersistedQueryCache(maxBytes);
    for (let i = 0; i < 200; i++)
      await cache.set(String(i), longComment(30_000, `{ a${i}: whoami { kind } }`));
    let held = 0;
    for (const key of cache.keys()) held += (await cache.get(key))?.length ?? 0;
    expect(held).toBeLessThanOrEqual(maxBytes);
  });
});
