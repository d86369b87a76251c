/**
 * Dice, coins and seat entropy (docs/fairness.md): input → rules Move, then the same authority as
 * every move (`run`), then the payload rendered for the caller. No decision is made here.
 */
import type { Resolvers } from '../generated/graphql.js';
import type { RollAudience } from '../rules/index.js';
import type { Context } from '../server/context.js';
import { run, type Common } from './mutations.js';

type Args<T> = { input: T & Common };
type Audience = 'ALL' | 'ROLLER';

/** The GraphQL audience to the rules layer's (a typed Record: a new value fails to compile until mapped). */
const AUDIENCES: Record<Audience, RollAudience> = { ALL: 'all', ROLLER: 'roller' };
const audience = (a: Audience | null | undefined): RollAudience => AUDIENCES[a ?? 'ALL'];

export const chanceMutationResolvers = {
  Mutation: {
    rollDice: (
      _: unknown,
      { input }: Args<{ sides: number; count?: number | null; seenBy?: Audience | null }>,
      ctx: Context,
    ) =>
      run(ctx, 'rollDice', input, () => ({
        kind: 'rollDice',
        sides: input.sides,
        count: input.count ?? 1,
        seenBy: audience(input.seenBy),
      })),
    flipCoin: (
      _: unknown,
      { input }: Args<{ count?: number | null; seenBy?: Audience | null }>,
      ctx: Context,
    ) =>
      run(ctx, 'flipCoin', input, () => ({
        kind: 'flipCoin',
        count: input.count ?? 1,
        seenBy: audience(input.seenBy),
      })),
    addEntropy: (_: unknown, { input }: Args<{ data: string }>, ctx: Context) =>
      run(ctx, 'addEntropy', input, () => ({ kind: 'addEntropy', data: input.data })),
  },
} satisfies Resolvers;
