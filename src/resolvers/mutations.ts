/**
 * One mutation per planner move. Each is: who may act (UNAUTHENTICATED, NOT_FOUND, FORBIDDEN),
 * input → Move, then the data layer's transactional pipeline, then the payload rendered for the
 * caller. Fanout is notified after commit.
 */
import { viewerFor } from '../auth/principal.js';
import { idempotencyKeyFor } from '../db/idempotency.js';
import { actingPlayer, applyMove, type Actor, type MoveResult } from '../db/mutate.js';
import { badInput, forbidden, notFound, unauthenticated } from '../errors.js';
import {
  canSee,
  viewObject,
  viewSnapshot,
  zoneTypeOf,
  type GameState,
  type Move,
  type ObjectView,
  type RulesetSpec,
  type Viewer,
} from '../rules/index.js';
import type { Context } from '../server/context.js';
import { toGameEvent } from './events.js';
import { buildLookup, memoLookup, type ObjectOut } from './mapping.js';
import {
  cardProps,
  count,
  destination,
  given,
  moveBy,
  placement,
  selector,
  type DestinationInput,
  type PositionSelectorInput,
  type TokenInput,
} from './move-input.js';

interface Common {
  readonly gameId: string;
  readonly expectedVersion?: number | null;
  readonly idempotencyKey?: string | null;
  readonly onBehalfOf?: string | null;
}

interface Selection {
  readonly objectIds?: readonly string[] | null;
  readonly select?: PositionSelectorInput | null;
}

type By = 'RULE' | 'EFFECT';
type Pos = 'TOP' | 'BOTTOM' | null;

/** Who is acting in this game. Spectators may watch, never act. */
function actorIn(
  ctx: Context,
  gameId: string,
  onBehalfOf?: string | null,
): { actor: Actor; viewer: Viewer; scope: string } {
  const p = ctx.principal;
  if (p.kind === 'anonymous') throw unauthenticated();
  const viewer = viewerFor(p, gameId);
  if (!viewer) throw notFound('Game');
  if (given(onBehalfOf) && viewer.kind !== 'admin')
    throw forbidden('Only an admin may act on behalf of a player.');
  switch (viewer.kind) {
    case 'spectator':
      throw forbidden('Spectators cannot change a game.');
    case 'admin':
      return given(onBehalfOf)
        ? { actor: { kind: 'ADMIN', onBehalfOf }, viewer, scope: `admin|game:${gameId}` }
        : { actor: { kind: 'ADMIN' }, viewer, scope: `admin|game:${gameId}` };
    case 'player':
      return {
        actor: { kind: 'PLAYER', playerId: viewer.playerId },
        viewer,
        scope: `player:${viewer.playerId}|game:${gameId}`,
      };
  }
}

/** The caller's seat, or the given player; an admin must name one. */
function seatOr(actor: Actor, playerId: string | null | undefined, field: string): string {
  if (given(playerId)) return playerId;
  const acting = actingPlayer(actor);
  if (acting) return acting;
  throw badInput(`Field ${field} is required when an admin acts.`, field);
}

/**
 * The objects the mutation moved or created, as the caller now sees them. Ordered by zone and
 * position (then id), never by the order of the change, so a hidden reordering cannot be traced.
 */
