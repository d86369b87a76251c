/**
 * graphql-ws on the HTTP server's `/graphql` path. Authentication comes from the
 * `connection_init` payload: `{ authorization: "Bearer <token>" }`.
 *
 * Limits: `connection_init` must arrive within {@link WS_LIMITS.connectionInitWaitTimeout}; messages
 * are capped by the ws server's `maxPayload` (MAX_PAYLOAD_BYTES, set in http.ts); at most
 * {@link WS_LIMITS.maxSubscriptionsPerConnection} subscriptions per connection (else
 * {@link ZkCloseCode.TooManySubscriptions}); at most WS_CONNECTIONS_PER_CREDENTIAL connections per
 * game credential (else {@link ZkCloseCode.TooManyConnections}: a game's spectators share one, so it
 * is a game's audience); and each subscription's queue is bounded by the event
 * hub, which closes the connection of a subscriber that falls too far behind with
 * {@link ZkCloseCode.SubscriberTooSlow}.
 *
 * A connection authenticated by a platform token (a JWT) is closed when that token stops being
 * accepted, at its `exp` plus AUTH_CLOCK_TOLERANCE_S, with {@link ZkCloseCode.TokenExpired}: a
 * client reconnects with a fresh token and resumes with `afterSeq` (Hasura #578: sockets that
 * outlived their token).
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { CloseCode, type Disposable } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { GraphQLError, getOperationAST, type GraphQLSchema } from 'graphql';
import type { WebSocket, WebSocketServer } from 'ws';
import { isDatabaseUnavailable } from '../db/driver-errors.js';
import { formatError } from '../errors.js';
import { EventHub, type HubOptions } from '../events/hub.js';
import { eventsAsOf } from '../authority/index.js';
import { liveEventMapper, type GameEventOut } from '../render/index.js';
import { createArmor, type Armor } from './armor.js';
import { collapseOversized } from './response-budget.js';
import { authenticate, type AppDeps, type Context, type SubscriptionContext } from './context.js';
import { INVALID_CREDENTIAL_CLOSE, ZK_CLOSE_REASON, ZkCloseCode } from './close-codes.js';
import { CappedCounter } from './connection-limit.js';
import { KeySetUnavailable } from '../auth/jwt.js';
import { principalKey } from './work-limit.js';

/** Limits for one graphql-ws connection. */
export const WS_LIMITS = {
  /** Close the socket if `connection_init` has not arrived by then (ms). */
  connectionInitWaitTimeout: 5_000,
  /** Concurrent subscriptions on one connection. */
  maxSubscriptionsPerConnection: 32,
  /** Keep-alive ping interval (ms). */
  keepAlive: 12_000,
} as const;

/** What the event hub hands a subscription resolver: one redacted GameEvent. */
export type LiveEvent = GameEventOut;

type ConnectionExtra = { context?: Context };

/**
 * graphql-ws accepts errors from `onSubscribe` only if they are `instanceof GraphQLError` of the
 * `graphql` it loads itself, which Node resolves to graphql's CommonJS build. A bundler or test
 * runner may hand this file graphql's ESM build, whose class is a different one (the dual-package
 * hazard), and graphql-ws would then close the socket with 4500. So errors are rebuilt with the
 * class graphql-ws sees.
 */
const { GraphQLError: WsGraphQLError } = createRequire(import.meta.url)('graphql') as {
  GraphQLError: typeof GraphQLError;
};
function forGraphqlWs(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.map(
    (e) => new WsGraphQLError(e.message, { nodes: e.nodes ?? null, extensions: e.extensions }),
  );
}

/** Closes `socket` with {@link ZkCloseCode.TokenExpired} at `expiresAtMs`, unless it closes first. */
function closeAtExpiry(socket: WebSocket, expiresAtMs: number): void {
  const code = ZkCloseCode.TokenExpired;
  const timer = setTimeout(
    () => socket.close(code, ZK_CLOSE_REASON[code]),
    Math.max(0, expiresAtMs - Date.now()),
  );
  socket.once('close', () => clearTimeout(timer));
}

export interface GraphqlWsServer extends Disposable {
  readonly events: EventHub<LiveEvent>;
}

export interface GraphqlWsOptions {
  /** Document limits shared with HTTP; created from the config when not given. */
  readonly armor?: Armor;
  /** Event hub limits (tests lower them). */
  readonly hub?: Partial<HubOptions>;
}

