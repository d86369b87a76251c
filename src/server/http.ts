/**
 * One HTTP server, one port, one path: GraphQL over HTTP (Apollo Server) and graphql-ws
 * (subscriptions) on `/graphql`, plus `/healthz`, `/readyz`, `/metrics` (Prometheus), a static
 * landing page at `/`, and the browser hand-off of credentials to pages (`/handoff/*`, `handoff.ts`). The Apollo Server is `apollo.ts`; one GraphQL request, `graphql-request.ts`;
 * the other routes, `routes.ts`; the pieces of one exchange, `http-exchange.ts`. This file wires
 * them on the one port and stops them.
 *
 * Hostile input: bodies over MAX_PAYLOAD_BYTES get 413 before parsing, and the bodies being held
 * at once are bounded in bytes (`body-budget.ts`); batched (array) bodies are
 * refused (Apollo's `allowBatchedHttpRequests: false`); CSRF prevention is on; document limits
 * (depth, aliases, directives, tokens, cost) come from `armor.ts`, shared with graphql-ws, as does
 * the bound on list items per response (`response-budget.ts`); every
 * error is masked by `formatError` and internal ones carry the request id that is in the log.
 * A request with the admin token may send a larger body (ADMIN_MAX_PAYLOAD_BYTES, `body-cap.ts`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { createArmor } from './armor.js';
import { createApollo, GRAPHQL_PATH } from './apollo.js';
import { send, type RequestRecord } from './http-exchange.js';
import type { AppDeps } from './context.js';
import { limitResponseSize } from './response-budget.js';
import { RequestAdmission } from './admission.js';
import { BodyBudget } from './body-budget.js';
import { startGraphqlWs } from './ws.js';
import { setSecurityHeaders } from './security-headers.js';
import { createCorsPolicy, type CorsPolicy } from './cors.js';
import { createWebRoutes, type WebRoutes } from './web.js';
import { createHandoffRoutes, type HandoffRoutes } from './handoff.js';
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
  const wsServer = countedWebSocketServer(deps);
  const armor = createArmor({ introspection: config.GRAPHQL_INTROSPECTION });
  // For both transports: they share this schema.
  limitResponseSize(schema, config.MAX_RESPONSE_ITEMS);
  const ws = startGraphqlWs(deps, schema, wsServer, { armor });

  /** Each GraphQL request's record (`createApollo`), read when its response is sent. */
  const records = new Map<string, RequestRecord>();
  const admission = new RequestAdmission({
    perPrincipal: config.REQUEST_LIMIT_PER_PRINCIPAL,
    queuePerPrincipal: config.REQUEST_QUEUE_PER_PRINCIPAL,
    perClient: config.REQUEST_LIMIT_PER_CLIENT,
    queuePerClient: config.REQUEST_QUEUE_PER_CLIENT,
  });
  const bodyBudget = new BodyBudget(config.REQUEST_BODY_BYTES_TOTAL, (used) => metrics.bodyBytesHeld(used));
  const routes: PageRoutes = {
    // The IDE (browsers asking /graphql for HTML), the table page and their assets.
    web: createWebRoutes(config, logger, { graphqlPath: GRAPHQL_PATH }),
    // What a link to a page carries instead of a credential: a code the page exchanges (handoff.ts).
    handoff: createHandoffRoutes(deps),
    cors: createCorsPolicy(config.CORS_ORIGINS),
  };
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

  httpServer.on('upgrade', upgradeToGraphqlWs(wsServer, routes.cors));
  const endpoint: GraphqlEndpoint = { deps, apollo, armor, admission, bodyBudget, records };
  httpServer.on('request', routeRequest(endpoint, routes));
  const port = await listen(httpServer, opts);
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

/** The routes besides GraphQL, and the CORS policy every route answers under. */
interface PageRoutes {
  readonly web: WebRoutes;
  readonly handoff: HandoffRoutes;
  readonly cors: CorsPolicy;
}

/** graphql-ws's socket server: upgrades are handed to it, and it counts the sockets it holds. */
function countedWebSocketServer(deps: AppDeps): WebSocketServer {
  const wsServer = new WebSocketServer({ noServer: true, maxPayload: deps.config.MAX_PAYLOAD_BYTES });
  // One listener for every socket (a WebSocket emits 'close' once, and `once` would keep a wrapper).
  const closed = () => deps.metrics.wsConnectionClosed();
  wsServer.on('connection', (socket) => {
    deps.metrics.wsConnectionOpened();
    socket.on('close', closed);
  });
  return wsServer;
}

/** An upgrade to `/graphql` from an allowed origin becomes a graphql-ws socket; any other is closed. */
function upgradeToGraphqlWs(wsServer: WebSocketServer, cors: CorsPolicy) {
  return (req: http.IncomingMessage, socket: Duplex, head: Buffer): void => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== GRAPHQL_PATH) {
      socket.destroy();
      return;
    }
    if (!cors.allowsWebSocket(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    wsServer.handleUpgrade(req, socket, head, (client) => wsServer.emit('connection', client, req));
  };
}

/**
 * Every request gets the security headers and CORS (a preflight is answered there); then the web
 * pages, the hand-off, GraphQL on `/graphql`, and the other routes (`routes.ts`), in that order.
 */
function routeRequest(endpoint: GraphqlEndpoint, routes: PageRoutes) {
  const { deps } = endpoint;
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    setSecurityHeaders(res);
    if (routes.cors.handle(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (routes.web.handle(req, res, url)) return;
    if (routes.handoff.handle(req, res, url)) return;
    if (url.pathname === GRAPHQL_PATH) return serveGraphql(endpoint, req, res, url);
    void handleRoute(deps, req, res, url).catch((err: unknown) => {
      deps.logger.error({ err, path: url.pathname }, 'unhandled request error');
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: 'internal server error' }));
      else res.destroy();
    });
  };
}

/** Listens on `opts`, resolving with the port bound (the one asked for, or the one given for 0). */
async function listen(httpServer: http.Server, opts: { port: number; host: string }): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(opts.port, opts.host, () => resolve());
  });
  return (httpServer.address() as AddressInfo).port;
}
