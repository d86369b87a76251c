/**
 * All network access of the table page, in one place: a thin adapter over the repository's typed
 * client (`client/index.ts`), which does GraphQL over HTTP and the resuming graphql-ws event stream
 * (reconnection with backoff, resubscription from the last delivered seq, no event twice). This file
 * only declares the page's own operations, typed by GraphQL Code Generator (`npm run codegen`), and
 * maps the client's callbacks to the page's connection status.
 *
 * Authentication: the client sends the token as `Authorization: Bearer …` over HTTP and in the
 * graphql-ws `connection_init` payload `{ authorization: "Bearer …" }`.
 */
import {
  createZonekeeperClient,
  graphql,
  ZonekeeperRequestError,
  type AdvanceTurnInput,
  type ChangeCountersInput,
  type ConcedeInput,
  type PassClockInput,
  type RewindMode,
  type SetPhaseInput,
  type SetStatusInput,
  type TableGameQuery,
  type TableRulesetsQuery,
} from '../../client/index.js';

/** A refusal from the server (`code` is its `extensions.code`, e.g. INVALID_MOVE) or a transport failure. */
export { ZonekeeperRequestError as ApiError };

export type RulesetInfo = TableRulesetsQuery['rulesets'][number];
export type ZoneTypeInfo = RulesetInfo['zoneTypes'][number];
export type GameView = TableGameQuery['game'];
export type ZoneView = GameView['zones'][number];
/** `card` is null when the viewer may not see the object: draw its back. */
export type ObjectView = ZoneView['objects'][number];
export type PlayerView = GameView['players'][number];
/** The game's clocks as of the server's current time (`asOfMs`), or null: the game keeps no time. */
export type ClockView = NonNullable<GameView['clock']>;
/** A counter as the page draws it: a kind name (ruleset data, drawn as text) and an amount. */
export type CounterView = ObjectView['counters'][number];

/** The open takeback request (`Game.takeback`), as every viewer sees it, or null. */
export type PendingTakebackView = GameView['takeback'];

/**
 * The part of an event the page uses; it refetches the game to apply it. The kind and the actor
 * say what a takeback came to (refused, or accepted as a GAME_REWOUND by the last seat to accept).
 */
export interface GameEventInfo {
  seq: number;
  version: number;
  kind: string;
  actor: { kind: string; playerId?: string | null };
}

/** One event of the log as the takeback button reads it: whose it was, and which mutation wrote it. */
export type LoggedEventInfo = Omit<GameEventInfo, 'actor'> & {
  actor: { kind: string; playerId: string | null };
};

export { type RewindMode };

/** Objects named by id, or (for objects the viewer may not see, a library) by position in a zone. */
export type Which =
  { objectIds: string[] } | { select: { zoneId: string; from: 'TOP' | 'BOTTOM' | 'RANDOM'; count?: number } };

/**
 * What to move, where to, and face up or down there (`faceUp` omitted: the destination's default,
 * e.g. face up on a battlefield; `false`: a face-down install, morph or manifest).
 */
export type MoveInput = { gameId: string; toZoneId: string; faceUp?: boolean } & Which;

/** Turns objects face up or face down where they are (`turnFace`). */
export type TurnFaceInput = { gameId: string; faceUp: boolean } & Which;

/**
 * What a move did: the new version and the events it recorded. A move the rules keep from happening
 * is not an error: it records `NO_MOVE` citing the rule (MTG 400.4a: an instant stays in hand), and
 * the page must say so (./refusal.ts).
 */
export interface MoveResult {
  version: number;
  /** The objects moved or turned, under the ids the viewer now knows them by (MTG 400.7: a new id). */
  objects: readonly { id: string }[];
  events: readonly { kind: string; rules: readonly string[] }[];
}

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface FollowHandlers {
  /** Each event with seq > afterSeq, in order, exactly once. */
  onEvent(event: GameEventInfo): void;
  onStatus(status: StreamStatus): void;
  /** The server refused the subscription (e.g. NOT_FOUND, a refused token): the stream has stopped. */
  onFatal(error: ZonekeeperRequestError): void;
}

