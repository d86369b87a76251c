/**
 * Browser hand-off (docs/frontend.md, "Opening a page by link"): a link to a page carries a
 * short-lived, single-use code, never a credential, and the page exchanges the code for the
 * credential in the body of a POST, which no browser keeps in its history, session or cache files.
 *
 * - `POST /handoff/code` mints a code for the caller's own credential (`Authorization: Bearer …`):
 *   whoever holds a credential may hand it to a browser; nobody else can. Body
 *   `{"use": "link" | "reload", "replaces"?: code}`: a link code lives {@link LINK_LIFETIME_SECONDS},
 *   a reload code (what a page keeps to find its credential again after a reload)
 *   {@link RELOAD_LIFETIME_SECONDS}; `replaces` deletes the caller's previous code in the same step.
 *   At most {@link MAX_LIVE_CODES} codes of one credential are alive at once (RATE_LIMITED past it).
 * - `POST /handoff/redeem` with `{"code": …}` answers `{"token": …}` once; the same answer
 *   (NOT_FOUND) for a code that never existed, was used, or expired, so nothing tells them apart.
 *
 * Both are JSON only (a form cannot post them without a preflight), capped at {@link MAX_BODY_BYTES},
 * and share one token bucket per client address ({@link ADDRESS_BURST}, refilled one a second).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isHandoffCode } from '../auth/handoff.js';
import { KeySetUnavailable } from '../auth/jwt.js';
import { parseBearer } from '../auth/tokens.js';
import {
  ADDRESS_BURST,
  LINK_LIFETIME_SECONDS,
  MAX_LIVE_CODES,
  RELOAD_LIFETIME_SECONDS,
} from '../authority/index.js';
import { ErrorCode, UNAVAILABLE_MESSAGE } from '../errors.js';
import type { AppDeps } from './context.js';
import { BodyTooLarge, errorBody, readBody, send } from './http-exchange.js';

export { MAX_LIVE_CODES };
const MAX_BODY_BYTES = 1024;

export interface HandoffRoutes {
  /** Serves the request and returns true when it is one of `/handoff/*`; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
}

type Deps = Pick<AppDeps, 'authority' | 'logger'>;

/** A refusal: its HTTP status and typed code, with the reason in the message. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
    throw new Refusal(
      415,
      ErrorCode.BAD_USER_INPUT,
      'The body must be JSON (content-type: application/json).',
    );
  let text: string;
  try {
    text = await readBody(req, MAX_BODY_BYTES);
  } catch (err) {
    if (err instanceof BodyTooLarge)
      throw new Refusal(413, ErrorCode.BAD_USER_INPUT, `The body is over ${MAX_BODY_BYTES} bytes.`);
    throw err;
  }
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new Refusal(400, ErrorCode.BAD_USER_INPUT, 'The body is not valid JSON.');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new Refusal(400, ErrorCode.BAD_USER_INPUT, 'The body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** `POST /handoff/code`: a code for the caller's own, valid credential. */
async function mint(deps: Deps, req: IncomingMessage): Promise<Record<string, unknown>> {
  const credential = parseBearer(req.headers.authorization);
  const auth = credential ? await deps.authority.authenticate(req.headers.authorization) : null;
  if (!credential || !auth || auth.badCredential || auth.principal.kind === 'anonymous')
    throw new Refusal(
      401,
      ErrorCode.UNAUTHENTICATED,
      'A hand-off code is minted for the credential in the Authorization header (Bearer), and none valid was sent.',
    );
  const body = await jsonBody(req);
  const use = body.use ?? 'link';
  if (use !== 'link' && use !== 'reload')
    throw new Refusal(400, ErrorCode.BAD_USER_INPUT, 'The field `use` must be "link" or "reload".', {
      field: 'use',
    });
  if (body.replaces !== undefined && !isHandoffCode(body.replaces))
    throw new Refusal(400, ErrorCode.BAD_USER_INPUT, 'The field `replaces` is not a hand-off code.', {
      field: 'replaces',
    });
  const minted = await deps.authority.mintHandoffCode(credential, use, body.replaces);
  if (!minted)
    throw new Refusal(
      429,
      ErrorCode.RATE_LIMITED,
      `This credential already has ${MAX_LIVE_CODES} hand-off codes alive; each lives at most ` +
        `${RELOAD_LIFETIME_SECONDS} s. Redeem or replace one first.`,
      { retryAfterSeconds: LINK_LIFETIME_SECONDS },
    );
  const { code, expiresAt, lifetimeSeconds } = minted;
  return { code, use, expiresAt: expiresAt.toISOString(), lifetimeSeconds };
}

/** `POST /handoff/redeem`: the credential a code seals, once. */
async function redeem(deps: Deps, req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await jsonBody(req);
  const code = body.code;
  if (!isHandoffCode(code))
    throw new Refusal(400, ErrorCode.BAD_USER_INPUT, 'The field `code` is not a hand-off code (zkh_…).', {
      field: 'code',
    });
  const token = await deps.authority.redeemHandoffCode(code);
  if (!token)
    throw new Refusal(
      404,
      ErrorCode.NOT_FOUND,
      'Hand-off code not found: it never existed, was used already, or expired. Ask for a new link.',
    );
  return { token };
}

/** One request of either route, under its address's token bucket; every refusal answered with its status. */
async function serve(deps: Deps, req: IncomingMessage, res: ServerResponse, route: 'code' | 'redeem') {
  try {
    const wait = deps.authority.handoffWait(req.socket.remoteAddress ?? 'unknown');
    if (wait > 0) {
      const retryAfterSeconds = Math.ceil(wait / 1000);
      throw new Refusal(
        429,
        ErrorCode.RATE_LIMITED,
        `Too many hand-off requests from this address (${ADDRESS_BURST} at once, then one a second). ` +
          `Retry in ${retryAfterSeconds} s.`,
        { retryAfterSeconds },
      );
    }
    const answer = route === 'code' ? await mint(deps, req) : await redeem(deps, req);
    send(res, 200, JSON.stringify(answer));
  } catch (err) {
    if (err instanceof Refusal) {
      if (err.status === 429) res.setHeader('retry-after', String(err.extensions.retryAfterSeconds));
      return send(res, err.status, errorBody(err.message, err.code, err.extensions));
    }
    if (err instanceof KeySetUnavailable)
      return send(res, 503, errorBody(err.message, ErrorCode.SERVICE_UNAVAILABLE));
    deps.logger.error({ err, path: req.url }, 'hand-off error');
    if (res.headersSent) return void res.destroy();
    send(res, 503, errorBody(UNAVAILABLE_MESSAGE, ErrorCode.SERVICE_UNAVAILABLE));
  }
}

export function createHandoffRoutes(deps: Deps): HandoffRoutes {
  return {
    handle(req, res, url) {
      const route =
        url.pathname === '/handoff/code' ? 'code' : url.pathname === '/handoff/redeem' ? 'redeem' : null;
      if (!route) return false;
      if (req.method !== 'POST') {
        res.setHeader('allow', 'POST');
        send(res, 405, errorBody(`Only POST is answered at ${url.pathname}.`, ErrorCode.BAD_USER_INPUT));
        return true;
      }
      void serve(deps, req, res, route);
      return true;
    },
  };
}
