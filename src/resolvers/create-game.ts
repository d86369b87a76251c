/** `Mutation.createGame`: public (anonymous allowed); validates against the ruleset's catalog. */
import { creatorViewer, publish } from '../authority/index.js';
import { createGame, type NewSeat } from '../db/games.js';
import { idempotencyKeyFor } from '../db/idempotency.js';
import { badInput } from '../errors.js';
import { getRuleset } from '../rules/index.js';
import type { Context } from '../server/context.js';
import { gameOut } from './game-view.js';
import { cardProps, type TokenInput } from './move-input.js';

/** Cards per player at creation. */
export const MAX_DECK = 1000;

interface CardInput extends TokenInput {
  readonly zone?: string | null;
  readonly zoneIndex?: number | null;
  readonly faceUp?: boolean | null;
}

interface CreateGameInput {
  readonly ruleset: string;
  readonly players: readonly { readonly name: string; readonly deck: readonly CardInput[] }[];
  readonly idempotencyKey?: string | null;
}

function seatsOf(input: CreateGameInput, min: number, max: number): NewSeat[] {
  if (input.players.length < min || input.players.length > max)
    throw badInput(`This ruleset seats ${min} to ${max} players.`, 'players');
  return input.players.map((p, s) => {
    const name = p.name.trim();
    if (name.length === 0 || name.length > 100)
      throw badInput('A player name must be 1 to 100 characters.', `players.${s}.name`);
    if (p.deck.length > MAX_DECK)
      throw badInput(`A deck holds at most ${MAX_DECK} cards.`, `players.${s}.deck`);
    return {
      name,
      deck: p.deck.map((c, i) => {
        const field = `players.${s}.deck.${i}`;
        const zoneIndex = c.zoneIndex ?? 0;
        if (!Number.isInteger(zoneIndex) || zoneIndex < 0 || zoneIndex > 100)
          throw badInput('zoneIndex must be 0 to 100.', `${field}.zoneIndex`);
        return { ...cardProps(c, field), zone: c.zone ?? null, zoneIndex, faceUp: c.faceUp ?? null };
      }),
    };
  });
}

/** Idempotency scope of the caller (createGame is open to anyone). */
function scopeOf(ctx: Context): string {
  const p = ctx.principal;
  switch (p.kind) {
    case 'anonymous':
      return 'anon|createGame';
    case 'admin':
      return 'admin|createGame';
    case 'player':
      return `player:${p.playerId}|createGame`;
    case 'spectator':
      return `spectator:${p.gameId}|createGame`;
    case 'referee':
      return `referee:${p.gameId}|createGame`;
  }
}

export const createGameResolvers = {
  Mutation: {
    createGame: async (_: unknown, args: { input: CreateGameInput }, ctx: Context) => {
      const spec = getRuleset(args.input.ruleset);
      if (!spec) throw badInput('Unknown ruleset.', 'ruleset');
      const seats = seatsOf(args.input, spec.players.min, spec.players.max);
      const idem = idempotencyKeyFor(scopeOf(ctx), 'createGame', args.input);
      const created = await createGame(ctx.db, spec, seats, idem, ctx.random?.newId);
      await publish(ctx, { gameId: created.game.game.id, seq: created.game.game.lastSeq });
      const { viewer, callerKind } = creatorViewer(ctx.principal);
      const out = gameOut(created.game, viewer, callerKind);
      return {
        game: out,
        seats: created.seats.map((s) => ({ player: out.lookup.player(s.playerId), token: s.token })),
        spectatorToken: created.spectatorToken,
        refereeToken: created.refereeToken,
      };
    },
  },
};
