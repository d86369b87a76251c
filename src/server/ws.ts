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
import { flatString } from './flat-string.js';
import type { Disposable } from 'graphql-ws';
import { makeServer } from 'graphql-ws';
import { GraphQLError, getOperationAST, type GraphQLSchema } from 'graphql';
import type { WebSocket, WebSocketServer } from 'ws';
import { principalKey } from '../authority/index.js';
import { errorMask } from './error-mask.js';
import { createArmor, type Armor } from './armor.js';
import { graphqlCjs } from './graphql-cjs.js';
import { collapseOversized } from './response-budget.js';
import type { AppDeps, SubscriptionContext } from './context.js';
import { ZK_CLOSE_REASON, ZkCloseCode } from './close-codes.js';
import { checkCredential, refusalClose } from './credential-check.js';
import { CappedCounter } from './connection-limit.js';
import { queueEvent, serveGraphqlWs, wsGuardBounds, type GuardedExtra } from './ws-guard.js';
import { deliverDirectly, sharedPayloadReplacer, sharedSubscribe } from './shared-execution.js';
import type { Metrics } from '../metrics.js';

/** Limits for one graphql-ws connection. */
export const WS_LIMITS = {
  /** Close the socket if `connection_init` has not arrived by then (ms). */
  connectionInitWaitTimeout: 5_000,
  /** Concurrent subscriptions on one connection. */
  maxSubscriptionsPerConnection: 32,
  /** Keep-alive ping interval (ms). */
  keepAlive: 12_000,
  /** How often the two deadlines above are checked, for every connection at once (ms). */
  livenessSweep: 250,
} as const;

/** The connection's context, set at `connection_init`: every subscription of the connection shares it. */
type ConnectionExtra = GuardedExtra & { context?: SubscriptionContext };

/**
 * graphql-ws accepts errors from `onSubscribe` only if they are `instanceof GraphQLError` of the
 * `graphql` it loads itself, which Node resolves to graphql's CommonJS build. A bundler or test
 * runner may hand this file graphql's ESM build, whose class is a different one (the dual-package
 * hazard), and graphql-ws would then close the socket with 4500. So errors are rebuilt with the
 * class graphql-ws sees (graphql-cjs.ts).
 */
const { GraphQLError: WsGraphQLError } = graphqlCjs;
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
  socket.on('close', () => clearTimeout(timer));
}

export type GraphqlWsServer = Disposable;

export interface GraphqlWsOptions {
  /** Document limits shared with HTTP; created from the config when not given. */
  readonly armor?: Armor;
}

/** What admitting a connection uses: the service's, and the counters of this server. */
interface Admission {
  readonly deps: AppDeps;
  readonly perCredential: CappedCounter;
  readonly bounds: ReturnType<typeof wsGuardBounds>;
}

/**
 * `connection_init`: the credential resolved (a refusal closes the socket with its own code), the
 * connection's bounds widened for an authenticated caller, its place among its credential's
 * connections taken, and the connection's context set.
 */
async function admitConnection(
  { deps, perCredential, bounds }: Admission,
  ctx: {
    readonly connectionParams?: Readonly<Record<string, unknown>> | undefined;
    readonly extra: ConnectionExtra;
  },
): Promise<boolean> {
  // A connection keeps its id for its life: one flat copy of `randomUUID()`'s text, which V8 builds
  // of some fifteen concatenated pieces (about 500 heap bytes as they are, 80 flat).
  const requestId = flatString(randomUUID());
  // graphql-ws keeps the `connection_init` payload in its context for the connection's life; the
  // credential is taken out of it (what the connection holds is the principal it stands for).
  const params = ctx.connectionParams as Record<string, unknown> | undefined;
  const authorization = params?.['authorization'];
  if (params) delete params['authorization'];
  const checked = await checkCredential(deps, authorization, requestId);
  // Closed while the credential was checked: its close has run already, so a place taken now
  // would never be given back.
  if (ctx.extra.socket.readyState !== ctx.extra.socket.OPEN) return false;
  if (!checked.ok) {
    // Closed with the refusal's own code (4401 invalid credential, 4503 unavailable, 4500
    // internal), never "Forbidden" (4403, which would tell the client its credential is bad,
    // and graphql-ws would print the raw error). Closed first, so the 4403 that graphql-ws
    // sends for `false` finds the socket closing and is dropped.
    const close = refusalClose(checked.refusal);
    ctx.extra.socket.close(close.code, close.reason);
    return false;
  }
  // Anonymous connections may still call public operations (e.g. `rulesets`), and
  // subscriptions check standing per game.
  const { principal: p, badCredential } = checked.auth;
  if (p.kind !== 'anonymous') ctx.extra.guard.widen(bounds.authenticated);
  if (p.kind === 'external') closeAtExpiry(ctx.extra.socket, p.expiresAtMs);
  if (p.kind === 'player' || p.kind === 'spectator' || p.kind === 'referee' || p.kind === 'external') {
    const release = perCredential.take(principalKey(p));
    if (!release) {
      const code = ZkCloseCode.TooManyConnections;
      ctx.extra.socket.close(code, ZK_CLOSE_REASON[code]);
      return false;
    }
    ctx.extra.release = release;
  }
  const clientIp = ctx.extra.remoteAddress ?? 'unknown';
  const { socket } = ctx.extra;
  ctx.extra.context = {
    requestId,
    authority: deps.authority,
    caller: { principal: p, badCredential, clientIp },
    closeConnection: (code) => socket.close(code, ZK_CLOSE_REASON[code]),
  };
  return true;
}

