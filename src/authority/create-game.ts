/**
 * `createGame` through the one door: admit the caller (credential, who may create, idempotency
 * scope, ruleset, size caps, rate), parse the seats, derive the idempotency key, store the game,
 * publish its first seq, and decide who the creator sees it as. The caller parses input into seats
 * (`toSeats`, like `execute`'s `toMove`) and renders the result.
 *
 * Trust model for `createGame`:
 * - `HOST_TOKEN` set (a deployment with a host backend): only the host (`Bearer <HOST_TOKEN>`) and
 *   the admin create games. Anyone else is refused before anything is read or written:
 *   UNAUTHENTICATED without a credential, FORBIDDEN with a seat or spectator credential.
 * - `HOST_TOKEN` unset (local play, development): anyone may create games. Such untrusted callers
 *   are rate-limited per client address (token bucket; RATE_LIMITED with a retry hint).
 * - An invalid credential is UNAUTHENTICATED either way, never silently "anonymous".
 * - Binding a seat to a platform user (`externalUser`) is the host's or the admin's call only
 *   (FORBIDDEN for anyone else): a binding hands the seat to whoever holds that user's tokens. The
 *   issuer must be the configured AUTH_ISSUER, and one user holds at most one seat of a game.
 *
 * Idempotency keys are scoped to the caller, so a replay returns the first response only to the
 * caller who made the request: the host, the admin, or one seat. An anonymous caller has no
 * identity to scope a key to (any second anonymous caller would be "the same caller" and receive
 * the first one's seat credentials), and a spectator credential is shared by every spectator of a
 * game; both are refused an `idempotencyKey` (BAD_USER_INPUT saying why).
 *
 * Size caps (players per the ruleset, cards per player, cards per game, name lengths) apply to
 * every caller: they bound the work and storage of one request.
 */
import { isPlatformSubject, MAX_SUBJECT_LENGTH } from '../auth/jwt.js';
import type { Principal } from '../auth/principal.js';
import type { Config } from '../config.js';
import { idempotencyKeyFor, type CreatedGame } from '../db/index.js';
import { ErrorCode, ZonekeeperError, badInput, forbidden, unauthenticated } from '../errors.js';
import { newId as randomId } from '../ids.js';
import {
  checkClockConfig,
  newClock,
  type ClockSettings,
  type GameState,
  type Viewer,
} from '../rules/index.js';
import type { AuthorityDeps } from './pipeline.js';
import { newCredentials, newGameSecret, seatDeckCommitments } from './new-game.js';
import { publish } from './publish.js';
import { creatorViewer } from './standing.js';
import { creationEvent, initialState, type NewSeat } from './starting-layout.js';
import { TokenBuckets } from './token-buckets.js';

export type { CreatedGame } from '../db/index.js';
export type { NewSeat } from './starting-layout.js';

/** Longest player name, in UTF-16 code units after trimming. */
export const MAX_PLAYER_NAME_LENGTH = 100;

/** The configuration this module reads. */
export type CreationConfig = Pick<
  Config,
  | 'HOST_TOKEN'
  | 'CREATE_GAME_RATE_PER_MINUTE'
  | 'CREATE_GAME_BURST'
  | 'CREATE_GAME_MAX_CARDS_PER_PLAYER'
  | 'CREATE_GAME_MAX_CARDS'
  | 'AUTH_ISSUER'
>;

/** What the authority needs to know about one `createGame` call. */
export interface CreationRequest {
  readonly principal: Principal;
  /** A credential was presented but matched nothing. */
  readonly badCredential: boolean;
  /** The client's address (rate-limit key). */
  readonly clientIp: string;
  /**
   * The ruleset's seat range; for an unknown ruleset, the service's valid ones (refused, naming
   * them, after the caller is admitted).
   */
  readonly seats:
    { readonly min: number; readonly max: number } | { readonly validRulesets: readonly string[] };
  readonly players: readonly {
    readonly name: string;
    readonly deck: readonly unknown[];
    readonly externalUser?: { readonly issuer: string; readonly subject: string } | null | undefined;
  }[];
  readonly idempotencyKey?: string | null | undefined;
}

/** The decision for an admitted request. */
export interface CreationGrant {
  /**
   * Scope under which the request's idempotency key is recorded: one caller's own. Null when the
   * request carries no key.
   */
  readonly idempotencyScope: string | null;
  /** Trimmed player names, in seat order. */
  readonly names: readonly string[];
}

export interface CreationAuthority {
  /**
   * Admits or refuses one `createGame` call, in this order: credential, who may create,
   * idempotency scope, ruleset, size caps, rate. Throws the typed refusal; a refused call writes nothing
   * and (except RATE_LIMITED itself) spends no rate-limit token.
   */
  admit(request: CreationRequest): CreationGrant;
}

/** Creates the authority of one service (its rate-limit state lives in it); `app.ts` builds it. */
export function createCreationAuthority(
  config: CreationConfig,
  now: () => number = Date.now,
): CreationAuthority {
  const buckets = new TokenBuckets(
    config.CREATE_GAME_RATE_PER_MINUTE / 60_000,
    config.CREATE_GAME_BURST,
    now,
  );
  return {
    admit(request) {
      const trusted = mayCreate(request, config.HOST_TOKEN !== undefined);
      checkBindings(request, config);
      const idempotencyScope = scopeOf(request);
      const names = checkSizes(request, config);
      if (!trusted) {
        const wait = buckets.take(request.clientIp);
        if (wait > 0) throw rateLimited(wait, config);
      }
      return { idempotencyScope, names };
    },
  };
}

