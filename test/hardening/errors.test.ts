/**
 * Error masking end to end: an internal error reaches the client as INTERNAL_SERVER_ERROR with a
 * request id and nothing else, and the log line carrying the real error has the same id. Both
 * transports, plus a database outage during authentication.
 */
import { describe, expect, it } from 'vitest';
import { LEAK_PATTERN, RawWs, postRaw, startBareServer } from './support.js';

const SECRET = 'SELECT "token_hash" FROM "Principal" WHERE boom at /work/main/src/db/x.ts:12:3';

const typeDefs = /* GraphQL */ `
  type Query {
    ok: String!
    boom: String
    publicError: String
  }
  type Subscription {
    boomLater: String
  }
`;

const resolvers = {
  Query: {
    ok: () => 'fine',
    boom: () => {
      throw new Error(SECRET);
    },
    publicError: async () => {
      const { notFound } = await import('../../src/errors.js');
      throw notFound('Game');
    },
  },
  Subscription: {
    boomLater: {
      // eslint-disable-next-line require-yield
      subscribe: async function* () {
        throw new Error(SECRET);
      },
    },
  },
};

const bare = await startBareServer(typeDefs, resolvers);
// Port 1 on loopback: connection refused at once.
const down = await startBareServer(typeDefs, resolvers, {
  databaseUrl: 'postgresql://postgres@127.0.0.1:1/unreachable',
});

describe('internal errors over HTTP', () => {
  it('answers the code and a request id, logs the real error under the same id', async () => {
    expect.assertions(8);
    const res = await postRaw(bare.url, JSON.stringify({ query: '{ ok boom }' }));
    expect(res.status).toBe(200);
    const [error] = res.json?.errors ?? [];
    expect(error?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    const requestId = error?.extensions?.requestId;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.text).not.toMatch(LEAK_PATTERN);
    expect(res.json?.data).toEqual({ ok: 'fine', boom: null });

    const line = bare.logs.find((l) => l['msg'] === 'internal error' && l['requestId'] === requestId);
    expect(line).toBeDefined();
    expect(JSON.stringify(line)).toContain('boom at /work/main');
    // The request's own log line carries the same id.
    const access = bare.logs.find((l) => l['msg'] === 'graphql request' && l['requestId'] === requestId);
    expect(access?.['status']).toBe('internal');
  });

  it('passes public errors through with their code and no stack', async () => {
    const res = await postRaw(bare.url, JSON.stringify({ query: '{ publicError }' }));
    const [error] = res.json?.errors ?? [];
    expect(error?.extensions?.code).toBe('NOT_FOUND');
    expect(error?.message).toBe('Game not found.');
    expect(res.text).not.toMatch(LEAK_PATTERN);
  });

  it('refuses a subscription sent over HTTP with BAD_REQUEST naming graphql-ws, not a masked error', async () => {
    const res = await postRaw(bare.url, JSON.stringify({ query: 'subscription { boomLater }' }));
    expect(res.status).toBe(400);
    expect(res.json?.errors?.[0]?.extensions?.['code']).toBe('BAD_REQUEST');
    expect(res.json?.errors?.[0]?.message).toMatch(/graphql-ws/);
  });

  it('sends the same id in the x-request-id header', async () => {
    const res = await fetch(bare.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ boom }' }),
    });
    const body = (await res.json()) as { errors: { extensions: { requestId: string } }[] };
    expect(res.headers.get('x-request-id')).toBe(body.errors[0]?.extensions.requestId);
  });
});

describe('internal errors over graphql-ws', () => {
  it('masks a resolver error in a query result', async () => {
    const ws = await RawWs.connect(bare.wsUrl);
    const frame = await ws.run('1', '{ boom }');
    ws.close();
    const text = JSON.stringify(frame);
    expect(text).not.toMatch(LEAK_PATTERN);
    const errors = (frame.payload as { errors?: { extensions?: Record<string, unknown> }[] }).errors ?? [];
    expect(errors[0]?.extensions?.['code']).toBe('INTERNAL_SERVER_ERROR');
    const requestId = errors[0]?.extensions?.['requestId'];
    expect(requestId).toEqual(expect.any(String));
    expect(
      bare.logs.find((l) => l['requestId'] === requestId && /error/.test(String(l['msg']))),
    ).toBeDefined();
  });

  it('masks an error thrown by a subscription source', async () => {
    const ws = await RawWs.connect(bare.wsUrl);
    const frame = await ws.run('1', 'subscription { boomLater }');
    ws.close();
    expect(JSON.stringify(frame)).not.toMatch(LEAK_PATTERN);
    const errors = (
      frame.type === 'error' ? frame.payload : (frame.payload as { errors?: unknown }).errors
    ) as { extensions?: Record<string, unknown> }[];
    expect(errors[0]?.extensions?.['code']).toBe('INTERNAL_SERVER_ERROR');
    expect(errors[0]?.extensions?.['requestId']).toEqual(expect.any(String));
  });
});

describe('database unreachable', () => {
  it('answers a credentialed request with 503 SERVICE_UNAVAILABLE and an id, and logs the cause', async () => {
    const token = 'zk_secret_seat_token_value_123456';
    const res = await postRaw(down.url, JSON.stringify({ query: '{ ok }' }), {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    });
    expect(res.status).toBe(503);
    const [error] = res.json?.errors ?? [];
    expect(error?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    const requestId = error?.extensions?.requestId;
    expect(requestId).toEqual(expect.any(String));
    expect(res.text).not.toMatch(LEAK_PATTERN);
    expect(res.text).not.toContain('ECONNREFUSED');
    expect(
      down.logs.find((l) => l['requestId'] === requestId && l['msg'] === 'authentication failed'),
    ).toBeDefined();
    // Never log tokens.
    expect(down.logs.raw).not.toContain(token);
  });

  it('reports not ready on /readyz', async () => {
    const res = await fetch(down.url.replace(/\/graphql$/, '/readyz'));
    expect(res.status).toBe(503);
  });
});
