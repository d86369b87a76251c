/**
 * The event log over GraphQL: `Query.gameEvents` (paged history over HTTP) and
 * `Subscription.gameEvents` / `Subscription.zoneEvents` (replay then live, over graphql-ws).
 * The authority decides standing and reads (`src/authority/reads.ts`); every event goes through the
 * same per-viewer mapping, `toGameEvent` (src/render), as of the event.
 */
import type { Resolvers } from '../generated/graphql.js';
import { readEventPage, subscriptionStanding } from '../authority/index.js';
import { badInput } from '../errors.js';
import { EventTimeline, toGameEvent, type GameEventOut } from '../render/index.js';
import type { Context, SubscriptionContext } from '../server/context.js';
import { ZkCloseCode } from '../server/close-codes.js';
import { expensive, principalKey } from '../server/work-limit.js';
import { gameIdFrom } from '../uuid.js';

/** Most events one history page returns. */
export const MAX_PAGE = 500;

function checkSeq(afterSeq: number | null | undefined): void {
  if (afterSeq !== null && afterSeq !== undefined && afterSeq < 0)
    throw badInput('Field afterSeq must be 0 or more.', 'afterSeq');
}

async function subscribe(
  ctx: SubscriptionContext,
  args: { gameId: string; afterSeq?: number | null; zoneId?: string | null },
): Promise<AsyncIterable<GameEventOut>> {
  checkSeq(args.afterSeq);
  const zoneId = args.zoneId ?? null;
  const gameId = gameIdFrom(args.gameId);
  const { viewer, spec, lastSeq } = await subscriptionStanding(ctx.store, ctx.principal, gameId, zoneId);
  if (!ctx.events) throw badInput('Subscriptions are served over graphql-ws only.');
  const afterSeq = args.afterSeq ?? lastSeq;
  // A catch-up from the log is expensive work: it holds a slot until the subscriber is caught up.
  const release = afterSeq < lastSeq ? ctx.work.acquire(principalKey(ctx.principal)) : undefined;
  try {
    return await ctx.events.subscribe({
      gameId,
      spec,
      viewer,
      afterSeq,
      zoneId,
      onSlow: () => ctx.closeConnection(ZkCloseCode.SubscriberTooSlow),
      ...(release ? { onCaughtUp: release } : {}),
    });
  } catch (err) {
    release?.();
    throw err;
  }
}

const passThrough = (event: GameEventOut) => event;

export const eventLogResolvers = {
  Query: {
    gameEvents: async (
      _: unknown,
      args: { gameId: string; afterSeq: number; first: number },
      ctx: Context,
    ) => {
      checkSeq(args.afterSeq);
      if (args.first < 0 || args.first > MAX_PAGE)
        throw badInput(`Field first must be between 0 and ${MAX_PAGE}.`, 'first');
      // The slot is taken before anything is read, so a flood is refused without touching the
      // database (and without queueing for its connections ahead of other seats' moves).
      return expensive(ctx, async () => {
        const page = await readEventPage(
          ctx.store,
          ctx.principal,
          gameIdFrom(args.gameId),
          args.afterSeq,
          args.first,
        );
        const timeline = new EventTimeline(page.spec, page.asOf);
        return page.rows.map((row) => toGameEvent(row, page.spec, page.viewer, timeline));
      });
    },
  },
  Subscription: {
    gameEvents: {
      subscribe: (_: unknown, args: { gameId: string; afterSeq?: number | null }, ctx: SubscriptionContext) =>
        subscribe(ctx, args),
      resolve: passThrough,
    },
    zoneEvents: {
      subscribe: (
        _: unknown,
        args: { gameId: string; zoneId: string; afterSeq?: number | null },
        ctx: SubscriptionContext,
      ) => subscribe(ctx, args),
      resolve: passThrough,
    },
  },
} satisfies Resolvers<SubscriptionContext>;
