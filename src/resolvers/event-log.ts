/**
 * The event log over GraphQL: `Query.gameEvents` (paged history over HTTP) and
 * `Subscription.gameEvents` / `Subscription.zoneEvents` (replay then live, over graphql-ws).
 * Every event goes through the same per-viewer mapping, `toGameEvent`.
 */
import type { Resolvers } from '../generated/graphql.js';
import { findGameLog, hasZone, isUuid, readEvents } from '../db/events.js';
import { viewerIn } from '../authority/index.js';
import { badInput, notFound } from '../errors.js';
import type { EventHub, EventMapperFactory } from '../events/hub.js';
import { loadCurrentGame } from '../db/state.js';
import type { Db } from '../db/client.js';
import { toGameEvent, type GameEventOut } from './events.js';
import { buildLookup, memoLookup, type LookupSource } from './mapping.js';
import { getRuleset, type RulesetSpec, type Viewer } from '../rules/index.js';
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
  const viewer = viewerIn(ctx.principal, gameId);
  const game = isUuid(gameId) ? await findGameLog(ctx.db, gameId) : null;
  const spec = game ? getRuleset(game.ruleset) : undefined;
  if (!game || !spec) throw notFound('Game');
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

/**
 * Nested fields of an event's objects (zone, owner, host) resolve against the game, loaded lazily
 * and at most once per lookup.
 */
function lookupFor(db: Db, gameId: string, viewer: Viewer): LookupSource {
  return memoLookup(async () => {
    const loaded = await loadCurrentGame(db, gameId);
    if (!loaded) throw notFound('Game');
    return buildLookup(loaded.spec, loaded.state, viewer, loaded.players);
  });
}

/**
 * The hub's mapper: `toGameEvent`, with one lazy game lookup per viewer per batch of events, so a
 * batch delivered to many subscribers loads the game at most once for each viewer.
 */
export function liveEventMapper(db: Db): EventMapperFactory<GameEventOut> {
  return () => {
    const lookups = new Map<string, LookupSource>();
    return (row, spec, viewer) => {
      const key = `${row.gameId}|${viewer.kind === 'player' ? viewer.playerId : viewer.kind}`;
      let lookup = lookups.get(key);
      if (!lookup) lookups.set(key, (lookup = lookupFor(db, row.gameId, viewer)));
      return toGameEvent(row, spec, viewer, lookup);
    };
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
      const { viewer, spec } = await standing(ctx, args.gameId);
      return expensive(ctx, async () => {
        const rows = await readEvents(ctx.db, args.gameId, args.afterSeq, args.first);
        const lookup = lookupFor(ctx.db, args.gameId, viewer);
        return rows.map((row) => toGameEvent(row, spec, viewer, lookup));
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
