/**
 * The routes of the one port besides GraphQL: `/healthz` (the process answers, and its embedded
 * database has not given up restarting), `/readyz` (the database answers; when not, why and when
 * to try again), `/metrics` (Prometheus, behind METRICS_TOKEN when it is set) and the landing
 * page at `/`. Anything else is 404.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isConfiguredToken, parseBearer } from '../auth/tokens.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.js';
import type { EmbeddedStatus } from '../postgres/embedded.js';
import type { AppDeps } from './context.js';
import { send } from './http-exchange.js';
import { LANDING_POLICY, landingPage } from './landing.js';

/** Answers one request of the routes above. */
export async function handleRoute(
  deps: Pick<AppDeps, 'config' | 'authority' | 'metrics' | 'embedded'>,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { config, metrics } = deps;
  const embedded = deps.embedded?.status() ?? { state: 'running' };
  if (url.pathname === '/healthz') {
    // The embedded database could not be started again: only a new process can recover.
    if (embedded.state === 'failed')
      return send(
        res,
        503,
        JSON.stringify({ status: 'failed', database: 'failed', reason: embedded.reason }),
      );
    return send(res, 200, JSON.stringify({ status: 'ok' }));
  }
  if (url.pathname === '/readyz') return sendReadiness(deps, res, embedded);
  if (url.pathname === '/metrics' && req.method === 'GET') {
    const presented = parseBearer(req.headers.authorization);
    if (config.METRICS_TOKEN && !(presented && isConfiguredToken(presented, config.METRICS_TOKEN))) {
      res.setHeader('www-authenticate', 'Bearer');
      return send(res, 401, JSON.stringify({ error: 'unauthorized: /metrics needs METRICS_TOKEN' }));
    }
    return send(res, 200, await metrics.render(), metrics.contentType);
  }
  if (url.pathname === '/' && req.method === 'GET') {
    res.setHeader('content-security-policy', LANDING_POLICY);
    return send(res, 200, landingPage(config), 'text/html; charset=utf-8');
  }
  return send(res, 404, JSON.stringify({ error: 'not found' }));
}

/**
 * `/readyz`: ready when the database answers; when not, why (the embedded database restarting or
 * given up, or unreachable) and, where waiting helps, when to try again.
 */
async function sendReadiness(
  deps: Pick<AppDeps, 'authority'>,
  res: ServerResponse,
  embedded: EmbeddedStatus,
): Promise<void> {
  switch (embedded.state) {
    case 'restarting':
      res.setHeader('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return send(
        res,
        503,
        JSON.stringify({
          status: 'unavailable',
          database: 'restarting',
          attempt: embedded.attempt,
          reason: embedded.reason,
          retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
        }),
      );
    case 'failed':
      return send(
        res,
        503,
        JSON.stringify({ status: 'unavailable', database: 'failed', reason: embedded.reason }),
      );
    case 'running':
      break;
    default:
      embedded satisfies never;
  }
  const ready = await deps.authority.databaseReady();
  if (!ready) res.setHeader('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return send(
    res,
    ready ? 200 : 503,
    JSON.stringify(
      ready
        ? { status: 'ready' }
        : {
            status: 'unavailable',
            database: 'unreachable',
            retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
          },
    ),
  );
}
