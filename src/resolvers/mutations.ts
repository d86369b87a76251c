/**
 * One mutation per planner move. Each is: input → command, then the authority (`src/authority`:
 * standing, status, version, permission, plan, commit, publish), then the payload rendered for the
 * caller by the redaction boundary (`src/render`). No authorization or visibility decision is made here.
 */
import type { Resolvers } from '../generated/graphql.js';
import type { CommandOutcome } from '../authority/index.js';
import { badInput } from '../errors.js';
import { movePayload } from '../render/index.js';
import type { Move } from '../rules/index.js';
import type { GameMutation } from '../metrics.js';
import type { Context } from '../server/context.js';
import { gameIdFrom } from '../uuid.js';
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
  type CardPropsInput,
  type LayerInput,
} from './move-input.js';

export interface Common {
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

/** The given player, else the player the caller acts as; an admin or referee must name one. */
function playerOr(actingAs: string | null, playerId: string | null | undefined, field: string): string {
  if (given(playerId)) return playerId;
  if (actingAs) return actingAs;
  throw badInput(`Field ${field} is required when an admin or referee acts.`, field);
}

/** The payload: the command's outcome as its viewer may see it, its events as of each event. */
function render({ result, viewer }: CommandOutcome, authority: Context['authority']) {
  const known = result.replayed
    ? undefined
    : { seq: result.lastSeq, state: result.game.state, players: result.game.players };
  return movePayload(result, viewer, authority.eventsAsOf(result.game.game.id, result.events, known));
}

export async function run(
  ctx: Context,
  operation: GameMutation,
  input: Common,
  toMove: (actingAs: string | null) => Move,
) {
  // The input is the idempotency fingerprint too: it carries the one spelling of the game id.
  const gameId = gameIdFrom(input.gameId);
  const fingerprint: Common = { ...input, gameId };
  return render(
    await ctx.authority.move(ctx.caller, {
      operation,
      gameId,
      expectedVersion: input.expectedVersion,
      onBehalfOf: input.onBehalfOf,
      input: fingerprint,
      toMove,
    }),
    ctx.authority,
  );
}

type Args<T> = { input: T & Common };

/** A partial shuffle's `part` from `top` / `bottom` (at most one of them). */
function shufflePart(input: { top?: number | null; bottom?: number | null }) {
  if (given(input.top) && given(input.bottom)) throw badInput('Give top or bottom, not both.', 'top');
  if (given(input.top)) return { part: { from: 'top', count: input.top } } as const;
  if (given(input.bottom)) return { part: { from: 'bottom', count: input.bottom } } as const;
  return {};
}

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
          randomOrder?: boolean | null;
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
        ...(input.randomOrder ? { randomOrder: true } : {}),
        ...(given(input.replacedFrom)
          ? { replacedFrom: destination(input.replacedFrom, 'replacedFrom') }
          : {}),
        ...(input.requiresAttribute ? { requiresAttribute: true } : {}),
        ...(given(input.activePlayerId) ? { activePlayerId: input.activePlayerId } : {}),
      })),

    shuffleZone: (
      _: unknown,
      { input }: Args<{ zoneId: string; top?: number | null; bottom?: number | null }>,
      ctx: Context,
    ) =>
      run(ctx, 'shuffleZone', input, () => ({
        kind: 'shuffle',
        zoneId: input.zoneId,
        ...shufflePart(input),
      })),

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
        token: CardPropsInput;
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
      run(ctx, 'createToken', input, (actingAs) => ({
        kind: 'createToken',
        card: cardProps(input.token, 'token'),
        to: destination(input.to),
        placement: placement(input.position, input.index),
        ownerId: playerOr(actingAs, input.ownerId, 'ownerId'),
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
      { input }: Args<{ layer: LayerInput; controllerId?: string | null }>,
      ctx: Context,
    ) =>
      run(ctx, 'addStackLayer', input, (actingAs) => ({
        kind: 'addLayer',
        card: cardProps(input.layer, 'layer'),
        controllerId: playerOr(actingAs, input.controllerId, 'controllerId'),
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
        cards: readonly CardPropsInput[];
        ownerId?: string | null;
        to: DestinationInput;
        position?: Pos;
        index?: number | null;
        faceUp?: boolean | null;
      }>,
      ctx: Context,
    ) =>
      run(ctx, 'bringIntoGame', input, (actingAs) => {
        if (input.cards.length === 0 || input.cards.length > 1000)
          throw badInput('Cards must list 1 to 1000 cards.', 'cards');
        return {
          kind: 'bringIntoGame',
          cards: input.cards.map((c, i) => cardProps(c, `cards.${i}`)),
          ownerId: playerOr(actingAs, input.ownerId, 'ownerId'),
          to: destination(input.to),
          placement: placement(input.position, input.index),
          ...(given(input.faceUp) ? { faceUp: input.faceUp } : {}),
        };
      }),

    removeFromGame: (_: unknown, { input }: Args<Selection>, ctx: Context) =>
      run(ctx, 'removeFromGame', input, () => ({ kind: 'removeFromGame', select: selector(input) })),
  },
} satisfies Resolvers;