function changedObjects(result: MoveResult, viewer: Viewer): ObjectView[] {
  const { spec, state } = result.game;
  const byKey = new Map<string, ObjectView>();
  const current = new Map(state.objects.map((o) => [o.key, o]));
  for (const row of result.events) {
    const event = row.payload as { transitions?: readonly { after: unknown; afterContext?: unknown }[] };
    for (const t of event.transitions ?? []) {
      const after = t.after as Parameters<typeof viewObject>[3] | null;
      if (!after) continue;
      const context = t.afterContext as Parameters<typeof viewSnapshot>[2]['context'] | null | undefined;
      if (context) byKey.set(after.key, viewSnapshot(spec, viewer, { obj: after, context }));
      else if (current.has(after.key))
        byKey.set(after.key, viewObject(spec, state, viewer, current.get(after.key)!));
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      (a.zoneId < b.zoneId ? -1 : a.zoneId > b.zoneId ? 1 : 0) ||
      (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) ||
      (a.id < b.id ? -1 : 1),
  );
}

/**
 * A player may name by id an object in a hidden or secret zone only if they can see it or own or
 * control it. Otherwise whether a move of it is accepted (MTG 400.4a keeps an instant out of the
 * battlefield, FAB equipment zones admit one subtype…) would tell them what it is. Such objects are
 * reached with a position selector instead ("a random card of that hand"). Objects in public zones,
 * face-down ones included, stay nameable: targeting a face-down permanent is an ordinary play.
 * Unknown ids are left to the planner, which refuses them as UNKNOWN_OBJECT.
 */
function checkNameable(spec: RulesetSpec, state: GameState, actor: Actor, move: Move): void {
  if (actor.kind !== 'PLAYER' || !('select' in move) || move.select.kind !== 'ids') return;
  const viewer: Viewer = { kind: 'player', playerId: actor.playerId };
  const byId = new Map(state.objects.map((o) => [o.publicId, o]));
  const zones = new Map(state.zones.map((z) => [z.id, z]));
  for (const id of move.select.ids) {
    const obj = byId.get(id);
    if (!obj || obj.ownerId === actor.playerId || obj.controllerId === actor.playerId) continue;
    const zone = zones.get(obj.zoneId);
    const visibility = zone ? zoneTypeOf(spec, zone.type)?.visibility : undefined;
    if (visibility === 'public' || canSee(spec, state, viewer, obj)) continue;
    throw forbidden(
      `Object ${id} is in a zone whose cards you may not see: select it by position (TOP, BOTTOM or RANDOM) instead.`,
    );
  }
}

/** Records the mutation's outcome and duration in `moves_total` / `move_duration_seconds`. */
function run(ctx: Context, operation: string, input: Common, build: (actor: Actor) => Move) {
  return ctx.metrics.timeMove(operation, () => runMove(ctx, operation, input, build));
}

async function runMove(ctx: Context, operation: string, input: Common, build: (actor: Actor) => Move) {
  const { actor, viewer, scope } = actorIn(ctx, input.gameId, input.onBehalfOf);
  if (given(input.expectedVersion) && (!Number.isInteger(input.expectedVersion) || input.expectedVersion < 0))
    throw badInput('Field expectedVersion must be 0 or more.', 'expectedVersion');
  const idempotency = idempotencyKeyFor(scope, operation, input);
  // Shape errors are found before the game is locked.
  const move = build(actor);
  const result = await applyMove(ctx.db, {
    gameId: input.gameId,
    actor,
    expectedVersion: input.expectedVersion,
    idempotency,
    build: (loaded) => {
      if (
        actor.kind === 'ADMIN' &&
        actor.onBehalfOf &&
        !loaded.players.some((p) => p.id === actor.onBehalfOf)
      )
        throw badInput('Field onBehalfOf must be a player of this game.', 'onBehalfOf');
      checkNameable(loaded.spec, loaded.state, actor, move);
      return move;
    },
    onRetry: () => ctx.metrics.transactionRetry(),
    notifyChannel: ctx.fanout.commitChannel,
  });
  // The PostgreSQL fanout was notified by the commit itself; others are told now.
  if (!result.replayed && !ctx.fanout.commitChannel)
    await ctx.fanout.publish({ gameId: input.gameId, seq: result.lastSeq }).catch((err: unknown) => {
      ctx.logger.warn({ err, gameId: input.gameId }, 'fanout publish failed');
    });
  const { spec, state, players } = result.game;
  // Built only if the caller asks for a nested field (zone, owner, host…): a full view per move is not free.
  const lookup = memoLookup(async () => buildLookup(spec, state, viewer, players));
  return {
    version: result.version,
    objects: changedObjects(result, viewer).map((view): ObjectOut => ({ view, lookup })),
    events: result.events.map((row) => toGameEvent(row, spec, viewer, lookup)),
  };
}

type Args<T> = { input: T & Common };

export const mutationResolvers = {
  Mutation: {
    moveObjects: (
      _: unknown,
      {
        input,
      }: Args<
        Selection & {
          to: DestinationInput;
          position?: Pos;
          index?: number | null;
          faceUp?: boolean | null;
          by?: By;
          order?: readonly string[] | null;
          replacedFrom?: DestinationInput | null;
          requiresAttribute?: boolean | null;
          activePlayerId?: string | null;
        }
      >,
      ctx: Context,
    ) =>
      run(ctx, 'moveObjects', input, () => ({
        kind: 'moveObjects',
        select: selector(input),
        to: destination(input.to),
        placement: placement(input.position, input.index),
        ...(given(input.faceUp) ? { faceUp: input.faceUp } : {}),
        by: moveBy(input.by),
        ...(given(input.order) ? { order: input.order } : {}),
        ...(given(input.replacedFrom)
          ? { replacedFrom: destination(input.replacedFrom, 'replacedFrom') }
          : {}),
        ...(input.requiresAttribute ? { requiresAttribute: true } : {}),
        ...(given(input.activePlayerId) ? { activePlayerId: input.activePlayerId } : {}),
      })),

    shuffleZone: (_: unknown, { input }: Args<{ zoneId: string }>, ctx: Context) =>
      run(ctx, 'shuffleZone', input, () => ({ kind: 'shuffle', zoneId: input.zoneId })),

    reorderZone: (
      _: unknown,
      { input }: Args<{ zoneId: string; order: readonly string[]; by?: By }>,
      ctx: Context,
    ) =>
      run(ctx, 'reorderZone', input, () => ({
        kind: 'reorder',
        zoneId: input.zoneId,
        order: input.order,
        by: moveBy(input.by),
      })),

    turnFace: (_: unknown, { input }: Args<Selection & { faceUp: boolean }>, ctx: Context) =>
      run(ctx, 'turnFace', input, () => ({
        kind: 'turnFace',
        select: selector(input),
        faceUp: input.faceUp,
      })),

    revealObjects: (
      _: unknown,
      { input }: Args<Selection & { toPlayerIds?: readonly string[] | null; toAll?: boolean | null }>,
      ctx: Context,
    ) =>
      run(ctx, 'revealObjects', input, () => {
        if (input.toAll && given(input.toPlayerIds))
          throw badInput('Give toPlayerIds or toAll, not both.', 'toAll');
        const to = input.toAll || !given(input.toPlayerIds) ? ('all' as const) : input.toPlayerIds;
        if (to !== 'all' && to.length === 0)
          throw badInput('Field toPlayerIds must not be empty.', 'toPlayerIds');
        return { kind: 'reveal', select: selector(input), to };
      }),

    endReveal: (_: unknown, { input }: Args<Selection>, ctx: Context) =>
      run(ctx, 'endReveal', input, () => ({ kind: 'endReveal', select: selector(input) })),

    createToken: (
      _: unknown,
      {
        input,
      }: Args<{
        token: TokenInput;
        to: DestinationInput;
        position?: Pos;
        index?: number | null;
        ownerId?: string | null;
        controllerId?: string | null;
        faceUp?: boolean | null;
        count?: number | null;
      }>,
      ctx: Context,
    ) =>
      run(ctx, 'createToken', input, (actor) => ({
        kind: 'createToken',
        card: cardProps(input.token, 'token'),
        to: destination(input.to),
        placement: placement(input.position, input.index),
        ownerId: seatOr(actor, input.ownerId, 'ownerId'),
        ...(given(input.controllerId) ? { controllerId: input.controllerId } : {}),
        ...(given(input.faceUp) ? { faceUp: input.faceUp } : {}),
        count: count(input.count ?? 1, 'count'),
      })),

    attachObjects: (_: unknown, { input }: Args<Selection & { hostId: string; by?: By }>, ctx: Context) =>
      run(ctx, 'attachObjects', input, () => ({
        kind: 'attach',
        select: selector(input),
        hostId: input.hostId,
        by: moveBy(input.by),
      })),

    detachObjects: (
      _: unknown,
      {
        input,
      }: Args<{
        objectIds: readonly string[];
        to: DestinationInput;
        position?: Pos;
        index?: number | null;
        faceUp?: boolean | null;
        by?: By;
      }>,
      ctx: Context,
    ) =>
      run(ctx, 'detachObjects', input, () => ({
        kind: 'detach',
        select: selector({ objectIds: input.objectIds }),
        to: destination(input.to),
        placement: placement(input.position, input.index),
        ...(given(input.faceUp) ? { faceUp: input.faceUp } : {}),
        by: moveBy(input.by),
      })),

    createZone: (_: unknown, { input }: Args<{ type: string; ownerId?: string | null }>, ctx: Context) =>
      run(ctx, 'createZone', input, () => ({
        kind: 'createZone',
        type: input.type,
        ownerId: input.ownerId ?? null,
      })),

    removeZone: (_: unknown, { input }: Args<{ zoneId: string }>, ctx: Context) =>
      run(ctx, 'removeZone', input, () => ({ kind: 'removeZone', zoneId: input.zoneId })),

    addStackLayer: (
      _: unknown,
      { input }: Args<{ layer: TokenInput; controllerId?: string | null }>,
      ctx: Context,
    ) =>
      run(ctx, 'addStackLayer', input, (actor) => ({
        kind: 'addLayer',
        card: cardProps(input.layer, 'layer'),
        controllerId: seatOr(actor, input.controllerId, 'controllerId'),
      })),

    removeStackLayer: (
      _: unknown,
      { input }: Args<{ layerId: string; to?: DestinationInput | null; by?: By }>,
      ctx: Context,
    ) =>
      run(ctx, 'removeStackLayer', input, () => ({
        kind: 'removeLayer',
        layerId: input.layerId,
        ...(given(input.to) ? { to: destination(input.to) } : {}),
        by: input.by === 'EFFECT' ? 'effect' : 'rule',
      })),

    bringIntoGame: (
      _: unknown,
      {
        input,
      }: Args<{
        cards: readonly TokenInput[];
        ownerId?: string | null;
        to: DestinationInput;
        position?: Pos;
        index?: number | null;
        faceUp?: boolean | null;
      }>,
      ctx: Context,
    ) =>
      run(ctx, 'bringIntoGame', input, (actor) => {
        if (input.cards.length === 0 || input.cards.length > 1000)
          throw badInput('Cards must list 1 to 1000 cards.', 'cards');
        return {
          kind: 'bringIntoGame',
          cards: input.cards.map((c, i) => cardProps(c, `cards.${i}`)),
          ownerId: seatOr(actor, input.ownerId, 'ownerId'),
          to: destination(input.to),
          placement: placement(input.position, input.index),
          ...(given(input.faceUp) ? { faceUp: input.faceUp } : {}),
        };
      }),

    removeFromGame: (_: unknown, { input }: Args<Selection>, ctx: Context) =>
      run(ctx, 'removeFromGame', input, () => ({ kind: 'removeFromGame', select: selector(input) })),
  },
};
