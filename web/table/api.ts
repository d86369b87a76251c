/**
 * All network access of the table page, in one place: GraphQL over HTTP for queries and mutations,
 * graphql-ws for the live event stream. The rest of the page only sees the typed functions below,
 * so this file can be swapped for a generated client without touching the view.
 *
 * Authentication: the token goes in the `Authorization: Bearer …` header over HTTP and in the
 * graphql-ws `connection_init` payload `{ authorization: "Bearer …" }`.
 */
import { createClient, type Client } from 'graphql-ws';

export type ZoneVisibility = 'PUBLIC' | 'SECRET' | 'HIDDEN';
export type PrincipalKind = 'ANONYMOUS' | 'PLAYER' | 'SPECTATOR' | 'ADMIN';

export interface ZoneTypeInfo {
  type: string;
  name: string;
  visibility: ZoneVisibility;
  scope: 'PLAYER' | 'SHARED';
  ordered: boolean;
  isStack: boolean;
}

export interface RulesetInfo {
  id: string;
  name: string;
  zoneTypes: ZoneTypeInfo[];
}

export interface CardFace {
  name: string;
  types: string[];
  subtypes: string[];
  text: string;
}

export interface ObjectView {
  id: string;
  kind: 'CARD' | 'TOKEN' | 'LAYER';
  faceUp: boolean;
  position: number | null;
  layer: number | null;
  /** Null when the viewer may not see the object: draw its back. */
  card: CardFace | null;
  attached: { id: string; faceUp: boolean; card: { name: string } | null }[];
}

export interface ZoneView {
  id: string;
  type: string;
  name: string;
  owner: { id: string } | null;
  index: number;
  /** Always the true count, even when the objects are hidden. */
  count: number;
  /** Top first. */
  objects: ObjectView[];
}

export interface PlayerInfo {
  id: string;
  name: string;
  seat: number;
}

export interface GameView {
  id: string;
  ruleset: string;
  status: 'ACTIVE' | 'ENDED' | 'ARCHIVED';
  version: number;
  lastSeq: number;
  players: PlayerInfo[];
  zones: ZoneView[];
  viewer: { kind: PrincipalKind; player: { id: string } | null };
}

/** The part of an event the page uses; it refetches the game to apply it. */
export interface GameEventInfo {
  seq: number;
  version: number;
  kind: string;
}

/** A GraphQL error the server sent, with its `extensions.code` (e.g. INVALID_MOVE, NOT_FOUND). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface FollowHandlers {
  /** Each event with seq > afterSeq, in order, exactly once. */
  onEvent(event: GameEventInfo): void;
  onStatus(status: StreamStatus): void;
  /** The server refused the subscription (e.g. NOT_FOUND): the stream has stopped. */
  onFatal(error: ApiError): void;
}

export interface TableApi {
  rulesets(): Promise<RulesetInfo[]>;
  game(gameId: string): Promise<GameView>;
  /** Moves objects to a zone (`moveObjects`); resolves to the game's new version. */
  moveObjects(input: { gameId: string; objectIds: string[]; toZoneId: string }): Promise<number>;
  /**
   * Follows `Subscription.gameEvents` from `afterSeq`. On a dropped connection it reconnects with
   * backoff and resubscribes from the last seq it delivered, so no event is missed or repeated.
   * Returns a function that stops following.
   */
  followGame(gameId: string, afterSeq: number, handlers: FollowHandlers): () => void;
  close(): void;
}

const RULESETS = /* GraphQL */ `
  query TableRulesets {
    rulesets {
      id
      name
      zoneTypes {
        type
        name
        visibility
        scope
        ordered
        isStack
      }
    }
  }
`;

const GAME = /* GraphQL */ `
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
      }
      viewer {
        kind
        player {
          id
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
        objects {
          id
          kind
          faceUp
          position
          layer
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
`;

const MOVE = /* GraphQL */ `
  mutation TableMove($input: MoveObjectsInput!) {
    moveObjects(input: $input) {
      version
    }
  }
`;

