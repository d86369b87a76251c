/**
 * One HTTP server, one port, one path: GraphQL over HTTP (Apollo Server) and graphql-ws
 * (subscriptions) on `/graphql`, plus `/healthz`, `/readyz`, `/metrics` (Prometheus), a static
 * landing page at `/`, and the browser hand-off of credentials to pages (`/handoff/*`, `handoff.ts`). The Apollo Server is `apollo.ts`; one GraphQL request, `graphql-request.ts`;
 * the other routes, `routes.ts`; the pieces of one exchange, `http-exchange.ts`. This file wires
 * them on the one port and stops them.
 *
 * Hostile input: bodies over MAX_PAYLOAD_BYTES get 413 before parsing; batched (array) bodies are
 * refused (Apollo's `allowBatchedHttpRequests: false`); CSRF prevention is on; document limits
 * (depth, aliases, directives, tokens, cost) come from `armor.ts`, shared with graphql-ws, as does
 * the bound on list items per response (`response-budget.ts`); every
 * error is masked by `formatError` and internal ones carry the request id that is in the log.
 * A request with the admin token may send a larger body (ADMIN_MAX_PAYLOAD_BYTES, `body-cap.ts`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { createArmor } from './armor.js';
import { createApollo, GRAPHQL_PATH } from './apollo.js';
import { send, type RequestRecord } from './http-exchange.js';
import type { AppDeps } from './context.js';
import { limitResponseSize } from './response-budget.js';
import { RequestAdmission } from './admission.js';
import { startGraphqlWs } from './ws.js';
import { setSecurityHeaders } from './security-headers.js';
import { createCorsPolicy } from './cors.js';
import { createWebRoutes } from './web.js';
import { createHandoffRoutes } from './handoff.js';
import { limitConnections } from './connection-limit.js';
import { serveGraphql, type GraphqlEndpoint } from './graphql-request.js';
import { handleRoute } from './routes.js';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** Stops accepting, lets in-flight requests finish, closes sockets. */
  close(): Promise<void>;
}

/** Starts the one server (see the file comment); `schema` is the executable schema `app.ts` built. */
export async function startHttpServer(
  deps: AppDeps,
  schema: GraphQLSchema,
  opts: { port: number; host: string },
): Promise<RunningServer> {
  const { config, logger, metrics } = deps;
  const bodyTimeoutMs = config.REQUEST_BODY_TIMEOUT_SECONDS * 1000;
  // Headers get the body's time too, checked every second rather than Node's default 30 s.
  const httpServer = http.createServer({ headersTimeout: bodyTimeoutMs, connectionsCheckingInterval: 1000 });
  limitConnections(httpServer, {
    total: config.MAX_CONNECTIONS,
    perAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
  });
  const wsServer = new WebSocketServer({ noServer: true, maxPayload: config.MAX_PAYLOAD_BYTES });
  wsServer.on('connection', (socket) => {
    metrics.wsConnectionOpened();
    socket.once('close', () => metrics.wsConnectionClosed());
  });
  const armor = createArmor({ introspection: config.GRAPHQL_INTROSPECTION });
  // For both transports: they share this schema.
  limitResponseSize(schema, config.MAX_RESPONSE_ITEMS);
  const ws = startGraphqlWs(deps, schema, wsServer, { armor });

  /** Each GraphQL request's record (`createApollo`), read when its response is sent. */
  const records = new Map<string, RequestRecord>();
  const admission = new RequestAdmission(
    config.REQUEST_LIMIT_PER_PRINCIPAL,
    config.REQUEST_QUEUE_PER_PRINCIPAL,
  );
  // The IDE (browsers asking /graphql for HTML), the table page and their assets.
  const web = createWebRoutes(config, logger, { graphqlPath: GRAPHQL_PATH });
  // What a link to a page carries instead of a credential: a code the page exchanges (handoff.ts).
  const handoff = createHandoffRoutes(deps);

  const apollo = createApollo({
    schema,
    introspection: config.GRAPHQL_INTROSPECTION,
    armor,
    httpServer,
    logger,
    metrics,
    records,
    drain: async () => {
      await ws.dispose();
    },
  });
  await apollo.start();

  const corsPolicy = createCorsPolicy(config.CORS_ORIGINS);

  httpServer.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== GRAPHQL_PATH) {
      socket.destroy();
      return;
    }
    if (!corsPolicy.allowsWebSocket(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    wsServer.handleUpgrade(req, socket, head, (client) => wsServer.emit('connection', client, req));
  });

  const endpoint: GraphqlEndpoint = { deps, apollo, armor, admission, records };
  httpServer.on('request', (req, res) => {
    setSecurityHeaders(res);
    // CORS headers on every route; a preflight is answered here.
    if (corsPolicy.handle(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (web.handle(req, res, url)) return;
    if (handoff.handle(req, res, url)) return;
    if (url.pathname === GRAPHQL_PATH) return serveGraphql(endpoint, req, res, url);
    void handleRoute(deps, req, res, url).catch((err: unknown) => {
      logger.error({ err, path: url.pathname }, 'unhandled request error');
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: 'internal server error' }));
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(opts.port, opts.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  const shownHost = opts.host === '0.0.0.0' || opts.host === '::' ? 'localhost' : opts.host;
  return {
    url: `http://${shownHost}:${port}${GRAPHQL_PATH}`,
    port,
    close: async () => {
      // Apollo's drain plugin stops accepting, waits for in-flight requests, then disposes graphql-ws.
      await apollo.stop();
      for (const client of wsServer.clients) client.terminate();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}