/** True for a trusted creator (host, admin); false for an untrusted one allowed to create. Throws otherwise. */
function mayCreate(request: CreationRequest, hostTokenRequired: boolean): boolean {
  if (request.badCredential) throw unauthenticated();
  const p = request.principal;
  switch (p.kind) {
    case 'host':
    case 'admin':
      return true;
    case 'anonymous':
      if (hostTokenRequired) throw unauthenticated();
      return false;
    case 'player':
    case 'spectator':
    case 'referee':
    case 'external':
      if (hostTokenRequired)
        throw forbidden('HOST_ONLY', 'Only the host or an admin may create games on this server.');
      return false;
  }
}

/** Seat bindings: by the host or admin only, to the configured issuer, one seat per user. */
function checkBindings(request: CreationRequest, config: CreationConfig): void {
  const seen = new Set<string>();
  request.players.forEach((p, s) => {
    const user = p.externalUser;
    if (user === null || user === undefined) return;
    const field = `players.${s}.externalUser`;
    const kind = request.principal.kind;
    if (kind !== 'host' && kind !== 'admin')
      throw forbidden('HOST_ONLY', 'Only the host or an admin may bind a seat to a platform user.');
    if (!config.AUTH_ISSUER)
      throw badInput('This server accepts no platform tokens (AUTH_ISSUER is unset).', field);
    if (user.issuer !== config.AUTH_ISSUER)
      throw badInput('Field externalUser.issuer must be the server’s AUTH_ISSUER.', `${field}.issuer`);
    // The subject a token may carry (jwt.ts): a seat bound to another could never be played.
    if (!isPlatformSubject(user.subject))
      throw badInput(
        `Field externalUser.subject must be 1 to ${MAX_SUBJECT_LENGTH} characters, none a control character.`,
        `${field}.subject`,
      );
    if (seen.has(user.subject)) throw badInput('A platform user may hold one seat of a game.', field);
    seen.add(user.subject);
  });
}

/** The caller's own idempotency scope; refuses a key from a caller without an identity of its own. */
function scopeOf(request: CreationRequest): string | null {
  if (request.idempotencyKey === undefined || request.idempotencyKey === null) return null;
  const p = request.principal;
  switch (p.kind) {
    case 'host':
      return 'host|createGame';
    case 'admin':
      return 'admin|createGame';
    case 'player':
      return `player:${p.playerId}|createGame`;
    // A referee credential belongs to one game's engine: as private to its holder as a seat's.
    case 'referee':
      return `referee:${p.gameId}|createGame`;
    // A platform user is one person, as a seat is.
    case 'external':
      return `external:${JSON.stringify([p.issuer, p.subject])}|createGame`;
    case 'anonymous':
      throw badInput(
        'An anonymous createGame cannot take an idempotencyKey: there is no caller identity to scope it ' +
          'to, so a replay could hand this game’s credentials to someone else. Omit it, or call with a ' +
          'host, admin or seat credential.',
        'idempotencyKey',
      );
    case 'spectator':
      throw badInput(
        'A spectator credential is shared by every spectator of a game, so it cannot scope an ' +
          'idempotencyKey for createGame. Omit it, or call with a host, admin or seat credential.',
        'idempotencyKey',
      );
  }
}

/** Checks the size caps; returns the trimmed player names. */
function checkSizes(request: CreationRequest, config: CreationConfig): string[] {
  if ('validRulesets' in request.seats)
    throw badInput(`Unknown ruleset. Valid rulesets: ${request.seats.validRulesets.join(', ')}.`, 'ruleset');
  const { min, max } = request.seats;
  const players = request.players;
  if (players.length < min || players.length > max)
    throw badInput(`This ruleset seats ${min} to ${max} players.`, 'players');
  let total = 0;
  const names = players.map((p, s) => {
    const name = p.name.trim();
    if (name.length === 0 || name.length > MAX_PLAYER_NAME_LENGTH)
      throw badInput(`A player name must be 1 to ${MAX_PLAYER_NAME_LENGTH} characters.`, `players.${s}.name`);
    if (p.deck.length > config.CREATE_GAME_MAX_CARDS_PER_PLAYER)
      throw badInput(
        `A deck holds at most ${config.CREATE_GAME_MAX_CARDS_PER_PLAYER} cards (this one has ${p.deck.length}).`,
        `players.${s}.deck`,
      );
    total += p.deck.length;
    return name;
  });
  if (total > config.CREATE_GAME_MAX_CARDS)
    throw badInput(
      `A new game holds at most ${config.CREATE_GAME_MAX_CARDS} cards over all players (this one has ${total}).`,
      'players',
    );
  return names;
}

function rateLimited(waitMs: number, config: CreationConfig): ZonekeeperError {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ZonekeeperError(
    ErrorCode.RATE_LIMITED,
    `Too many games created from this address (at most ${config.CREATE_GAME_BURST} at once, then ` +
      `${config.CREATE_GAME_RATE_PER_MINUTE} per minute). Retry in ${retryAfterSeconds} s, or create games ` +
      'with the host token.',
    { retryAfterSeconds },
  );
}

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
    /** The game's clocks (issue 40), not started: the referee or a judge starts them. */
    readonly clock?: ClockSettings | null | undefined;
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
    ...withClock(initialState(spec, seats, playerIds, newId, input.firstSeat ?? null), input.clock),
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

/** The new game's clocks, not started (their time counts from `startClock`); BAD_USER_INPUT for bad times. */
function withClock(state: GameState, settings: ClockSettings | null | undefined): GameState {
  if (!settings) return state;
  const refused = checkClockConfig(settings.config);
  if (refused) throw badInput(`Field clock is refused: ${refused.message} (${refused.rule}).`, 'clock');
  return {
    ...state,
    clock: newClock(
      settings,
      state.players.map((p) => p.id),
      0,
    ),
  };
}