const EVENTS = /* GraphQL */ `
  subscription TableEvents($gameId: ID!, $afterSeq: Int) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
      seq
      version
      kind
    }
  }
`;

interface GraphqlError {
  message: string;
  extensions?: { code?: string };
}

function toApiError(errors: readonly GraphqlError[]): ApiError {
  const first = errors[0];
  return new ApiError(first?.message ?? 'Unknown error', first?.extensions?.code ?? null);
}

/** graphql-ws closes with 4403 when `connection_init` carries a credential the server refuses. */
const FORBIDDEN_CLOSE = 4403;

/** Reconnect delays: 0.5 s doubling to 10 s, with jitter so many tabs do not reconnect in step. */
function backoff(attempt: number): number {
  const base = Math.min(10_000, 500 * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

export function createTableApi(options: { endpoint: string; token: string }): TableApi {
  const authorization = `Bearer ${options.token}`;
  const wsUrl = options.endpoint.replace(/^http/, 'ws');
  let ws: Client | null = null;

  async function request<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const res = await fetch(options.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: T | null; errors?: GraphqlError[] };
    if (body.errors?.length) throw toApiError(body.errors);
    if (!body.data) throw new ApiError(`HTTP ${res.status}`, null);
    return body.data;
  }

  function wsClient(): Client {
    // Retries are done per subscription (below), so each resubscription carries the latest seq.
    ws ??= createClient({ url: wsUrl, connectionParams: { authorization }, retryAttempts: 0 });
    return ws;
  }

  return {
    async rulesets() {
      return (await request<{ rulesets: RulesetInfo[] }>(RULESETS, {})).rulesets;
    },
    async game(gameId) {
      return (await request<{ game: GameView }>(GAME, { id: gameId })).game;
    },
    async moveObjects({ gameId, objectIds, toZoneId }) {
      const input = { gameId, objectIds, to: { zoneId: toZoneId } };
      return (await request<{ moveObjects: { version: number } }>(MOVE, { input })).moveObjects.version;
    },
    followGame(gameId, afterSeq, handlers) {
      let lastSeq = afterSeq;
      let attempt = 0;
      let stopped = false;
      let unsubscribe: (() => void) | null = null;
      let timer: ReturnType<typeof setTimeout> | null = null;

      const subscribe = (): void => {
        handlers.onStatus(attempt === 0 ? 'connecting' : 'reconnecting');
        unsubscribe = wsClient().subscribe<{ gameEvents: GameEventInfo }>(
          { query: EVENTS, variables: { gameId, afterSeq: lastSeq } },
          {
            next: (result) => {
              if (result.errors?.length) return handlers.onFatal(toApiError(result.errors));
              const event = result.data?.gameEvents;
              // The server never repeats a seq on one subscription; this guards resubscriptions.
              if (!event || event.seq <= lastSeq) return;
              attempt = 0;
              lastSeq = event.seq;
              handlers.onEvent(event);
            },
            error: (err: unknown) => {
              // An array is the server's answer (e.g. NOT_FOUND): retrying would get the same.
              if (Array.isArray(err)) return handlers.onFatal(toApiError(err as GraphqlError[]));
              const code = (err as { code?: unknown } | null)?.code;
              if (code === FORBIDDEN_CLOSE) {
                return handlers.onFatal(new ApiError('The token was refused.', 'UNAUTHENTICATED'));
              }
              if (stopped) return;
              // The socket closed or could not open (server restart, network): resume from lastSeq.
              handlers.onStatus('reconnecting');
              timer = setTimeout(subscribe, backoff(attempt++));
            },
            complete: () => undefined,
          },
        );
      };
      // `connected` fires for every (re)connection of the shared client.
      const offConnected = wsClient().on('connected', () => handlers.onStatus('live'));
      subscribe();
      return () => {
        stopped = true;
        offConnected();
        if (timer) clearTimeout(timer);
        unsubscribe?.();
      };
    },
    close() {
      void ws?.dispose();
      ws = null;
    },
  };
}
