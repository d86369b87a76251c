/**
 * GRAPHQL_INTROSPECTION=false refuses introspection on both transports; `__typename` still works.
 * With the default (true) the same query runs. `/` is static HTML without scripts; the IDE at
 * `/graphql` (GRAPHQL_IDE, see test/web) loads only from the service itself.
 */
import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';
import { RawWs, postRaw, type GqlErrorJson } from './support.js';

const closed = await startTestServer({ GRAPHQL_INTROSPECTION: 'false' });
const open = await startTestServer();
const INTROSPECTION = getIntrospectionQuery();

describe('introspection turned off', () => {
  it('refuses the introspection query over HTTP', async () => {
    const res = await postRaw(closed.url, JSON.stringify({ query: INTROSPECTION }));
    expect(res.status).toBe(400);
    expect(res.json?.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.json?.data).toBeUndefined();
  });

  it('refuses a bare __type lookup over HTTP', async () => {
    const res = await postRaw(closed.url, JSON.stringify({ query: '{ __type(name: "Game") { name } }' }));
    expect(res.status).toBe(400);
  });

  it('refuses the introspection query over graphql-ws', async () => {
    const ws = await RawWs.connect(closed.wsUrl);
    const frame = await ws.run('1', INTROSPECTION);
    ws.close();
    expect(frame.type).toBe('error');
    expect((frame.payload as GqlErrorJson[])[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('still answers __typename', async () => {
    const res = await closed.gql<{ __typename: string }>('{ __typename }');
    expect(res.data?.__typename).toBe('Query');
  });

  it('hides field suggestions, which would reveal the schema piecemeal', async () => {
    const res = await postRaw(closed.url, JSON.stringify({ query: '{ gam(id: "x") { id } }' }));
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/Did you mean/);
  });
});

describe('introspection on (the default)', () => {
  it('answers the introspection query over HTTP and graphql-ws', async () => {
    const res = await postRaw(open.url, JSON.stringify({ query: INTROSPECTION }));
    expect(res.status).toBe(200);
    expect(res.json?.data).toHaveProperty('__schema');
    const ws = await RawWs.connect(open.wsUrl);
    const frame = await ws.run('1', INTROSPECTION);
    ws.close();
    expect(frame.type).toBe('next');
  });

  it('the landing page has no scripts and nothing remote; the IDE loads only from the service', async () => {
    const html = await (await fetch(open.url.replace(/\/graphql$/, '/'))).text();
    expect(html).not.toMatch(/<script|<iframe|(src|href)=["']https?:/i);
    const get = await fetch(open.url, { headers: { accept: 'text/html' } });
    expect(get.headers.get('content-type') ?? '').toMatch(/html/);
    expect(await get.text()).not.toMatch(/<iframe|(src|href)=["'](https?:)?\/\//i);
  });
});
