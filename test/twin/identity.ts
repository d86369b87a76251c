/**
 * Platform identity in the twin-world suite (issue 33): a key set on loopback whose tokens the
 * suite's server trusts (AUTH_*), the platform user V is in games that bind V's seat to it, and
 * what a platform user with no seat in a game observes of that game.
 *
 * A valid token with no seat in a game gets the same answer as a game that does not exist
 * (src/authority/standing.ts): every observation of such a user is compared, with the game's id
 * erased, with the same observation of a game id no game has.
 */
import { expect } from 'vitest';
import { EventCollector, post, type ExternalUser } from '../support/game-api.js';
import { GAME_QUERY, HISTORY_QUERY } from '../support/documents.js';
import { startJwks, TEST_ISSUER, until, type TestJwks } from '../support/jwks.js';
import type { TestServer } from '../support/server.js';

/** The platform user V is, in the games that bind V's seat. */
const VIEWER: ExternalUser = { issuer: TEST_ISSUER, subject: 'twin-viewer' };
/** A platform user bound to no seat of any game. */
const STRANGER: ExternalUser = { issuer: TEST_ISSUER, subject: 'twin-stranger' };
/** No game has this id: the worlds' ids start with their world's letter. */
const MISSING_GAME_ID = '00000000-0000-4000-8000-000000000000';
/** Far beyond any run of the suite, within AUTH_MAX_TOKEN_LIFETIME_S. */
const LIFETIME_S = 6 * 3600;

export interface PlatformTokens {
  /** V's token: the seat its platform user is bound to. */
  readonly viewer: string;
  /** A valid token of a user with no seat in the game. */
  readonly stranger: string;
}

export class TwinIdentity {
  private constructor(private readonly jwks: TestJwks) {}

  /** Starts the key set; its `env` is the server's AUTH_* configuration. */
  static async start(): Promise<TwinIdentity> {
    return new TwinIdentity(await startJwks());
  }

  get env(): Record<string, string> {
    return this.jwks.env();
  }

  /** Seat `viewer` of `players` bound to V's platform user, every other seat unbound. */
  binding(players: number, viewer: number): (ExternalUser | null)[] {
    return Array.from({ length: players }, (_, seat) => (seat === viewer ? VIEWER : null));
  }

  async tokens(): Promise<PlatformTokens> {
    const exp = Math.floor(Date.now() / 1000) + LIFETIME_S;
    return {
      viewer: await this.jwks.sign(VIEWER.subject, { exp }),
      stranger: await this.jwks.sign(STRANGER.subject, { exp }),
    };
  }
}

/** Erases what varies between worlds and runs (the suite's `normalise`). */
type Normalise = (value: unknown) => unknown;

/** An answer as sent, the game's id erased, then normalised. */
const erased = (normalise: Normalise, gameId: string, answer: unknown): unknown =>
  normalise(JSON.parse(JSON.stringify(answer).replaceAll(gameId, '<game>')));

/**
 * What a token with no seat in game `gameId` observes of it: its view, its history and, given, the
 * answer to `action` (a mutation whose input names the game).
 */
async function noSeatAnswers(
  normalise: Normalise,
  server: TestServer,
  token: string,
  gameId: string,
  action?: { document: string; input: Record<string, unknown> },
): Promise<unknown> {
  const requests: [string, Record<string, unknown>][] = action
    ? [[action.document, { input: { ...action.input, gameId } }]]
    : [
        [GAME_QUERY, { id: gameId }],
        [HISTORY_QUERY, { gameId, afterSeq: 0, first: 100 }],
      ];
  const answers = [];
  for (const [document, variables] of requests) {
    const res = await post<unknown>(server, document, variables, token);
    answers.push({ status: res.status, data: res.data, errors: res.errors ?? null });
  }
  return erased(normalise, gameId, answers);
}

/** What a token with no seat in `gameId` gets from `gameEvents` over graphql-ws: its refusal. */
async function noSeatSubscription(
  normalise: Normalise,
  server: TestServer,
  token: string,
  gameId: string,
): Promise<unknown> {
  const c = new EventCollector(server.wsUrl, token);
  try {
    c.start(gameId);
    await until(() => c.errors.length > 0 || c.events.length > 0, 30_000, 'the subscription refusal');
    return erased(normalise, gameId, { events: c.events, errors: c.errors });
  } finally {
    await c.close();
  }
}

/** What the stranger observes: its reads (with `subscribe`, its subscription too), or `action`. */
export interface NoSeatProbe {
  readonly action?: { document: string; input: Record<string, unknown> };
  /** World b's value for a world-a value (the action's ids). */
  readonly inB?: (input: Record<string, unknown>) => Record<string, unknown>;
  readonly subscribe?: boolean;
}

/**
 * Checks that the stranger's observations of the twins' games are identical, equal to those of a
 * game that does not exist, and NOT_FOUND.
 */
export async function expectNoSeatLikeMissing(
  normalise: Normalise,
  server: TestServer,
  stranger: string,
  games: { readonly a: string; readonly b: string },
  what: string,
  { action, inB = (i) => i, subscribe = false }: NoSeatProbe = {},
): Promise<void> {
  const bAction = action && { document: action.document, input: inB(action.input) };
  const inA = await noSeatAnswers(normalise, server, stranger, games.a, action);
  expect(
    await noSeatAnswers(normalise, server, stranger, games.b, bAction),
    `no seat, world b, ${what}`,
  ).toEqual(inA);
  expect(inA, `no seat vs no game, ${what}`).toEqual(
    await noSeatAnswers(normalise, server, stranger, MISSING_GAME_ID, action),
  );
  expect(JSON.stringify(inA), `no seat is NOT_FOUND, ${what}`).toContain('"code":"NOT_FOUND"');
  if (action || !subscribe) return;
  const subA = await noSeatSubscription(normalise, server, stranger, games.a);
  expect(
    await noSeatSubscription(normalise, server, stranger, games.b),
    `no seat subscription, ${what}`,
  ).toEqual(subA);
  expect(subA, `no seat subscription vs no game, ${what}`).toEqual(
    await noSeatSubscription(normalise, server, stranger, MISSING_GAME_ID),
  );
  expect(JSON.stringify(subA), `no seat subscription is NOT_FOUND, ${what}`).toContain('NOT_FOUND');
}