export function startGraphqlWs(
  deps: AppDeps,
  schema: GraphQLSchema,
  wsServer: WebSocketServer,
  options: GraphqlWsOptions = {},
): GraphqlWsServer {
  const armor = options.armor ?? createArmor({ introspection: deps.config.GRAPHQL_INTROSPECTION });
  const events = new EventHub<LiveEvent>(
    deps,
    liveEventMapper((gameId, rows) => eventsAsOf(deps.db, gameId, rows)),
    {
      pollIntervalMs: deps.config.EVENT_POLL_MS,
      ...options.hub,
    },
  );
  // Game credentials only: the admin and host are operators, anonymous connections hold no game.
  const perCredential = new CappedCounter(deps.config.WS_CONNECTIONS_PER_CREDENTIAL);
  const server = useServer<Record<string, unknown>, ConnectionExtra>(
    {
      schema,
      connectionInitWaitTimeout: WS_LIMITS.connectionInitWaitTimeout,
      onConnect: async (ctx) => {
        const requestId = randomUUID();
        let auth: Awaited<ReturnType<typeof authenticate>>;
        try {
          auth = await authenticate(deps, ctx.connectionParams?.['authorization']);
        } catch (err) {
          // E.g. the database is unreachable. Thrown on, graphql-ws would print the raw error
          // outside the JSON log and, if short, send its message as the close reason. As over HTTP:
          // log it with an id and close with a bare "unavailable" (4503, retried by clients) or
          // internal error (4500), never "Forbidden" (4403, which would tell the client its
          // credential is bad). Closed first, so the 4403 that graphql-ws sends for `false` finds
          // the socket closing and is dropped.
          deps.logger.error({ err, requestId }, 'authentication failed');
          if (isDatabaseUnavailable(err) || err instanceof KeySetUnavailable) {
            const code = ZkCloseCode.ServiceUnavailable;
            ctx.extra.socket.close(code, ZK_CLOSE_REASON[code]);
          } else ctx.extra.socket.close(CloseCode.InternalServerError, 'Internal server error');
          return false;
        }
        // A presented but invalid credential is refused outright (4401, UNAUTHENTICATED in the close
        // code table), closed first as above; anonymous connections may still call public
        // operations (e.g. `rulesets`), and subscriptions check standing per game.
        if (auth.badCredential) {
          ctx.extra.socket.close(INVALID_CREDENTIAL_CLOSE.code, INVALID_CREDENTIAL_CLOSE.reason);
          return false;
        }
        const p = auth.principal;
        if (p.kind === 'external') closeAtExpiry(ctx.extra.socket, p.expiresAtMs);
        if (p.kind === 'player' || p.kind === 'spectator' || p.kind === 'referee' || p.kind === 'external') {
          const release = perCredential.take(principalKey(p));
          if (!release) {
            const code = ZkCloseCode.TooManyConnections;
            ctx.extra.socket.close(code, ZK_CLOSE_REASON[code]);
            return false;
          }
          ctx.extra.socket.once('close', release);
        }
        const clientIp = ctx.extra.request.socket.remoteAddress ?? 'unknown';
        ctx.extra.context = { ...deps, requestId, clientIp, ...auth };
        return true;
      },
      context: (ctx): SubscriptionContext => ({
        ...(ctx.extra.context as Context),
        events,
        closeConnection: (code) => ctx.extra.socket.close(code, ZK_CLOSE_REASON[code]),
      }),
      onSubscribe: (ctx, _id, payload) => {
        // `ctx.subscriptions` already holds this one; graphql-ws removes entries however they end.
        if (Object.keys(ctx.subscriptions).length > WS_LIMITS.maxSubscriptionsPerConnection) {
          const code = ZkCloseCode.TooManySubscriptions;
          ctx.extra.socket.close(code, ZK_CLOSE_REASON[code]);
          return forGraphqlWs([new GraphQLError(ZK_CLOSE_REASON[code])]);
        }
        // The same depth, alias, directive, cost and token limits as HTTP, and the same text guard.
        // The document comes back parsed and validated (with graphql's specified rules), shared by
        // every subscription of the same query text; graphql-ws runs it as given.
        const prepared = armor.prepare(schema, payload.query, payload.variables);
        if ('errors' in prepared) return forGraphqlWs(prepared.errors);
        return {
          schema,
          document: prepared.document,
          variableValues: payload.variables ?? null,
          operationName: payload.operationName ?? null,
        };
      },
      onError: (ctx, _id, _payload, errors) =>
        errors.map((e) =>
          formatError(
            e.toJSON(),
            ctx.extra.context?.requestId,
            (f) =>
              deps.logger.error(
                { requestId: ctx.extra.context?.requestId, err: e, formatted: f },
                'ws error',
              ),
            e,
          ),
        ) as never,
      // Execution errors (a resolver threw) travel in `next` frames, not `error` ones: mask them too.
      onNext: (ctx, _id, _payload, args, result) => {
        if (getOperationAST(args.document, args.operationName)?.operation === 'subscription')
          deps.metrics.subscriptionEventsSent();
        if (!result.errors?.length) return undefined;
        const requestId = ctx.extra.context?.requestId;
        const collapsed = collapseOversized(result);
        return {
          ...collapsed,
          errors: (collapsed.errors ?? []).map((e) =>
            formatError(
              'toJSON' in e ? e.toJSON() : e,
              requestId,
              (f) => deps.logger.error({ requestId, err: e, formatted: f }, 'ws error'),
              e,
            ),
          ),
        };
      },
    },
    wsServer,
    WS_LIMITS.keepAlive,
  );
  return {
    events,
    dispose: async () => {
      await server.dispose();
      await events.close();
    },
  };
}
