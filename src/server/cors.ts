/**
 * Cross-origin access for browsers: CORS on every HTTP route (with the `cors` package) and the same
 * list applied to the `Origin` of graphql-ws handshakes, which browsers do not subject to CORS.
 *
 * - `CORS_ORIGINS` unset: no `Access-Control-*` header at all; pages of other origins cannot read
 *   answers, and their WebSocket handshakes are refused.
 * - A list: a listed `Origin` is echoed in `Access-Control-Allow-Origin` (with `Vary: Origin`); any
 *   other gets no such header, so the browser withholds the answer.
 * - `*`: any origin.
 * Credentials (cookies, HTTP authentication) are never allowed: seat tokens travel in the
 * `Authorization` header, which the preflight allows explicitly.
 *
 * Apollo's CSRF prevention stays on: a request a browser would send without a preflight (a GET, or a
 * POST that is not `application/json`) must carry `apollo-require-preflight` or
 * `x-apollo-operation-name`; both are allowed headers, so such requests are preflighted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';

export const CORS_METHODS = ['GET', 'POST', 'OPTIONS'] as const;
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'apollo-require-preflight',
  'x-apollo-operation-name',
] as const;
export const CORS_EXPOSED_HEADERS = ['x-request-id'] as const;
/** How long a browser may reuse a preflight answer (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_SECONDS = 600;

export interface CorsPolicy {
  /** Adds the CORS headers; true when the request was a preflight and has been answered. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Whether a WebSocket handshake's `Origin` is allowed (no `Origin`: not a browser, allowed). */
  allowsWebSocket(req: IncomingMessage): boolean;
}

export function createCorsPolicy(origins: '*' | readonly string[]): CorsPolicy {
  const enabled = origins === '*' || origins.length > 0;
  const middleware = cors({
    origin: origins === '*' ? '*' : [...origins],
    methods: [...CORS_METHODS],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    credentials: false,
    maxAge: CORS_MAX_AGE_SECONDS,
    optionsSuccessStatus: 204,
  });
  const listed = (origin: string) => origins === '*' || origins.includes(origin);
  return {
    handle(req, res) {
      if (!enabled || req.headers.origin === undefined) return false;
      // With fixed options the middleware is synchronous: `next` runs now, or the preflight is answered.
      let passed = false;
      middleware(req, res, () => {
        passed = true;
      });
      return !passed;
    },
    allowsWebSocket(req) {
      const origin = req.headers.origin;
      if (origin === undefined) return true;
      if (listed(origin)) return true;
      // Same origin: the page was served by this service (possibly through a proxy).
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        return false;
      }
      const forwarded = req.headers['x-forwarded-host'];
      const hosts = [req.headers.host, ...(typeof forwarded === 'string' ? forwarded.split(',') : [])];
      return hosts.some((h) => h !== undefined && h.trim().toLowerCase() === host);
    },
  };
}
