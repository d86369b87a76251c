/**
 * Headers every response of the service carries, whatever the route: JSON answers, `/healthz`,
 * `/metrics`, the landing page, errors. Pages that need more (the IDE and table pages, web.ts; the
 * landing page, landing.ts) replace the policy with their own, which keeps `frame-ancestors 'none'`.
 *
 * The default policy allows nothing: a JSON answer opened in a browser runs no script, loads nothing
 * and cannot be framed (clickjacking), and `nosniff` keeps a browser from reading it as HTML.
 */
import type { ServerResponse } from 'node:http';

/** The Content-Security-Policy of everything that is not a page with its own. */
export const DEFAULT_POLICY =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': DEFAULT_POLICY,
  'x-content-type-options': 'nosniff',
  // For browsers without CSP's frame-ancestors.
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** Sets {@link SECURITY_HEADERS} on `res`; a later `writeHead` with the same names overrides them. */
export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}
