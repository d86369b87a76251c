/**
 * The authority's game operations, each one {@link Operation} through the door (`door.ts`): its
 * standing (decided once, by the door's standing step), its limit, then its own steps. Reads hold a
 * work slot; a creation's limits are the creation authority's (`create-game.ts`, which also decides
 * who may create). A move is `pipeline.ts`'s, whole.
 */
import type { Principal } from '../auth/principal.js';
import type { StoredEvent } from '../db/index.js';
import type { RulesetSpec } from '../rules/index.js';
import type { AuthorityParts } from './parts.js';
import { createGameAs, type CreateGameRequest, type NewSeat } from './create-game.js';
import { atTheDoor } from './db-errors.js';
import { through, type Caller } from './door.js';
import type { KnownState } from './event-time.js';
import { transcriptOf } from './fairness.js';
import * as reads from './reads.js';
import { standingIn, viewerIn } from './standing.js';
import { principalKey } from './work-limit.js';

/** A subscription's request: from where, which zone, and what to do with a subscriber too slow. */
export interface SubscriptionRequest {
  readonly gameId: string;
  readonly afterSeq: number | null;
  readonly zoneId: string | null;
  readonly onSlow: () => void;
}

/** The game operations of one service but moves (`pipeline.ts`): its reads, creation and its public queries. */
export function gameOperations<E>(parts: AuthorityParts<E>) {
  return { ...readOperations(parts), ...commandOperations(parts) };
}

/** The reads of games: the current game, its log, its live events and its transcript. */
function readOperations<E>(parts: AuthorityParts<E>) {
  const { store } = parts;
  return {
    /** `Query.game`: the current game as the caller may see it. */
    game: (caller: Caller, gameId: string) =>
      through(parts, caller, {
        standing: (c) => standingIn(store, c.principal, gameId),
        limit: 'work',
        body: (standing) => reads.readGame(store, standing, gameId),
      }),

    /** `Query.gameEvents`: one page of the log. */
    eventPage: (caller: Caller, page: { gameId: string; afterSeq: number; first: number }) =>
      through(parts, caller, {
        standing: (c) => viewerIn(store, c.principal, page.gameId),
        limit: 'work',
        body: (viewer) => reads.readEventPage(store, viewer, page),
      }),

    /**
     * `Subscription.gameEvents` / `zoneEvents`: replay, then live. A catch-up from the log is
     * expensive work: it holds a work slot until the subscriber is caught up, so the door's limit
     * (held while the operation works) does not fit it and the slot is taken here.
     */
    subscribe: (caller: Caller, request: SubscriptionRequest) =>
      through(parts, caller, {
        standing: (c) => reads.subscriptionStanding(store, c.principal, request.gameId, request.zoneId),
        limit: 'none',
        body: async ({ viewer, spec, lastSeq }) => {
          const afterSeq = request.afterSeq ?? lastSeq;
          const release =
            afterSeq < lastSeq
              ? await parts.work.acquire(principalKey(caller.principal), caller.clientIp)
              : undefined;
          const { gameId, zoneId, onSlow } = request;
          try {
            const catchUp = release ? { onCaughtUp: release } : {};
            return await parts.hub.subscribe({ gameId, spec, viewer, afterSeq, zoneId, onSlow, ...catchUp });
          } catch (err) {
            release?.();
            throw err;
          }
        },
      }),

    /** `Query.fairnessTranscript`: anyone in the game, after it ended (`fairness.ts`). */
    transcript: (caller: Caller, gameId: string) =>
      through(parts, caller, {
        standing: (c) => viewerIn(store, c.principal, gameId),
        limit: 'none',
        body: (viewer) => transcriptOf(store, viewer, gameId),
      }),

    /** The game as of a batch of its events (in seq order), for rendering them. */
    eventsAsOf: atTheDoor((gameId: string, batch: readonly StoredEvent[], known?: KnownState) =>
      reads.eventsAsOf(store, gameId, batch, known),
    ),
  };
}

/** Creation and the public queries of one service. */
function commandOperations<E>(parts: AuthorityParts<E>) {
  const { store } = parts;
  return {
    /** `Mutation.createGame`: the creation authority admits the caller (`create-game.ts`). */
    createGame: (
      caller: Caller,
      input: CreateGameRequest['input'],
      toSeats: (names: readonly string[]) => NewSeat[],
    ) =>
      through(parts, caller, {
        standing: () => undefined,
        limit: 'none',
        body: () => createGameAs(parts, { ...caller, input }, toSeats),
      }),

    /** `Query.rulesets`: public, every loaded ruleset of this service. */
    rulesets: (caller: Caller) =>
      through(parts, caller, {
        standing: () => undefined,
        limit: 'none',
        body: (): readonly RulesetSpec[] => store.rulesets.list(),
      }),

    /** `Query.whoami`: the caller's own principal. */
    whoami: (caller: Caller) =>
      through(parts, caller, {
        standing: () => undefined,
        limit: 'none',
        body: (): Principal => caller.principal,
      }),
  };
}