/** `subscribe`: the subscription limit, then the same document limits as HTTP (`armor.ts`). */
function prepareOperation(
  armor: Armor,
  schema: GraphQLSchema,
  ctx: { readonly subscriptions: Readonly<Record<string, unknown>>; readonly extra: ConnectionExtra },
  payload: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null },
) {
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
}

/** How a subscription of the connection writes its events (direct delivery): counted as `onNext` counts them. */
function eventWriter(extra: ConnectionExtra, metrics: Metrics) {
  const { socket, guard } = extra;
  return (message: Buffer) => {
    metrics.subscriptionEventsSent();
    return queueEvent(socket, guard, message);
  };
}

export function startGraphqlWs(
  deps: AppDeps,
  schema: GraphQLSchema,
  wsServer: WebSocketServer,
  options: GraphqlWsOptions = {},
): GraphqlWsServer {
  const armor = options.armor ?? createArmor({ introspection: deps.config.GRAPHQL_INTROSPECTION });
  // Game credentials only: the admin and host are operators, anonymous connections hold no game.
  const perCredential = new CappedCounter(deps.config.WS_CONNECTIONS_PER_CREDENTIAL);
  const bounds = wsGuardBounds(deps.config);
  const mask = errorMask(deps.logger, 'ws error');
  const protocol = makeServer<Record<string, unknown>, ConnectionExtra>({
    schema,
    // Kept by serveGraphqlWs's sweep instead, with the keep-alive (ws-liveness.ts).
    connectionInitWaitTimeout: 0,
    onConnect: (ctx) => admitConnection({ deps, perCredential, bounds }, ctx),
    // Subscriptions run only once the connection is acknowledged, so its context is set.
    context: (ctx): SubscriptionContext => ctx.extra.context as SubscriptionContext,
    onSubscribe: (ctx, id, payload) => {
      const prepared = prepareOperation(armor, schema, ctx, payload);
      return Array.isArray(prepared)
        ? prepared
        : deliverDirectly(prepared, id, eventWriter(ctx.extra, deps.metrics));
    },
    // Each live event is executed once per viewer class, not once per subscriber, and written to
    // each subscriber's socket directly (shared-execution.ts).
    subscribe: sharedSubscribe,
    // ...and serialized once per payload object (the send below puts the text in place).
    jsonMessageReplacer: sharedPayloadReplacer,
    onError: (ctx, _id, _payload, errors) =>
      errors.map((e) => mask(e.toJSON(), ctx.extra.context?.requestId, e)) as never,
    // Execution errors (a resolver threw) travel in `next` frames, not `error` ones: mask them too.
    onNext: (ctx, _id, _payload, args, result) => {
      if (getOperationAST(args.document, args.operationName)?.operation === 'subscription')
        deps.metrics.subscriptionEventsSent();
      // The shared result itself, not graphql-ws's copy of it: its text is made once.
      if (!result.errors?.length) return result;
      const requestId = ctx.extra.context?.requestId;
      const collapsed = collapseOversized(result);
      const errors = (collapsed.errors ?? []).map((e) => mask('toJSON' in e ? e.toJSON() : e, requestId, e));
      return { ...collapsed, errors };
    },
  });
  return serveGraphqlWs(protocol, wsServer, {
    bounds,
    logger: deps.logger,
    metrics: deps.metrics,
    keepAliveMs: WS_LIMITS.keepAlive,
    connectionInitWaitMs: WS_LIMITS.connectionInitWaitTimeout,
    livenessSweepMs: WS_LIMITS.livenessSweep,
    sharedQuery: (query) => armor.sharedQuery(query),
  });
}