export interface TableApi {
  rulesets(): Promise<RulesetInfo[]>;
  game(gameId: string): Promise<GameView>;
  /**
   * Moves objects to a zone (`moveObjects`), named by id or, for objects the viewer may not see
   * (a library), by position (`select`); resolves to the new version and the events it recorded.
   */
  moveObjects(input: MoveInput): Promise<MoveResult>;
  /** Turns objects face up or down (`turnFace`: morph, manifest, a face-down arsenal card turned up). */
  turnFace(input: TurnFaceInput): Promise<MoveResult>;
  /** The rest of the table (statuses, counters, turns, concessions); each resolves to the new version. */
  setStatus(input: SetStatusInput): Promise<number>;
  changeCounters(input: ChangeCountersInput): Promise<number>;
  advanceTurn(input: AdvanceTurnInput): Promise<number>;
  setPhase(input: SetPhaseInput): Promise<number>;
  concede(input: ConcedeInput): Promise<number>;
  /** The seat whose clock runs passes it (`passClock`); resolves to the new version. */
  passClock(input: PassClockInput): Promise<number>;
  /** At most `first` events of the log after `afterSeq`, oldest first (`gameEvents`), as the viewer may see them. */
  events(gameId: string, afterSeq: number, first: number): Promise<LoggedEventInfo[]>;
  /** A seat asks to take back its moves after `toSeq` (`requestTakeback`); resolves to the new version. */
  requestTakeback(input: { gameId: string; toSeq: number; reason: string }): Promise<number>;
  /** Another seat accepts or refuses the open request back to `toSeq` (`acceptTakeback`, `refuseTakeback`). */
  answerTakeback(input: { gameId: string; toSeq: number }, accept: boolean): Promise<number>;
  /** A judge (the admin, the game's referee) rewinds the game to after `toSeq` (`rewindGame`). */
  rewindGame(input: { gameId: string; toSeq: number; mode: RewindMode; reason: string }): Promise<number>;
  /**
   * Follows `Subscription.gameEvents` from `afterSeq` (the client's `subscribeGameEvents`: on a
   * dropped connection it reconnects with backoff and resumes from the last seq it delivered).
   * Returns a function that stops following.
   */
  followGame(gameId: string, afterSeq: number, handlers: FollowHandlers): () => void;
  close(): void;
}

/** Every ruleset's zone catalog: names and visibility, enough to draw any game. */
const TableRulesetsDocument = graphql(`
  query TableRulesets {
    rulesets {
      id
      name
      sides
      zoneTypes {
        type
        name
        visibility
        scope
        ordered
        isStack
        faceDownSeenBy
        defaultFaceUp
        allowsFaceUp
        admits {
          description
          rule
        }
      }
      statuses {
        name
        values
        default
        zoneTypes
      }
      openObjectCounterKinds
      objectCounters {
        kind
        zoneTypes
      }
      playerCounters {
        kind
        visibility
      }
      zoneCounters {
        kind
        zoneTypes
      }
      turn {
        phases
        phasesBySide {
          side
          phases
        }
      }
    }
  }
`);

/** The game as the token's viewer sees it: `card` is null for an object it may not see. */
const TableGameDocument = graphql(`
  query TableGame($id: ID!) {
    game(id: $id) {
      id
      ruleset
      status
      version
      lastSeq
      players {
        id
        name
        seat
        conceded
        counters {
          kind
          amount
        }
      }
      turn {
        number
        phase
        activePlayer {
          id
        }
      }
      result {
        draw
        reason
        winners {
          id
          name
        }
      }
      clock {
        kind
        asOfMs
        runningPlayerId
        ticking
        started
        paused
        pauseReason
        stopped
        seats {
          playerId
          remainingMs
          periodsLeft
          flagged
          stopped
        }
      }
      viewer {
        kind
        player {
          id
        }
      }
      takeback {
        asker {
          id
          name
        }
        toSeq
        reason
        accepted {
          id
          name
        }
        awaiting {
          id
          name
        }
      }
      zones {
        id
        type
        name
        owner {
          id
        }
        index
        count
        counters {
          kind
          amount
        }
        objects {
          id
          kind
          faceUp
          position
          layer
          owner {
            id
            name
            seat
          }
          controller {
            id
            name
            seat
          }
          statuses {
            name
            value
          }
          counters {
            kind
            amount
          }
          card {
            name
            types
            subtypes
            text
          }
          attached {
            id
            faceUp
            card {
              name
            }
          }
        }
      }
    }
  }
`);

const TableMoveDocument = graphql(`
  mutation TableMove($input: MoveObjectsInput!) {
    moveObjects(input: $input) {
      version
      objects {
        id
      }
      events {
        kind
        rules
      }
    }
  }
`);

const TableTurnFaceDocument = graphql(`
  mutation TableTurnFace($input: TurnFaceInput!) {
    turnFace(input: $input) {
      version
      objects {
        id
      }
      events {
        kind
        rules
      }
    }
  }
`);

const TablePassClockDocument = graphql(`
  mutation TablePassClock($input: PassClockInput!) {
    passClock(input: $input) {
      version
    }
  }
`);

