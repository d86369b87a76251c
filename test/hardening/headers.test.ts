/**
 * Every response of the service carries the security headers (a policy that forbids framing,
 * `nosniff`, …), the landing page `/` included, whose policy allows its own inline style by hash
 * and nothing else. And a request whose client goes away mid-body is logged at debug: anyone can
 * do it, so it must not raise error-level lines.
 */
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/server/security-headers.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureWebBuilt } from '../support/web.js';
import { until } from '../support/wait.js';
import { startBareServer } from './support.js';

let server: TestServer;
const bare = await startBareServer('type Query { hello: String }', { Query: { hello: () => 'hi' } });
beforeAll(async () => {
  ensureWebBuilt();
  server = await startTestServer();
}, 120_000);

const HTML = { accept: 'text/html' };

function expectSecurityHeaders(res: Response, route: string): void {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, route).toContain("frame-ancestors 'none'");
  expect(csp, route).toMatch(/default-src '(none|self)'/);
  expect(csp, route).not.toContain('*');
  expect(res.headers.get('x-content-type-options'), route).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), route).toBe('DENY');
  expect(res.headers.get('referrer-policy'), route).toBe('no-referrer');
}

describe('security headers', () => {
  it('are sent by every route the service answers', async () => {
    const origin = new URL(server.url).origin;
    const requests: [string, RequestInit][] = [
      ['/', {}],
      ['/healthz', {}],
      ['/readyz', {}],
      ['/metrics', {}],
      ['/no-such-page', {}],
      ['/graphql', { headers: HTML }],
      [
        '/graphql',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ whoami { kind } }"}',
        },
      ],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }],
      ['/graphql', {}],
      ['/table/00000000-0000-0000-0000-000000000000', { headers: HTML }],
      ['/assets/ide.js', {}],
      ['/assets/nope.js', {}],
    ];
    expect.assertions(requests.length * 6);
    for (const [route, init] of requests) {
      const res = await fetch(`${origin}${route}`, init);
      await res.arrayBuffer();
      expectSecurityHeaders(res, `${init.method ?? 'GET'} ${route}`);
    }
  });

  it('the landing page allows its own inline style by hash, and nothing else', async () => {
    const res = await fetch(new URL('/', server.url));
    const html = await res.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).not.toContain('script-src');
    expect(html).not.toContain('<script');
  });

  it('JSON answers get the policy that allows nothing', async () => {
    const res = await fetch(new URL('/healthz', server.url));
    expect(res.headers.get('content-security-policy')).toBe(SECURITY_HEADERS['content-security-policy']);
  });
});

describe('a request body aborted by its client', () => {
  it('is logged at debug, not error', async () => {
    const { port } = new URL(bare.url);
    const reading = async () =>
      (await bare.metrics.requestsInFlight.get()).values.find((v) => v.labels.state === 'reading')?.value;
    const socket = connect(Number(port), '127.0.0.1');
    const closed = new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('close', () => resolve());
    });
    socket.write(
      'POST /graphql HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"query":',
    );
    // The client goes away once the server is reading the body.
    await until(async () => (await reading()) === 1, 'the request body being read');
    socket.destroy();
    await closed;
    await until(
      () => bare.logs.find((l) => l['msg'] === 'graphql request') !== undefined,
      'the request line',
    );
    const aborted = bare.logs.find((l) => l['msg'] === 'request body aborted');
    expect(aborted?.['level']).toBe(20);
    expect(bare.logs.find((l) => l['msg'] === 'graphql request')).toMatchObject({ aborted: true });
    expect(bare.logs.lines.filter((l) => Number(l['level']) >= 50)).toEqual([]);
  }, 30_000);
});
