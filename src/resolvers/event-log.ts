/**
 * The event log over GraphQL: `Query.gameEvents` (paged history over HTTP) and
 * `Subscription.gameEvents` / `Subscription.zoneEvents` (replay then live, over graphql-ws).
 * Every event goes through the same per-viewer mapping, `toGameEvent` (src/render), as of the event.
 */
import type { Resolvers } from '../generated/graphql.js';
import { findGameLog, hasZone, readEvents } from '../db/log-reads.js';
import { isUuid } from '../uuid.js';
import { viewerIn } from '../authority/index.js';
import { badInput, notFound } from '../errors.js';
import type { EventHub, EventMapperFactory } from '../events/hub.js';
import { gameAsOfEvents } from '../db/event-time.js';
import type { Db } from '../db/client.js';
import type { StoredEvent } from '../db/rows.js';
import { EventTimeline, toGameEvent, type GameEventOut } from '../render/index.js';
import type { RulesetSpec, Viewer } from '../rules/index.js';
import { rulesetOfGame } from '../db/ruleset-versions.js';
import type { Context } from '../server/context.js';
import { ZkCloseCode } from '../server/close-codes.js';
import { expensive, principalKey, workLimiterFor } from '../server/work-limit.js';

/** A graphql-ws operation's context: the connection's context, the event hub, a way to close. */
export interface SubscriptionContext extends Context {
  readonly events: EventHub<GameEventOut>;
  /** Closes this operation's connection (used for slow consumers). */
  closeConnection(code: ZkCloseCode): void;
}

/** Most events one history page returns. */
export const MAX_PAGE = 500;

/**
 * The game's log and who reads it, as whom (the authority decides). Unknown games, malformed ids
 * and games the caller has no standing in all give the same NOT_FOUND, so existence does not leak.
 */
async function standing(
  ctx: Context,
  gameId: string,
): Promise<{ viewer: Viewer; spec: RulesetSpec; lastSeq: number }> {
  const viewer = await viewerIn(ctx.db, ctx.principal, gameId);
  const game = isUuid(gameId) ? await findGameLog(ctx.db, gameId) : null;
  if (!game) throw notFound('Game');
  const spec = await rulesetOfGame(ctx.db, game.ruleset, game.rulesetVersion);
  return { viewer, spec, lastSeq: game.lastSeq };
}

function checkSeq(afterSeq: number | null | undefined): void {
  if (afterSeq !== null && afterSeq !== undefined && afterSeq < 0)
    throw badInput('Field afterSeq must be 0 or more.', 'afterSeq');
}

async function subscribe(
  ctx: SubscriptionContext,
  args: { gameId: string; afterSeq?: number | null; zoneId?: string | null },
): Promise<AsyncIterable<GameEventOut>> {
  checkSeq(args.afterSeq);
  const { viewer, spec, lastSeq } = await standing(ctx, args.gameId);
  if (args.zoneId !== undefined && args.zoneId !== null && !(await hasZone(ctx.db, args.gameId, args.zoneId)))
    throw notFound('Zone');
  if (!ctx.events) throw badInput('Subscriptions are served over graphql-ws only.');
  const afterSeq = args.afterSeq ?? lastSeq;
  // A catch-up from the log is expensive work: it holds a slot until the subscriber is caught up.
  const release = afterSeq < lastSeq ? workLimiterFor(ctx).acquire(principalKey(ctx.principal)) : undefined;
  try {
    return await ctx.events.subscribe({
      gameId: args.gameId,
      spec,
      viewer,
      afterSeq,
      zoneId: args.zoneId ?? null,
      onSlow: () => ctx.closeConnection(ZkCloseCode.SubscriberTooSlow),
      ...(release ? { onCaughtUp: release } : {}),
    });
  } catch (err) {
    release?.();
    throw err;
  }
}

const passThrough = (event: GameEventOut) => event;

/** The game as of a batch of one game's events, loaded on first use, shared by the batch's viewers. */
function timelineOf(db: Db, spec: RulesetSpec, rows: readonly StoredEvent[]): EventTimeline {
  return new EventTimeline(spec, gameAsOfEvents(db, rows[0]?.gameId ?? '', rows));
}

/**
 * The hub's mapper: `toGameEvent`, with one timeline per batch of events, so a batch delivered to
 * many subscribers loads the game as of its events at most once.
 */
export function liveEventMapper(db: Db): EventMapperFactory<GameEventOut> {
  return (rows) => {
    let timeline: EventTimeline | null = null;
    return (row, spec, viewer) => toGameEvent(row, spec, viewer, (timeline ??= timelineOf(db, spec, rows)));
  };
}

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
        const { viewer, spec } = await standing(ctx, args.gameId);
        const rows = await readEvents(ctx.db, args.gameId, args.afterSeq, args.first);
        const timeline = timelineOf(ctx.db, spec, rows);
        return rows.map((row) => toGameEvent(row, spec, viewer, timeline));
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