/** The log's recent events, for the takeback button to find the seat's last move. */
const TableEventsDocument = graphql(`
  query TableEvents($gameId: ID!, $afterSeq: Int, $first: Int) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {
      seq
      version
      kind
      actor {
        kind
        playerId
      }
    }
  }
`);

const TableRequestTakebackDocument = graphql(`
  mutation TableRequestTakeback($input: RequestTakebackInput!) {
    requestTakeback(input: $input) {
      version
    }
  }
`);

const TableAcceptTakebackDocument = graphql(`
  mutation TableAcceptTakeback($input: AnswerTakebackInput!) {
    acceptTakeback(input: $input) {
      version
    }
  }
`);

const TableRefuseTakebackDocument = graphql(`
  mutation TableRefuseTakeback($input: AnswerTakebackInput!) {
    refuseTakeback(input: $input) {
      version
    }
  }
`);

const TableRewindDocument = graphql(`
  mutation TableRewind($input: RewindGameInput!) {
    rewindGame(input: $input) {
      version
    }
  }
`);

/**
 * The client's `onError` cause as a refusal the page can show. The client reports refusals and
 * fatal closes (a refused token: UNAUTHENTICATED) as ZonekeeperRequestError already.
 */
function toApiError(error: unknown): ZonekeeperRequestError {
  if (error instanceof ZonekeeperRequestError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = typeof code === 'number' ? `The connection was closed (${code}).` : String(error);
  return new ZonekeeperRequestError([{ message: error instanceof Error ? error.message : message }]);
}

const which = (w: Which): Which => ('objectIds' in w ? { objectIds: w.objectIds } : { select: w.select });

export function createTableApi(options: { endpoint: string; token: string }): TableApi {
  // Retry defaults: 0.25 s doubling to 5 s, with jitter, without limit while the page is open.
  const client = createZonekeeperClient({ url: options.endpoint, token: options.token });
  return {
    async rulesets() {
      return (await client.request(TableRulesetsDocument)).rulesets;
    },
    async game(gameId) {
      return (await client.request(TableGameDocument, { id: gameId })).game;
    },
    async moveObjects(move) {
      const face = move.faceUp === undefined ? {} : { faceUp: move.faceUp };
      const input = { gameId: move.gameId, ...which(move), to: { zoneId: move.toZoneId }, ...face };
      return (await client.request(TableMoveDocument, { input })).moveObjects;
    },
    async turnFace(turn) {
      const input = { gameId: turn.gameId, ...which(turn), faceUp: turn.faceUp };
      return (await client.request(TableTurnFaceDocument, { input })).turnFace;
    },
    async setStatus(input) {
      return (await client.setStatus(input)).setStatus.version;
    },
    async changeCounters(input) {
      return (await client.changeCounters(input)).changeCounters.version;
    },
    async advanceTurn(input) {
      return (await client.advanceTurn(input)).advanceTurn.version;
    },
    async setPhase(input) {
      return (await client.setPhase(input)).setPhase.version;
    },
    async concede(input) {
      return (await client.concede(input)).concede.version;
    },
    async passClock(input) {
      return (await client.request(TablePassClockDocument, { input })).passClock.version;
    },
    async events(gameId, afterSeq, first) {
      return (await client.request(TableEventsDocument, { gameId, afterSeq, first })).gameEvents.map((e) => ({
        seq: e.seq,
        version: e.version,
        kind: e.kind,
        actor: { kind: e.actor.kind, playerId: e.actor.playerId ?? null },
      }));
    },
    async requestTakeback(input) {
      return (await client.request(TableRequestTakebackDocument, { input })).requestTakeback.version;
    },
    async answerTakeback(input, accept) {
      return accept
        ? (await client.request(TableAcceptTakebackDocument, { input })).acceptTakeback.version
        : (await client.request(TableRefuseTakebackDocument, { input })).refuseTakeback.version;
    },
    async rewindGame(input) {
      return (await client.request(TableRewindDocument, { input })).rewindGame.version;
    },
    followGame(gameId, afterSeq, handlers) {
      handlers.onStatus('connecting');
      return client.subscribeGameEvents(gameId, {
        afterSeq,
        onEvent: handlers.onEvent,
        onConnected: () => handlers.onStatus('live'),
        // The socket closed or could not open (server restart, network): it resumes from the last seq.
        onRetry: () => handlers.onStatus('reconnecting'),
        onError: (error) => handlers.onFatal(toApiError(error)),
      });
    },
    close() {
      void client.dispose();
    },
  };
}
