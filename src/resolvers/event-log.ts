/**
 * The event log over GraphQL: `Query.gameEvents` (paged history over HTTP) and
 * `Subscription.gameEvents` / `Subscription.zoneEvents` (replay then live, over graphql-ws).
 * The authority decides standing, limits and reads; every event goes through the
 * same per-viewer mapping, `toGameEvent` (src/render), as of the event.
 */
import type { Resolvers } from '../generated/graphql.js';
import { badInput } from '../errors.js';
import { eventPageOut, type GameEventOut } from '../render/index.js';
import type { SubscriptionContext } from '../server/context.js';
import { ZkCloseCode } from '../server/close-codes.js';
import { gameIdFrom } from '../uuid.js';

/** Most events one history page returns. */
export const MAX_PAGE = 500;

function checkSeq(afterSeq: number | null | undefined): void {
  if (afterSeq !== null && afterSeq !== undefined && afterSeq < 0)
    throw badInput('Field afterSeq must be 0 or more.', 'afterSeq');
}

function subscribe(
  ctx: SubscriptionContext,
  args: { gameId: string; afterSeq?: number | null; zoneId?: string | null },
): Promise<AsyncIterable<GameEventOut>> {
  checkSeq(args.afterSeq);
  // Over HTTP a subscription is refused before it resolves (apollo.ts); this is the backstop.
  if (!ctx.closeConnection) throw badInput('Subscriptions are served over graphql-ws only.');
  return ctx.authority.subscribe(ctx.caller, {
    gameId: gameIdFrom(args.gameId),
    afterSeq: args.afterSeq ?? null,
    zoneId: args.zoneId ?? null,
    onSlow: () => ctx.closeConnection(ZkCloseCode.SubscriberTooSlow),
  });
}

const passThrough = (event: GameEventOut) => event;

export const eventLogResolvers = {
  Query: {
    gameEvents: async (_parent, args, ctx) => {
      checkSeq(args.afterSeq);
      if (args.first < 0 || args.first > MAX_PAGE)
        throw badInput(`Field first must be between 0 and ${MAX_PAGE}.`, 'first');
      const page = await ctx.authority.eventPage(ctx.caller, { ...args, gameId: gameIdFrom(args.gameId) });
      return eventPageOut(page.rows, page.spec, page.viewer, page.asOf);
    },
  },
  Subscription: {
    gameEvents: { subscribe: (_parent, args, ctx) => subscribe(ctx, args), resolve: passThrough },
    zoneEvents: { subscribe: (_parent, args, ctx) => subscribe(ctx, args), resolve: passThrough },
  },
} satisfies Resolvers<SubscriptionContext>;
