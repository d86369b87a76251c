/**
 * The Apollo Server of the HTTP transport: the armor's limits, error masking (`formatError`, with the
 * request id stamped on every error), compact JSON, no landing page or cache-control hints, and the
 * record of each request (operation, error kinds) that `graphql-request.ts` logs and counts when it is sent.
 */
import type { Server } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { ErrorCode, isPublicCode } from '../errors.js';
import { errorMask } from './error-mask.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { Armor } from './armor.js';
import type { Context } from './context.js';
import type { RequestRecord } from './http-exchange.js';
import { plainQueryPlugin } from './plain-execute.js';
import { collapseOversized } from './response-budget.js';

export const GRAPHQL_PATH = '/graphql';

export interface ApolloOptions {
  readonly schema: GraphQLSchema;
  readonly introspection: boolean;
  readonly armor: Armor;
  readonly httpServer: Server;
  readonly logger: Logger;
  readonly metrics: Metrics;
  /**
   * Filled by the plugin, read when the response is sent. Keyed by request id, not by the context
   * object: Apollo hands plugins a clone of the context.
   */
  readonly records: ReadonlyMap<string, RequestRecord>;
  /** Closes the other transport (graphql-ws) as the server drains. */
  readonly drain: () => Promise<void>;
}

export function createApollo(opts: ApolloOptions): ApolloServer<Context> {
  const { schema, armor, httpServer, logger, metrics } = opts;
  const mask = errorMask(logger, 'internal error');
  return new ApolloServer<Context>({
    schema,
    introspection: opts.introspection,
    csrfPrevention: true,
    // Signals are handled once, in main.ts: drain HTTP and ws, then the fanout, the pool, the database.
    stopOnTerminationSignals: false,
    // Explicit, though Apollo 5's default: one operation per request, so limits apply per request.
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    // Apollo's default indents every response (JSON.stringify(v, null, 2)): in a profile of 64
    // concurrent event pages it was a tenth of the CPU and made every body larger to write.
    stringifyResult: (result) => JSON.stringify(result),
    validationRules: armor.apollo.validationRules,
    parseOptions: armor.apollo.parseOptions,
    documentStore: armor.apollo.documentStore,
    persistedQueries: armor.apollo.persistedQueries,
    formatError: (formatted, error) =>
      mask(formatted, (error as { extensions?: { requestId?: string } })?.extensions?.requestId, error),
    plugins: [
      ...armor.apollo.plugins,
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      // Answers are per viewer and sent `no-store` (below), so Apollo's default cache-control
      // plugin, which hooks every resolved field to compute cache hints, is pure cost.
      ApolloServerPluginCacheControlDisabled(),
      // Queries that run without an error skip graphql-js's per-field walk (plain-execute.ts).
      plainQueryPlugin<Context>(),
      {
        async serverWillStart() {
          return {
            drainServer: async () => {
              await opts.drain();
            },
          };
        },
      },
      {
        // Stamp the request id on every error so a masked internal error can be found in the logs,
        // and note the operation and error kinds for the request's log line and metrics.
        async requestDidStart({ contextValue }) {
          const record = opts.records.get(contextValue.requestId);
          return {
            async didResolveOperation({ operation, operationName }) {
              if (record) {
                record.operationType = operation?.operation ?? 'unknown';
                record.operationName = operationName ?? null;
              }
              // graphql-js would run a subscription's field resolver once and answer null.
              if (operation?.operation === 'subscription')
                throw new GraphQLError(
                  `Subscriptions run over graphql-ws at this URL (ws:// or wss://${GRAPHQL_PATH}), not over HTTP.`,
                  { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
                );
            },
            async willSendResponse({ response }) {
              if (response.body.kind === 'single')
                response.body.singleResult = collapseOversized(response.body.singleResult);
            },
            async didEncounterErrors({ errors }) {
              for (const e of errors) {
                (e.extensions as Record<string, unknown>)['requestId'] ??= contextValue.requestId;
                if (!record) continue;
                record.anyError = true;
                const code = e.extensions['code'];
                if (typeof code === 'string') record.errorCode ??= code;
                if (code === ErrorCode.RATE_LIMITED)
                  metrics.refused(e.path?.[0] === 'createGame' ? 'create_game_rate' : 'work_slots');
                if (!isPublicCode(code) || code === ErrorCode.INTERNAL_SERVER_ERROR)
                  record.internalError = true;
              }
            },
          };
        },
      },
    ],
  });
}
