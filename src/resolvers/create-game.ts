/**
 * `Mutation.createGame`: who may create, size caps, rate and idempotency scope are the creation
 * authority's call (src/authority/creation.ts); the cards are validated against the ruleset's catalog.
 */
import type { Resolvers } from '../generated/graphql.js';
import { creationAuthorityFor } from '../authority/creation.js';
import { creatorViewer, publish } from '../authority/index.js';
import { createGame, type NewSeat } from '../db/games.js';
import { idempotencyKeyFor } from '../db/idempotency.js';
import { badInput } from '../errors.js';
import { getRuleset, loadedRulesets } from '../rules/index.js';
import { createdGameOut } from '../render/index.js';
import type { Context } from '../server/context.js';
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
    createGame: async (_: unknown, args: { input: CreateGameInput }, ctx: Context) => {
      const spec = getRuleset(args.input.ruleset);
      const grant = creationAuthorityFor(ctx.config).admit({
        principal: ctx.principal,
        badCredential: ctx.badCredential,
        clientIp: ctx.clientIp,
        seats: spec?.players,
        players: args.input.players,
        idempotencyKey: args.input.idempotencyKey,
      });
      if (!spec)
        throw badInput(
          `Unknown ruleset. Valid rulesets: ${loadedRulesets()
            .map((r) => r.id)
            .join(', ')}.`,
          'ruleset',
        );
      const seats = seatsOf(args.input, grant.names);
      const idem = grant.idempotencyScope
        ? idempotencyKeyFor(grant.idempotencyScope, 'createGame', args.input)
        : null;
      const created = await createGame(ctx.db, spec, seats, idem, {
        newId: ctx.random?.newId,
        notifyChannel: ctx.fanout.commitChannel,
        rng: {
          newSeed: ctx.random?.newSeed ? () => ctx.random!.newSeed!() : undefined,
          derivationId: ctx.random?.derivationId ? (id) => ctx.random!.derivationId!(id) : undefined,
          revealFaces: args.input.revealFacesAfterEnd ?? false,
        },
        firstSeat: args.input.firstSeat ?? null,
      });
      await publish(
        ctx,
        { gameId: created.game.game.id, seq: created.game.game.lastSeq },
        { notifiedByCommit: true },
      );
      const { viewer, callerKind } = creatorViewer(ctx.principal);
      return createdGameOut(created, viewer, callerKind);
    },
  },
} satisfies Resolvers;
