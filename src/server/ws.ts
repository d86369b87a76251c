/**
 * graphql-ws on the HTTP server's `/graphql` path. Authentication comes from the
 * `connection_init` payload: `{ authorization: "Bearer <token>" }`.
 */
import { randomUUID } from 'node:crypto';
import { CloseCode, type Disposable } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { GraphQLSchema } from 'graphql';
import type { WebSocketServer } from 'ws';
import { formatError } from '../errors.js';
import { authenticate, type AppDeps, type Context } from './context.js';

/** Limits for one graphql-ws connection. */
export const WS_LIMITS = {
  /** Close the socket if `connection_init` has not arrived by then (ms). */
  connectionInitWaitTimeout: 5_000,
  /** Concurrent subscriptions on one connection. */
  maxSubscriptionsPerConnection: 32,
  /** Keep-alive ping interval (ms). */
  keepAlive: 12_000,
} as const;

type ConnectionExtra = {
  context?: Context;
  subscriptions?: number;
};

export function startGraphqlWs(deps: AppDeps, schema: GraphQLSchema, wsServer: WebSocketServer): Disposable {
  return useServer<Record<string, unknown>, ConnectionExtra>(
    {
      schema,
      connectionInitWaitTimeout: WS_LIMITS.connectionInitWaitTimeout,
      onConnect: async (ctx) => {
        const auth = await authenticate(deps, ctx.connectionParams?.['authorization']);
        // A presented but invalid credential is refused outright; anonymous connections may still
        // call public operations (e.g. `rulesets`), and subscriptions check standing per game.
        if (auth.badCredential) return false;
        ctx.extra.context = { ...deps, requestId: randomUUID(), ...auth };
        ctx.extra.subscriptions = 0;
        return true;
      },
      context: (ctx) => ctx.extra.context,
      onSubscribe: (ctx) => {
        const count = (ctx.extra.subscriptions ?? 0) + 1;
        if (count > WS_LIMITS.maxSubscriptionsPerConnection) {
          ctx.extra.socket.close(CloseCode.SubscriberAlreadyExists - 1 /* 4408 */, 'Too many subscriptions');
          return [];
        }
        ctx.extra.subscriptions = count;
        return undefined;
      },
      onComplete: (ctx) => {
        ctx.extra.subscriptions = Math.max(0, (ctx.extra.subscriptions ?? 1) - 1);
      },
      onError: (ctx, _id, _payload, errors) =>
        errors.map((e) =>
          formatError(e.toJSON(), ctx.extra.context?.requestId, (f) =>
            deps.logger.error({ err: e, formatted: f }, 'ws error'),
          ),
        ) as never,
    },
    wsServer,
    WS_LIMITS.keepAlive,
  );
}
