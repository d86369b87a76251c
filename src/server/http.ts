/**
 * One HTTP server, one port, one path: GraphQL over HTTP (Apollo Server) and graphql-ws
 * (subscriptions) on `/graphql`, plus `/healthz`, `/readyz` and a static landing page at `/`.
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, HeaderMap, type BaseContext } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { formatError } from '../errors.js';
import { isDatabaseReady } from '../db/client.js';
import { authenticate, type AppDeps, type Context } from './context.js';
import { startGraphqlWs } from './ws.js';
import { landingPage } from './landing.js';

export const GRAPHQL_PATH = '/graphql';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** Stops accepting, lets in-flight requests finish, closes sockets. */
  close(): Promise<void>;
}

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

export async function startHttpServer(
  deps: AppDeps,
  schema: GraphQLSchema,
  opts: { port: number; host: string },
): Promise<RunningServer> {
  const { config, logger } = deps;
  const httpServer = http.createServer();
  const wsServer = new WebSocketServer({ noServer: true, maxPayload: config.MAX_PAYLOAD_BYTES });
  const ws = startGraphqlWs(deps, schema, wsServer);

  const apollo = new ApolloServer<Context>({
    schema,
    introspection: config.GRAPHQL_INTROSPECTION,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: false,
    formatError: (formatted, error) => {
      const requestId = (error as { extensions?: { requestId?: string } })?.extensions?.requestId;
      return formatError(formatted, requestId, (f) =>
        logger.error({ err: error, formatted: f }, 'internal error'),
      );
    },
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      {
        async serverWillStart() {
          return {
            drainServer: async () => {
              await ws.dispose();
            },
          };
        },
      },
      {
        // Stamp the request id on every error so a masked internal error can be found in the logs.
        async requestDidStart({ contextValue }) {
          return {
            async didEncounterErrors({ errors }) {
              for (const e of errors)
                (e.extensions as Record<string, unknown>)['requestId'] ??= contextValue.requestId;
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  httpServer.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== GRAPHQL_PATH) {
      socket.destroy();
      return;
    }
    wsServer.handleUpgrade(req, socket, head, (client) => wsServer.emit('connection', client, req));
  });

  httpServer.on('request', (req, res) => {
    void handle(req, res).catch((err: unknown) => {
      logger.error({ err }, 'unhandled request error');
      if (!res.headersSent)
        send(res, 500, JSON.stringify({ errors: [{ message: 'Internal server error.' }] }));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/healthz') return send(res, 200, JSON.stringify({ status: 'ok' }));
    if (url.pathname === '/readyz') {
      const ready = await isDatabaseReady(deps.db);
      return send(res, ready ? 200 : 503, JSON.stringify({ status: ready ? 'ready' : 'unavailable' }));
    }
    if (url.pathname === '/' && req.method === 'GET')
      return send(res, 200, landingPage(config), 'text/html; charset=utf-8');
    if (url.pathname !== GRAPHQL_PATH) return send(res, 404, JSON.stringify({ error: 'not found' }));

    const requestId = randomUUID();
    res.setHeader('x-request-id', requestId);
    let raw: string;
    try {
      raw = await readBody(req, config.MAX_PAYLOAD_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        return send(
          res,
          413,
          JSON.stringify({
            errors: [{ message: 'Request body too large.', extensions: { code: 'BAD_REQUEST' } }],
          }),
        );
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
        return send(
          res,
          400,
          JSON.stringify({
            errors: [{ message: 'Malformed JSON body.', extensions: { code: 'BAD_REQUEST' } }],
          }),
        );
      }
    }
    const result = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search: url.search, body },
      context: async (): Promise<Context> => ({
        ...deps,
        requestId,
        ...(await authenticate(deps, req.headers.authorization)),
      }),
    });
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

export type { BaseContext };
