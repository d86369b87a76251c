/**
 * `Mutation.createGame`: who may create, size caps, rate and idempotency scope are the creation
 * authority's call (src/authority/create-game.ts); the cards are validated against the ruleset's catalog.
 */
import type { Resolvers } from '../generated/graphql.js';
import type { NewSeat } from '../authority/index.js';
import { badInput } from '../errors.js';
import { createdGameOut } from '../render/index.js';
import { clockSettingsOf, type ClockInputArgs } from './move-inputs/clock.js';
import { cardProps, type CardPropsInput } from './move-input.js';

interface CardInput extends CardPropsInput {
  readonly zone?: string | null;
  readonly zoneIndex?: number | null;
  readonly faceUp?: boolean | null;
}

interface CreateGameInput {
  readonly ruleset: string;
  readonly players: readonly {
    readonly name: string;
    readonly deck: readonly CardInput[];
    readonly counters?: readonly { readonly kind: string; readonly amount: number }[] | null;
    readonly externalUser?: { readonly issuer: string; readonly subject: string } | null;
  }[];
  readonly idempotencyKey?: string | null;
  readonly revealFacesAfterEnd?: boolean | null;
  readonly firstSeat?: number | null;
  readonly waitForSeatEntropy?: boolean | null;
  readonly clock?: ClockInputArgs | null;
}

/** The seats, shape-checked card by card (sizes and names were admitted by the creation authority). */
function seatsOf(input: CreateGameInput, names: readonly string[]): NewSeat[] {
  return input.players.map((p, s) => ({
    name: names[s] as string,
    counters: p.counters ?? null,
    externalUser: p.externalUser ?? null,
    deck: p.deck.map((c, i) => {
      // Built only for a refused card: a deck has up to hundreds of them.
      const field = () => `players.${s}.deck.${i}`;
      const zoneIndex = c.zoneIndex ?? 0;
      if (!Number.isInteger(zoneIndex) || zoneIndex < 0 || zoneIndex > 100)
        throw badInput('Field zoneIndex must be 0 to 100.', `${field()}.zoneIndex`);
      const props = cardProps(c, field);
      return {
        name: props.name,
        types: props.types,
        subtypes: props.subtypes,
        text: props.text,
        attributes: props.attributes,
        zone: c.zone ?? null,
        zoneIndex,
        faceUp: c.faceUp ?? null,
      };
    }),
  }));
}

export const createGameResolvers = {
  Mutation: {
    createGame: async (_parent, args, ctx) => {
      const { created, viewer, callerKind } = await ctx.authority.createGame(
        ctx.caller,
        { ...args.input, clock: clockSettingsOf(args.input.clock) },
        (names) => seatsOf(args.input, names),
      );
      return createdGameOut(created, viewer, callerKind);
    },
  },
} satisfies Resolvers;
