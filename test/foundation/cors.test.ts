/**
 * CORS_ORIGINS: what a browser on another origin may do, over HTTP (CORS) and graphql-ws (Origin).
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config.js';
import { startTestServer } from '../support/server.js';

const APP = 'https://app.example.com';
const DEV = 'http://localhost:5173';
const OTHER = 'https://evil.example.net';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with exactly these headers (fetch would add or forbid some). */
function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body = '',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let data = '';
      res.on('data', (d: Buffer) => (data += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const preflight = (url: string, origin: string) =>
  request(url, 'OPTIONS', {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization, content-type',
  });

const post = (url: string, origin: string) =>
  request(
    url,
    'POST',
    { origin, 'content-type': 'application/json' },
    JSON.stringify({ query: '{ whoami { kind } }' }),
  );

/** Resolves with the HTTP status of the handshake: 101 when the socket opened. */
function handshake(url: string, origin: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, 'graphql-transport-ws', origin ? { origin } : {});
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

describe('CORS_ORIGINS with a list of origins', async () => {
  const server = await startTestServer({ CORS_ORIGINS: `${APP},${DEV}` });

  it('answers the preflight of a listed origin with the methods and headers, authorization included', async () => {
    for (const origin of [APP, DEV]) {
      const res = await preflight(server.url, origin);
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['vary']).toMatch(/origin/i);
      expect(res.headers['access-control-allow-methods']?.split(',')).toEqual(['GET', 'POST', 'OPTIONS']);
      const allowed = res.headers['access-control-allow-headers']?.split(',') ?? [];
      expect(allowed).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'apollo-require-preflight']),
      );
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('lets a listed origin read the answer of a query, and the request id', async () => {
    const res = await post(server.url, APP);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ data: { whoami: { kind: 'ANONYMOUS' } } });
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(res.headers['access-control-expose-headers']).toBe('x-request-id');
  });

  it('gives an unlisted origin no Access-Control-Allow-Origin, on the preflight or the answer', async () => {
    const pre = await preflight(server.url, OTHER);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const res = await post(server.url, OTHER);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // An origin differing only by scheme or port is another origin.
    const near = await post(server.url, 'http://app.example.com');
    expect(near.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps Apollo CSRF prevention: a simple cross-origin GET without a preflight header is refused', async () => {
    const query = encodeURIComponent('{ whoami { kind } }');
    const res = await request(`${server.url}?query=${query}`, 'GET', { origin: APP });
    expect(res.status).toBe(400);
    const ok = await request(`${server.url}?query=${query}`, 'GET', {
      origin: APP,
      'apollo-require-preflight': 'true',
    });
    expect(ok.status).toBe(200);
  });

  it('opens graphql-ws for a listed origin, the same origin and non-browser clients; refuses others', async () => {
    const base = new URL(server.url);
    expect(await handshake(server.wsUrl, APP)).toBe(101);
    expect(await handshake(server.wsUrl, `http://${base.host}`)).toBe(101);
    expect(await handshake(server.wsUrl, undefined)).toBe(101);
    expect(await handshake(server.wsUrl, OTHER)).toBe(403);
  });
});

describe('CORS_ORIGINS=*', async () => {
  const server = await startTestServer({ CORS_ORIGINS: '*' });

  it('allows any origin, without credentials', async () => {
    const pre = await preflight(server.url, OTHER);
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-headers']).toContain('authorization');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    expect((await post(server.url, OTHER)).headers['access-control-allow-origin']).toBe('*');
    expect(await handshake(server.wsUrl, OTHER)).toBe(101);
  });
});

describe('CORS_ORIGINS unset', async () => {
  const server = await startTestServer();

  it('sends no CORS header and refuses cross-origin WebSocket handshakes', async () => {
    const pre = await preflight(server.url, APP);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const res = await post(server.url, APP);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(await handshake(server.wsUrl, APP)).toBe(403);
    expect(await handshake(server.wsUrl, undefined)).toBe(101);
  });
});

describe('CORS_ORIGINS values', () => {
  it('accepts origins and *, refuses paths, trailing slashes, and * mixed with origins', () => {
    expect(loadConfig({ CORS_ORIGINS: ` ${APP} , ${DEV} ` }).CORS_ORIGINS).toEqual([APP, DEV]);
    expect(loadConfig({ CORS_ORIGINS: '*' }).CORS_ORIGINS).toBe('*');
    expect(loadConfig({}).CORS_ORIGINS).toEqual([]);
    expect(() => loadConfig({ CORS_ORIGINS: `${APP}/` })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: `${APP}/app` })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'app.example.com' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: `*,${APP}` })).toThrow(/CORS_ORIGINS/);
  });
});
