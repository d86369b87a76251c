import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';

const server = await startTestServer();
const base = server.url.replace(/\/graphql$/, '');

describe('HTTP surface', () => {
  it('answers /healthz while the process is up', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 while the database is reachable', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
  });

  it('serves a landing page that loads nothing from the internet', async () => {
    const res = await fetch(`${base}/`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Zonekeeper');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)=["']https?:/i);
  });

  it('keeps CSRF prevention on: a simple GET without a preflight header is refused', async () => {
    const res = await fetch(`${server.url}?query=${encodeURIComponent('{ whoami { kind } }')}`);
    expect(res.status).toBe(400);
  });

  it('rejects an unparsable JSON body with 400 and no stack trace', async () => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toMatch(/at .*\.ts:\d+/);
  });

  it('forbids caching of GraphQL answers, which are per viewer', async () => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ whoami { kind } }' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('treats a request without credentials as anonymous', async () => {
    const res = await server.gql<{ whoami: { kind: string } }>('{ whoami { kind } }');
    expect(res.data?.whoami.kind).toBe('ANONYMOUS');
  });
});
