/**
 * The routes of the one port besides GraphQL: `/healthz` (the process answers), `/readyz` (the
 * database answers), `/metrics` (Prometheus, behind METRICS_TOKEN when it is set) and the landing
 * page at `/`. Anything else is 404.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isConfiguredToken, parseBearer } from '../auth/tokens.js';
import { isDatabaseReady } from '../db/client.js';
import type { AppDeps } from './context.js';
import { send } from './http-exchange.js';
import { LANDING_POLICY, landingPage } from './landing.js';

/** Answers one request of the routes above. */
export async function handleRoute(
  deps: Pick<AppDeps, 'config' | 'store' | 'metrics'>,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { config, metrics } = deps;
  if (url.pathname === '/healthz') return send(res, 200, JSON.stringify({ status: 'ok' }));
  if (url.pathname === '/readyz') {
    const ready = await isDatabaseReady(deps.store.db);
    return send(res, ready ? 200 : 503, JSON.stringify({ status: ready ? 'ready' : 'unavailable' }));
  }
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
