/**
 * One HTTP server, one port, one path: GraphQL over HTTP (Apollo Server) and graphql-ws
 * (subscriptions) on `/graphql`, plus `/healthz`, `/readyz`, `/metrics` (Prometheus) and a static
 * landing page at `/`. The Apollo Server is `apollo.ts`; the pieces of one exchange, `http-exchange.ts`.
 *
 * Over 300 lines on purpose: `startHttpServer` routes every request on the one port, and its body
 * deadline, admission, error masking and shutdown share that function's state.
 *
 * Hostile input: bodies over MAX_PAYLOAD_BYTES get 413 before parsing; batched (array) bodies are
 * refused (Apollo's `allowBatchedHttpRequests: false`); CSRF prevention is on; document limits
 * (depth, aliases, directives, tokens, cost) come from `armor.ts`, shared with graphql-ws, as does
 * the bound on list items per response (`response-budget.ts`); every
 * error is masked by `formatError` and internal ones carry the request id that is in the log.
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HeaderMap } from '@apollo/server';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { ErrorCode, UNAVAILABLE_MESSAGE } from '../errors.js';
import { isDatabaseUnavailable } from '../db/driver-errors.js';
import { isDatabaseReady } from '../db/client.js';
import { startTimer } from '../metrics.js';
import { createArmor } from './armor.js';
import { createApollo, GRAPHQL_PATH } from './apollo.js';
import {
  BodyTooLarge,
  errorBody,
  publicExtensions,
  queryText,
  readBody,
  requestStatus,
  send,
  type RequestRecord,
} from './http-exchange.js';
import { isConfiguredToken, parseBearer } from '../auth/tokens.js';
import { KEY_SET_UNAVAILABLE_MESSAGE, KeySetUnavailable } from '../auth/jwt.js';
import { authenticate, type AppDeps, type Context } from './context.js';
import { limitResponseSize } from './response-budget.js';
import { RETRY_AFTER_MS, workLimiterFor } from './work-limit.js';
import { RequestAdmission } from './admission.js';
import { startGraphqlWs } from './ws.js';
import { LANDING_POLICY, landingPage } from './landing.js';
import { setSecurityHeaders } from './security-headers.js';
import { createCorsPolicy } from './cors.js';
import { createWebRoutes } from './web.js';
import { limitConnections } from './connection-limit.js';

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

  httpServer.on('request', (req, res) => {
    setSecurityHeaders(res);
    // CORS headers on every route; a preflight is answered here.
    if (corsPolicy.handle(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (web.handle(req, res, url)) return;
    if (url.pathname !== GRAPHQL_PATH) {
      void handleOther(req, res, url).catch((err: unknown) => {
        logger.error({ err, path: url.pathname }, 'unhandled request error');
        if (!res.headersSent) send(res, 500, JSON.stringify({ error: 'internal server error' }));
        else res.destroy();
      });
      return;
    }
    const requestId = randomUUID();
    const record: RequestRecord = {
      operationType: 'unknown',
      operationName: null,
      internalError: false,
      anyError: false,
    };
    const elapsed = startTimer();
    records.set(requestId, record);
    res.once('close', () => {
      records.delete(requestId);
      const seconds = elapsed();
      // The client went away before the answer was complete: count it as refused, not as ok.
      const aborted = !res.writableFinished;
      const status = aborted ? 'invalid' : requestStatus(res.statusCode, record);
      metrics.requestCompleted(record.operationType, status, seconds);
      logger.info(
        {
          requestId,
          operationType: record.operationType,
          operationName: record.operationName,
          httpStatus: res.statusCode,
          status,
          ...(record.errorCode ? { errorCode: record.errorCode } : {}),
          ...(aborted ? { aborted } : {}),
          durationMs: Math.round(seconds * 1e4) / 10,
        },
        'graphql request',
      );
    });
    void handleGraphql(req, res, url, requestId).catch((err: unknown) => {
      record.internalError = true;
      logger.error({ err, requestId }, 'unhandled request error');
      if (!res.headersSent)
        send(res, 500, errorBody('Internal server error.', ErrorCode.INTERNAL_SERVER_ERROR, { requestId }));
      else res.destroy();
    });
  });

  async function handleOther(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === '/healthz') return send(res, 200, JSON.stringify({ status: 'ok' }));
    if (url.pathname === '/readyz') {
      const ready = await isDatabaseReady(deps.db);
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

  async function handleGraphql(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    requestId: string,
  ): Promise<void> {
    res.setHeader('x-request-id', requestId);
    // A body not read whole in time (a stalled or slow client, waiting for its turn included) is
    // answered 408 and its connection closed, which frees its slot and its place in line.
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      if (res.headersSent) return void req.destroy();
      res.setHeader('connection', 'close');
      res.once('finish', () => req.destroy());
      send(res, 408, errorBody('The request body did not arrive in time.', 'BAD_REQUEST'));
    }, bodyTimeoutMs);
    res.once('close', () => clearTimeout(deadline));
    // The credential is resolved first (cached once known), so that a seat over its limit is
    // refused before its body is read; an authentication failure is answered by the context below.
    const authenticated = authenticate(deps, req.headers.authorization);
    const principal = await authenticated.then(
      (a) => a.principal,
      () => null,
    );
    let gone = false;
    const abandoned = new Promise<void>((resolve) =>
      res.once('close', () => {
        gone = true;
        resolve();
      }),
    );
    const entered = principal ? admission.enter(principal, abandoned) : null;
    let leave: Awaited<typeof entered>;
    if (entered instanceof Promise) {
      const waited = metrics.requestInFlight('waiting');
      leave = await entered;
      waited();
    } else leave = entered;
    // The client went away while its request waited for its turn.
    if (gone) return leave?.();
    if (principal && !leave) {
      metrics.refused('request_queue');
      const record = records.get(requestId);
      if (record) record.errorCode = ErrorCode.RATE_LIMITED;
      res.setHeader('retry-after', String(Math.ceil(RETRY_AFTER_MS / 1000)));
      return send(
        res,
        429,
        errorBody(
          `Too many requests in progress and waiting for this credential; retry in ${RETRY_AFTER_MS} ms.`,
          ErrorCode.RATE_LIMITED,
          { retryAfterMs: RETRY_AFTER_MS },
        ),
      );
    }
    if (leave) res.once('close', leave);
    res.once('close', metrics.requestInFlight('admitted'));
    let raw: string;
    try {
      if (timedOut) return;
      raw = await readBody(req, config.MAX_PAYLOAD_BYTES);
      clearTimeout(deadline);
      if (timedOut) return;
    } catch (err) {
      // Timed out (answered 408 above): the stalled body ends here.
      if (timedOut) return;
      // The client went away mid-body: nothing to answer, and nothing wrong with the service (any
      // client can do it, so it must not raise error-level lines). Its request line says `aborted`.
      if (req.destroyed && !(err instanceof BodyTooLarge)) {
        logger.debug({ requestId, err }, 'request body aborted');
        return;
      }
      if (err instanceof BodyTooLarge) {
        // Stop reading: the client may keep sending, and the socket is not reused.
        res.setHeader('connection', 'close');
        return send(res, 413, errorBody('Request body too large.', 'BAD_REQUEST'));
      }
      throw err;
    }
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    let body: unknown = raw;
    if ((headers.get('content-type') ?? '').includes('application/json') && raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, errorBody('Malformed JSON body.', 'BAD_REQUEST'));
      }
    }
    // Before Apollo parses it or keeps it as a persisted query.
    const tooLong = armor.refuseLongQuery(queryText(body, url));
    if (tooLong)
      return send(res, 400, errorBody(tooLong.message, ErrorCode.QUERY_TOO_LARGE, publicExtensions(tooLong)));
    // Expensive resolvers hold their work slots until the answer is sent (work-limit.ts).
    const limiter = workLimiterFor(deps);
    limiter.beginRequest(requestId);
    res.once('close', () => limiter.endRequest(requestId));
    const result = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search: url.search, body },
      context: async (): Promise<Context> => {
        let auth: Awaited<ReturnType<typeof authenticate>>;
        try {
          auth = await authenticated;
        } catch (err) {
          // E.g. the database is unreachable (503: retry later). Apollo answers a failed context
          // with its error alone, bypassing the id-stamping plugin, so the id goes on the error here.
          logger.error({ err, requestId }, 'authentication failed');
          if (err instanceof KeySetUnavailable)
            throw new GraphQLError(KEY_SET_UNAVAILABLE_MESSAGE, {
              extensions: { code: ErrorCode.SERVICE_UNAVAILABLE, requestId, http: { status: 503 } },
            });
          if (isDatabaseUnavailable(err))
            throw new GraphQLError(UNAVAILABLE_MESSAGE, {
              extensions: { code: ErrorCode.SERVICE_UNAVAILABLE, requestId, http: { status: 503 } },
            });
          throw new GraphQLError('Internal server error.', {
            extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR, requestId, http: { status: 500 } },
          });
        }
        // A presented but invalid credential: UNAUTHENTICATED for every operation (whoami and public
        // ones included), never served as anonymous; graphql-ws refuses it at connection the same way.
        if (auth.badCredential) {
          const record = records.get(requestId);
          if (record) record.errorCode = ErrorCode.UNAUTHENTICATED;
          throw new GraphQLError(`The credential is not valid${auth.refusal ? `: ${auth.refusal}` : ''}.`, {
            extensions: { code: ErrorCode.UNAUTHENTICATED, requestId, http: { status: 401 } },
          });
        }
        return { ...deps, requestId, clientIp: req.socket.remoteAddress ?? 'unknown', ...auth };
      },
    });
    // Every answer is for one viewer: no shared cache may keep it.
    res.setHeader('cache-control', 'no-store');
    for (const [key, value] of result.headers) res.setHeader(key, value);
    res.statusCode = result.status ?? 200;
    if (result.body.kind === 'complete') {
      res.end(result.body.string);
      return;
    }
    for await (const chunk of result.body.asyncIterator) res.write(chunk);
    res.end();
  }

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
