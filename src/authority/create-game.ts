/**
 * `createGame` through the one door: admit the caller (`creation.ts`: credential, who may create,
 * idempotency scope, ruleset, size caps, rate), parse the seats, derive the idempotency key, store
 * the game, publish its first seq, and decide who the creator sees it as. The caller parses input
 * into seats (`toSeats`, like `execute`'s `toMove`) and renders the result.
 */
import type { Principal } from '../auth/principal.js';
import { idempotencyKeyFor, type CreatedGame } from '../db/index.js';
import { newId as randomId } from '../ids.js';
import type { Viewer } from '../rules/index.js';
import type { CreationAuthority } from './creation.js';
import type { AuthorityDeps } from './pipeline.js';
import { newCredentials, newGameSecret, seatDeckCommitments } from './new-game.js';
import { publish } from './publish.js';
import { creatorViewer } from './standing.js';
import { creationEvent, initialState, type NewSeat } from './starting-layout.js';

export type { CreatedGame } from '../db/index.js';
export type { NewSeat } from './starting-layout.js';

/** One `createGame` call as the caller made it. */
export interface CreateGameRequest {
  readonly principal: Principal;
  /** A credential was presented but matched nothing. */
  readonly badCredential: boolean;
  /** The client's address (rate-limit key). */
  readonly clientIp: string;
  readonly input: {
    readonly ruleset: string;
    readonly players: readonly { readonly name: string; readonly deck: readonly unknown[] }[];
    readonly idempotencyKey?: string | null | undefined;
    readonly revealFacesAfterEnd?: boolean | null | undefined;
    readonly firstSeat?: number | null | undefined;
    /**
     * Whether random acts wait for every seat's entropy (docs/fairness.md, "Seat entropy"; default
     * true). A game that does not wait (solo play, tests) has its acts marked not covered by seat input.
     */
    readonly waitForSeatEntropy?: boolean | null | undefined;
  };
}

/** Creates a game for an admitted caller; throws the typed refusal otherwise. */
export async function createGameAs(
  deps: AuthorityDeps & { readonly creation: CreationAuthority },
  request: CreateGameRequest,
  toSeats: (names: readonly string[]) => NewSeat[],
): Promise<{ created: CreatedGame; viewer: Viewer; callerKind: 'ADMIN' | 'HOST' | 'ANONYMOUS' }> {
  const { input } = request;
  const spec = deps.store.rulesets.get(input.ruleset);
  // Refuses an unknown ruleset (BAD_USER_INPUT naming the valid ones) after the caller is admitted.
  const grant = deps.creation.admit({
    principal: request.principal,
    badCredential: request.badCredential,
    clientIp: request.clientIp,
    seats: spec?.players ?? { validRulesets: deps.store.rulesets.list().map((r) => r.id) },
    players: input.players,
    idempotencyKey: input.idempotencyKey,
  });
  if (!spec) throw new Error('admitted a game of an unknown ruleset');
  const seats = toSeats(grant.names);
  const idem = grant.idempotencyScope ? idempotencyKeyFor(grant.idempotencyScope, 'createGame', input) : null;
  const random = deps.random;
  const newId = random?.newId ?? randomId;
  // With a key, the key names the game: a repeat finds its record under the same game id.
  const gameId = idem ? idem.gameId : newId();
  const playerIds = seats.map(() => newId());
  const state = {
    ...initialState(spec, seats, playerIds, newId, input.firstSeat ?? null),
    seatEntropy: { waits: input.waitForSeatEntropy ?? true, given: [] },
  };
  const newGame = { gameId, playerIds, seats, state, event: creationEvent(spec, state) };
  const secret = newGameSecret(
    gameId,
    {
      newSeed: random?.newSeed ? () => random.newSeed!() : undefined,
      derivationId: random?.derivationId ? (id) => random.derivationId!(id) : undefined,
    },
    { revealFaces: input.revealFacesAfterEnd ?? false, waitsForSeats: state.seatEntropy.waits },
  );
  const created = await deps.store.createGame(spec, newGame, {
    credentials: newCredentials(gameId, playerIds),
    secret,
    deckCommitments: seatDeckCommitments(secret, newGame.event, playerIds),
    idempotency: idem,
  });
  void publish(deps, { gameId: created.game.game.id, seq: created.game.game.lastSeq });
  return { created, ...creatorViewer(request.principal) };
}
