/**
 * The table's mutations (statuses, counters, turns, concessions, results): input → rules Move, then
 * the same authority as every move (`run`: standing, status, version, seat policy, plan, commit,
 * publish), then the payload rendered for the caller. No decision is made here.
 */
import type { Resolvers } from '../generated/graphql.js';
import { badInput } from '../errors.js';
import type { CounterHolder } from '../rules/index.js';
import type { Context } from '../server/context.js';
import { given, selector, type PositionSelectorInput } from './move-input.js';
import { run, type Common } from './mutations.js';

interface HolderInput {
  readonly objectId?: string | null;
  readonly playerId?: string | null;
  readonly zoneId?: string | null;
}

/** Exactly one of objectId, playerId, zoneId. */
function holder(h: HolderInput, field: string): CounterHolder {
  const named = [
    given(h.objectId) ? ({ kind: 'object', id: h.objectId } as const) : null,
    given(h.playerId) ? ({ kind: 'player', id: h.playerId } as const) : null,
    given(h.zoneId) ? ({ kind: 'zone', id: h.zoneId } as const) : null,
  ].filter((x) => x !== null);
  const [one] = named;
  if (named.length !== 1 || !one)
    throw badInput(`Field ${field} must give exactly one of objectId, playerId or zoneId.`, field);
  return one;
}

type Args<T> = { input: T & Common };
type Op = 'ADD' | 'REMOVE' | 'SET';

/** The GraphQL op to the rules layer's (a typed Record: a new op fails to compile until mapped). */
const OPS: Record<Op, 'add' | 'remove' | 'set'> = { ADD: 'add', REMOVE: 'remove', SET: 'set' };

export const tableMutationResolvers = {
  Mutation: {
    setStatus: (
      _: unknown,
      {
        input,
      }: Args<{
        objectIds?: readonly string[] | null;
        select?: PositionSelectorInput | null;
        name: string;
        value: string;
      }>,
      ctx: Context,
    ) =>
      run(ctx, 'setStatus', input, () => ({
        kind: 'setStatus',
        select: selector(input),
        name: input.name,
        value: input.value,
      })),
    changeCounters: (
      _: unknown,
      { input }: Args<{ holder: HolderInput; kind: string; op: Op; amount: number }>,
      ctx: Context,
    ) =>
      run(ctx, 'changeCounters', input, () => ({
        kind: 'changeCounters',
        holder: holder(input.holder, 'holder'),
        counter: input.kind,
        op: OPS[input.op],
        amount: input.amount,
      })),
    moveCounters: (
      _: unknown,
      { input }: Args<{ from: HolderInput; to: HolderInput; kind: string; amount: number }>,
      ctx: Context,
    ) =>
      run(ctx, 'moveCounters', input, () => ({
        kind: 'moveCounters',
        from: holder(input.from, 'from'),
        to: holder(input.to, 'to'),
        counter: input.kind,
        amount: input.amount,
      })),
    advanceTurn: (_: unknown, { input }: Args<{ activePlayerId?: string | null }>, ctx: Context) =>
      run(ctx, 'advanceTurn', input, () => ({
        kind: 'advanceTurn',
        ...(given(input.activePlayerId) ? { activePlayerId: input.activePlayerId } : {}),
      })),
    setPhase: (_: unknown, { input }: Args<{ phase: string }>, ctx: Context) =>
      run(ctx, 'setPhase', input, () => ({ kind: 'setPhase', phase: input.phase })),
    concede: (_: unknown, { input }: Args<{ playerId?: string | null }>, ctx: Context) =>
      run(ctx, 'concede', input, (actingAs) => {
        // The seat named, else the caller's own: a seat naming another is refused by the seat
        // policy (a seat concedes only for itself), never turned into the caller's concession.
        const playerId = given(input.playerId) ? input.playerId : actingAs;
        if (playerId === null)
          throw badInput('Field playerId is required when the referee concedes for a seat.', 'playerId');
        return { kind: 'concede', playerId };
      }),
    endGameWithResult: (
      _: unknown,
      { input }: Args<{ winnerIds: readonly string[]; draw: boolean; reason: string }>,
      ctx: Context,
    ) =>
      run(ctx, 'endGameWithResult', input, () => ({
        kind: 'endGame',
        winnerIds: input.winnerIds,
        draw: input.draw,
        reason: input.reason,
      })),
  },
} satisfies Resolvers;
