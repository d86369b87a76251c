/**
 * The Zonekeeper client: typed GraphQL operations over HTTP and a resuming event subscription over
 * graphql-ws. It runs in browsers and in Node (pass `webSocketImpl: WebSocket` from `ws` where the
 * runtime has no global WebSocket, as Node 20 has not).
 *
 *   const zk = createZonekeeperClient({ url: 'http://localhost:4000/graphql', token, webSocketImpl: WebSocket });
 *   const { game } = await zk.game(gameId);
 *   const stop = zk.subscribeGameEvents(gameId, { afterSeq: game.lastSeq, onEvent: (e) => console.log(e.seq) });
 *
 * Resume semantics of {@link ZonekeeperClient.subscribeGameEvents}: every event is delivered once,
 * in seq order. When the connection drops (a server restart, a refused connection, close codes
 * such as 1006 or 4503), the helper reconnects with backoff and resubscribes with `afterSeq` = the
 * last seq it delivered, so the server replays exactly what was missed; anything at or below that
 * seq that still arrives is dropped.
 *
 * Your own documents: `zk.request<Result>(queryText, variables)` sends any query or mutation text
 * (the result typed as you say), `zk.request(SomeDocument, variables)` a typed document from
 * `graphql()` of a document codegen generated, and `zk.subscribe(queryText, variables, sink)` any
 * subscription. A refusal, over HTTP or as a WebSocket close, is a {@link ZonekeeperRequestError}
 * with the error code (UNAUTHENTICATED, FORBIDDEN...); the close codes' meanings are the server's
 * own table (src/server/close-codes.ts).
 */
import { createClient, type Client as WsClient } from 'graphql-ws';
import type { ErrorCode, ForbiddenReason, InvalidMoveReason } from './generated/enums.js';
import { closeMeaning, ZkCloseCode } from '../src/server/close-codes.js';
import type {
  AddEntropyInput,
  AddEntropyMutation,
  CreateGameInput,
  CreateGameMutation,
  AdvanceTurnInput,
  AdvanceTurnMutation,
  ChangeCountersInput,
  ChangeCountersMutation,
  ConcedeInput,
  ConcedeMutation,
  EndGameInput,
  EndGameMutation,
  EventFieldsFragment,
  GameEventsPageQuery,
  GameQuery,
  MoveCountersInput,
  MoveCountersMutation,
  MoveObjectsInput,
  MoveObjectsMutation,
  RulesetsQuery,
  SetPhaseInput,
  SetPhaseMutation,
  SetStatusInput,
  SetStatusMutation,
  TypedDocumentString,
  WhoamiQuery,
} from './generated/graphql.js';
import {
  AddEntropyDocument,
  CreateGameDocument,
  AdvanceTurnDocument,
  ChangeCountersDocument,
  ConcedeDocument,
  EndGameDocument,
  GameDocument,
  GameEventsPageDocument,
  GameEventsSubscriptionDocument,
  LastSeqDocument,
  MoveCountersDocument,
  MoveObjectsDocument,
  RulesetsDocument,
  SetPhaseDocument,
  SetStatusDocument,
  WhoamiDocument,
  ZoneEventsSubscriptionDocument,
} from './operations.js';

// Every operation's result and variable types and its typed document (`GameDocument`,
// `MoveObjectsDocument`...), the schema's enums and input types, and `graphql()` for your own.
export * from './generated/graphql.js';
export { graphql } from './generated/index.js';
export type { ErrorCode, ForbiddenReason, InvalidMoveReason } from './generated/enums.js';
// zk-rng/1 (docs/fairness.md): check an ended game's shuffles and picks from its transcript.
export { verifyGame } from './verify.js';
export type { Transcript, TranscriptAct, VerifyReport } from './verify.js';
export { seatRecordOf, type SeatEvent, type SeatRecord, type SeatCheck } from './seat-replay.js';
export { FairnessTranscriptDocument, SeatHistoryDocument } from './operations.js';
export { CLOSE_CODES, closeMeaning, type CloseMeaning } from '../src/server/close-codes.js';

/** A string union that still accepts values a newer server may add. */
type Open<T extends string> = T | (string & Record<never, never>);

/** An event as the subscriber's viewer receives it (see `EventFields` in operations.ts). */
export type GameEvent = EventFieldsFragment;

/** One entry of a GraphQL response's `errors`. */
export interface GraphQLErrorBody {
  message: string;
  path?: readonly (string | number)[];
  extensions?: {
    code?: Open<ErrorCode>;
    reason?: Open<InvalidMoveReason | ForbiddenReason>;
    rule?: string;
    [key: string]: unknown;
  };
}

/**
 * A request the service refused, or a transport failure. `code` is the first error's
 * `extensions.code` (an `ErrorCode` of the schema; undefined for a transport failure); `reason`
 * is set for INVALID_MOVE (an `InvalidMoveReason`) and FORBIDDEN (a `ForbiddenReason`), `rule` for
 * INVALID_MOVE and for a FORBIDDEN that cites one.
 */
export class ZonekeeperRequestError extends Error {
  readonly code: Open<ErrorCode> | undefined;
  readonly reason: Open<InvalidMoveReason | ForbiddenReason> | undefined;
  readonly rule: string | undefined;
  /** For SERVICE_UNAVAILABLE: when the service suggests trying again (`extensions.retryAfterSeconds`). */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    readonly errors: readonly GraphQLErrorBody[],
    readonly status?: number,
    /** The WebSocket close code, for a subscription the server closed for good. */
    readonly closeCode?: number,
  ) {
    super(errors.map((e) => e.message).join('; ') || `HTTP ${status ?? 'error'}`);
    this.name = 'ZonekeeperRequestError';
    const ext = errors[0]?.extensions;
    this.code = ext?.code;
    this.reason = ext?.reason;
    this.rule = ext?.rule;
    const after = ext?.['retryAfterSeconds'];
    this.retryAfterSeconds = typeof after === 'number' && after >= 0 ? after : undefined;
  }

  /** Plain data for logs: `JSON.stringify(error)` shows the message and the code. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      code: this.code,
      ...(this.reason !== undefined ? { reason: this.reason } : {}),
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.closeCode !== undefined ? { closeCode: this.closeCode } : {}),
      errors: this.errors,
    };
  }
}

/** A WebSocket close as the typed error its code means (see `CLOSE_CODES`). */
export function closeError(close: { code: number; reason?: string }): ZonekeeperRequestError {
  const meaning = closeMeaning(close.code);
  return new ZonekeeperRequestError(
    [
      {
        message: meaning.message,
        extensions: { ...(meaning.errorCode ? { code: meaning.errorCode } : {}), closeCode: close.code },
      },
    ],
    undefined,
    close.code,
  );
}

export interface RetryOptions {
  /** Consecutive failed attempts before giving up and calling `onError`. Default: unlimited. */
  attempts?: number;
  /** First delay; it doubles per consecutive failure. Default 250 ms. */
  minDelayMs?: number;
  /** Delay cap. Default 5000 ms. */
  maxDelayMs?: number;
}

export interface ZonekeeperClientOptions {
  /** The HTTP(S) GraphQL endpoint, e.g. `http://localhost:4000/graphql`. */
  url: string;
  /**
   * A seat, spectator, referee, host or admin credential, or a platform token (a JWT naming a
   * platform user bound to a seat), sent as `Authorization: Bearer <token>`.
   */
  token?: string;
  /**
   * The token-refresh hook, for a platform token: called when the server closes the connection
   * because the token expired (close code 4011), it resolves with a fresh token. The subscriptions
   * then reconnect with it and resume with `afterSeq`, so no event is lost or repeated; later HTTP
   * requests send it too. Without it (or if it throws), the subscriptions end with UNAUTHENTICATED.
   */
  refreshToken?: () => string | Promise<string>;
  /** The WebSocket endpoint; default: `url` with http(s) replaced by ws(s). */
  wsUrl?: string;
  /** A WebSocket constructor, for runtimes without a global one (Node 20: `ws`'s default export). */
  webSocketImpl?: unknown;
  /** `fetch` to use; default: the global one. */
  fetch?: typeof fetch;
  /**
   * Reconnection of subscriptions, and the retries of a query the service answers with
   * SERVICE_UNAVAILABLE (its database is unreachable or restarting): at most `attempts`, and never
   * more than {@link QUERY_RETRY_ATTEMPTS}, after `extensions.retryAfterSeconds` or the backoff
   * delay, whichever is longer. Mutations are not retried here: send one again with the same
   * `idempotencyKey`.
   */
  retry?: RetryOptions;
  /**
   * Ping the server this often over the WebSocket; a connection whose pong does not come back within
   * the same time is dropped and its subscriptions resume on a new one. Detects connections that died
   * silently (a suspended laptop, a NAT that forgot the flow). Default 15000 ms; 0 turns it off.
   */
  keepAliveMs?: number;
  /**
   * Add the seat's own entropy (16 random bytes) the first time this client reads or follows a game
   * (`game`, `subscribeGameEvents`), since a game's random acts wait for every seat's entropy
   * (docs/fairness.md, "Seat entropy"). Refusals are ignored: a spectator, referee, host or admin
   * adds none (FORBIDDEN), nor does an ended game. Default true.
   */
  seatEntropy?: boolean;
}

export interface SubscribeGameEventsOptions {
  /**
   * Deliver the events after this seq (the log is replayed first, then live events follow). Omit
   * for "from now on": the helper reads the game's current `lastSeq` first, so that a reconnect
   * before the first event still resumes without a gap.
   */
  afterSeq?: number;
  /** Only the events touching this zone (`zoneEvents`). */
  zoneId?: string;
  /** Called once per event, in seq order, never twice for one seq. */
  onEvent: (event: GameEvent) => void;
  /**
   * Called once when the subscription ends for good: a refusal (NOT_FOUND, UNAUTHENTICATED...) or
   * `retry.attempts` consecutive failures. Not called after the caller's own unsubscribe.
   */
  onError?: (error: unknown) => void;
  /** Called before each reconnection attempt, with the attempt number (1, 2...) and the cause. */
  onRetry?: (attempt: number, cause: unknown) => void;
  /** The server completed the subscription. */
  onComplete?: () => void;
  /**
   * Called each time the subscription's request goes out on an acknowledged connection: once at
   * the start and once after every reconnection (a status display turns "live" here). Events
   * missed while disconnected follow, replayed from the last delivered seq.
   */
  onConnected?: () => void;
}

/**
 * Where a {@link ZonekeeperClient.subscribeGameEvents} subscription stands: `connecting` (its
 * request is on its way), `live` (the request went out on an acknowledged connection), `retrying`
 * (a retry timer is armed after a failure), `ended` (unsubscribed, disposed, refused or given up:
 * no timer is armed and no attempt follows).
 */
export type GameEventsState = 'connecting' | 'live' | 'retrying' | 'ended';

/** The unsubscribe function of {@link ZonekeeperClient.subscribeGameEvents}, which also tells where it stands. */
export interface GameEventsSubscription {
  (): void;
  /** Read at any time, e.g. by a status display that polls rather than following the callbacks. */
  readonly state: GameEventsState;
}

/** Receives a subscription's results ({@link ZonekeeperClient.subscribe}). */
export interface SubscriptionSink<TResult> {
  next(data: TResult): void;
  /** The subscription ended with a refusal or a closed connection: a {@link ZonekeeperRequestError}, or a network error. */
  error?(error: unknown): void;
  complete?(): void;
}

export interface ZonekeeperClient {
  /**
   * Runs a query or mutation over HTTP and resolves with its `data`; rejects with
   * {@link ZonekeeperRequestError}. `document` is a typed document (the result and variables
   * inferred) or the text of any document (the result typed as the caller says:
   * `zk.request<{ game: { version: number } }>('query ($id: ID!) { game(id: $id) { version } }', { id })`).
   */
  request<TResult, TVariables>(
    document: TypedDocumentString<TResult, TVariables>,
    variables?: TVariables,
  ): Promise<TResult>;
  request<TResult = Record<string, unknown>>(
    document: string,
    variables?: Record<string, unknown>,
  ): Promise<TResult>;
  /**
   * Creates a game (`createGame`). The payload holds each seat's token, the spectator token and
   * the referee token: each is shown once, keep them.
   */
  createGame(input: CreateGameInput): Promise<CreateGameMutation['createGame']>;
  /**
   * Runs any subscription document over graphql-ws, as given: no resume (use
   * {@link subscribeGameEvents} for a game's events). Returns the unsubscribe function.
   */
  subscribe<TResult = Record<string, unknown>>(
    document: string | TypedDocumentString<TResult, Record<string, unknown>>,
    variables: Record<string, unknown>,
    sink: SubscriptionSink<TResult>,
  ): () => void;
  whoami(): Promise<WhoamiQuery>;
  rulesets(): Promise<RulesetsQuery>;
  game(id: string): Promise<GameQuery>;
  /** One page of the log after `afterSeq` (default 0), at most `first` (default 100) events. */
  gameEvents(gameId: string, page?: { afterSeq?: number; first?: number }): Promise<GameEventsPageQuery>;
  moveObjects(input: MoveObjectsInput): Promise<MoveObjectsMutation>;
  /**
   * Sets a status (MTG 110.5: `{ name: 'tapped', value: 'tapped' }`) on objects named by id or by
   * position; the status's default value clears it.
   */
  setStatus(input: SetStatusInput): Promise<SetStatusMutation>;
  /** Adds, removes or sets counters of one kind on an object, a player (life) or a zone. */
  changeCounters(input: ChangeCountersInput): Promise<ChangeCountersMutation>;
  /** Moves counters of one kind between two holders at once (Netrunner: bank to credit pool). */
  moveCounters(input: MoveCountersInput): Promise<MoveCountersMutation>;
  /** Starts the next turn (the active player, the referee or a judge). */
  advanceTurn(input: AdvanceTurnInput): Promise<AdvanceTurnMutation>;
  /** Sets the phase of the current turn. */
  setPhase(input: SetPhaseInput): Promise<SetPhaseMutation>;
  /** The caller's seat concedes (MTG 104.3a); the referee names the seat with `playerId`. */
  concede(input: ConcedeInput): Promise<ConcedeMutation>;
  /** Adds a seat's entropy (`data`: 1 to 64 bytes, hex) to every later random act (docs/fairness.md). */
  addEntropy(input: AddEntropyInput): Promise<AddEntropyMutation>;
  /** Ends the game with a result, winners or a draw, and a reason (the referee or an admin). */
  endGame(input: EndGameInput): Promise<EndGameMutation>;
  /**
   * Follows a game's events (see the module comment for the resume guarantees). Returns the
   * unsubscribe function, whose `state` says where the subscription stands.
   */
  subscribeGameEvents(gameId: string, options: SubscribeGameEventsOptions): GameEventsSubscription;
  /** Closes the WebSocket and ends every subscription. */
  dispose(): Promise<void>;
}

/** Most retries of one query answered SERVICE_UNAVAILABLE (about 20 s at the default delays). */
export const QUERY_RETRY_ATTEMPTS = 6;

/** Error codes of a refused request that a later attempt may not meet. */
const TRANSIENT_ERROR_CODES = new Set(['SERVICE_UNAVAILABLE', 'RATE_LIMITED']);

/**
 * The text of a document. `graphql()` knows only the documents codegen generated; for any other it
 * returns `{}`, which would be sent as "[object Object]": refused here, naming the way out.
 */
function documentText(document: unknown): string {
  if (typeof document === 'string' || document instanceof String) return document.toString();
  throw new TypeError(
    'Not a GraphQL document: graphql() only knows the documents codegen generated. ' +
      'Pass the document text instead: zk.request<Result>(`query { ... }`, variables).',
  );
}

/**
 * A subscription's failure as the client reports it: refusals and fatal closes as typed errors; a
 * close worth retrying stays the close event (`onRetry`'s cause).
 */
function asRequestError(error: unknown): unknown {
  if (Array.isArray(error)) return new ZonekeeperRequestError(error as GraphQLErrorBody[]);
  if (isCloseEvent(error) && !closeMeaning(error.code).retry) return closeError(error);
  return error;
}

function isCloseEvent(value: unknown): value is { code: number; reason: string } {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

/**
 * Whether a subscription failure is worth another attempt: a dropped or refused connection (1006,
 * 1001, 1012), the service's own "try again" codes (4503 database unreachable, 4008 subscriber too
 * slow), a network failure of the preliminary HTTP request, or a SERVICE_UNAVAILABLE refusal.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ZonekeeperRequestError && error.closeCode !== undefined)
    return closeMeaning(error.closeCode).retry;
  if (error instanceof ZonekeeperRequestError)
    return error.code === undefined || TRANSIENT_ERROR_CODES.has(error.code);
  if (isCloseEvent(error)) return closeMeaning(error.code).retry;
  if (Array.isArray(error)) {
    const code = (error[0] as GraphQLErrorBody | undefined)?.extensions?.code;
    return code !== undefined && TRANSIENT_ERROR_CODES.has(code);
  }
  // A network error (fetch's TypeError, a socket error event): the server may be restarting.
  return true;
}

export function createZonekeeperClient(options: ZonekeeperClientOptions): ZonekeeperClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let token = options.token;
  /** A refresh in progress: connections and requests wait for its token. */
  let refreshing: Promise<void> | undefined;
  const auth = async (): Promise<Record<string, string>> => {
    await refreshing;
    return token ? { authorization: `Bearer ${token}` } : {};
  };
  const refresh = (hook: () => string | Promise<string>) => {
    refreshing ??= (async () => {
      try {
        token = await hook();
      } catch {
        // The old token stays: the next connection is refused (UNAUTHENTICATED), which ends it.
      } finally {
        refreshing = undefined;
      }
    })();
  };
  const retry = {
    attempts: options.retry?.attempts ?? Infinity,
    minDelayMs: options.retry?.minDelayMs ?? 250,
    maxDelayMs: options.retry?.maxDelayMs ?? 5000,
  };
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  let ws: WsClient | undefined;
  /** Whether the socket is open and acknowledged now. */
  let connected = false;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  /** The stop functions of the subscriptions not ended yet, for `dispose`. */
  const active = new Set<() => void>();
  /** Called when a connection is acknowledged: each subscription's run of failures is over. */
  const onConnected = new Set<() => void>();
  const socket = (): WsClient =>
    (ws ??= createClient({
      url: options.wsUrl ?? options.url.replace(/^http/, 'ws'),
      ...(options.webSocketImpl ? { webSocketImpl: options.webSocketImpl } : {}),
      connectionParams: auth,
      lazy: true,
      // Reconnection is done per subscription below, so that each resumes from its own last seq;
      // graphql-ws's own retry would resend the original variables.
      retryAttempts: 0,
      // A server that accepts the socket but never acknowledges it counts as a failed attempt.
      connectionAckWaitTimeout: 10_000,
      keepAlive: keepAliveMs,
      on: {
        // graphql-ws's recipe for dead connections: no pong in time, terminate (close 4499, retried).
        ping: (received) => {
          if (!received && keepAliveMs > 0) pongTimer = setTimeout(() => ws?.terminate(), keepAliveMs);
        },
        pong: (received) => {
          if (received) clearTimeout(pongTimer);
        },
        closed: (event) => {
          connected = false;
          clearTimeout(pongTimer);
          if (options.refreshToken && isCloseEvent(event) && event.code === ZkCloseCode.TokenExpired)
            refresh(options.refreshToken);
        },
        connected: () => {
          connected = true;
          onConnected.forEach((reset) => reset());
        },
      },
    }));

  /** The delay before retry number `failures` (1, 2, …): doubling, capped, never under the server's hint. */
  const retryDelay = (failures: number, error: unknown) =>
    Math.max(
      Math.min(retry.maxDelayMs, retry.minDelayMs * 2 ** (failures - 1)),
      error instanceof ZonekeeperRequestError ? (error.retryAfterSeconds ?? 0) * 1000 : 0,
    );

  /** A query is retried while the service answers SERVICE_UNAVAILABLE (see `retry`); a mutation never. */
  async function request<TResult, TVariables>(
    document: TypedDocumentString<TResult, TVariables> | string,
    variables?: TVariables,
  ): Promise<TResult> {
    const text = documentText(document);
    const query = !/^\s*mutation\b/m.test(text);
    const attempts = Math.min(retry.attempts, QUERY_RETRY_ATTEMPTS);
    for (let failures = 0; ;) {
      try {
        return await requestOnce<TResult>(text, variables);
      } catch (error) {
        const unavailable = error instanceof ZonekeeperRequestError && error.code === 'SERVICE_UNAVAILABLE';
        if (!query || !unavailable || failures >= attempts) throw error;
        failures += 1;
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures, error)));
      }
    }
  }

  async function requestOnce<TResult>(text: string, variables: unknown): Promise<TResult> {
    const res = await doFetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(await auth()) },
      body: JSON.stringify({ query: text, variables: variables ?? {} }),
    });
    let body: { data?: TResult | null; errors?: GraphQLErrorBody[] };
    try {
      body = (await res.json()) as typeof body;
    } catch {
      throw new ZonekeeperRequestError(
        [{ message: `HTTP ${res.status}: the response is not JSON.` }],
        res.status,
      );
    }
    if (body.errors?.length || !body.data) throw new ZonekeeperRequestError(body.errors ?? [], res.status);
    return body.data;
  }

  function subscribeGameEvents(gameId: string, opts: SubscribeGameEventsOptions): GameEventsSubscription {
    let last = opts.afterSeq;
    let stopped = false;
    /** The current attempt's request went out on an acknowledged connection. */
    let live = false;
    let failures = 0;
    let unsubscribe: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Callbacks of an abandoned attempt (graphql-ws completes a sink after its unsubscribe) are ignored.
    let current = 0;

    const goLive = () => {
      live = true;
      opts.onConnected?.();
    };
    const resetFailures = () => {
      failures = 0;
      // Only an attempt in flight is live; one waiting for its retry timer is not yet.
      if (unsubscribe) goLive();
    };
    const stop = () => {
      stopped = true;
      active.delete(stop);
      onConnected.delete(resetFailures);
      clearTimeout(timer);
      timer = undefined;
      unsubscribe?.();
    };
    active.add(stop);
    onConnected.add(resetFailures);
    const fail = (error: unknown) => {
      if (stopped) return;
      current += 1;
      unsubscribe = undefined;
      live = false;
      if (!isRetryable(error) || failures >= retry.attempts) {
        stop();
        opts.onError?.(error);
        return;
      }
      failures += 1;
      opts.onRetry?.(failures, error);
      // Jitter, so that clients dropped together do not all come back in the same instant.
      timer = setTimeout(() => void attempt(), retryDelay(failures, error) * (0.5 + Math.random() / 2));
    };
    const attempt = async () => {
      timer = undefined;
      if (stopped) return;
      if (last === undefined) {
        try {
          last = (await request(LastSeqDocument, { id: gameId })).game.lastSeq;
        } catch (error) {
          return fail(error);
        }
        if (stopped) return;
      }
      const query = (
        opts.zoneId ? ZoneEventsSubscriptionDocument : GameEventsSubscriptionDocument
      ).toString();
      const variables = { gameId, afterSeq: last, ...(opts.zoneId ? { zoneId: opts.zoneId } : {}) };
      const id = ++current;
      unsubscribe = socket().subscribe<{ gameEvents?: GameEvent; zoneEvents?: GameEvent }>(
        { query, variables },
        {
          next: (result) => {
            if (stopped || id !== current) return;
            if (result.errors?.length) {
              unsubscribe?.();
              return fail(new ZonekeeperRequestError(result.errors as GraphQLErrorBody[]));
            }
            const event = result.data?.gameEvents ?? result.data?.zoneEvents;
            if (!event) return;
            // Never twice: a resubscription may replay what was already delivered.
            if (last !== undefined && event.seq <= last) return;
            last = event.seq;
            opts.onEvent(event);
          },
          error: (error) => {
            if (id !== current) return;
            fail(asRequestError(error));
          },
          complete: () => {
            if (stopped || id !== current) return;
            stop();
            opts.onComplete?.();
          },
        },
      );
      // Joined a connection that was already acknowledged: no `connected` event will come for it.
      if (connected) goLive();
    };
    void attempt();
    // Read from the timer itself: `ended` is never reported while a retry is still armed.
    const state = (): GameEventsState => {
      if (timer !== undefined) return 'retrying';
      if (stopped) return 'ended';
      return live ? 'live' : 'connecting';
    };
    return Object.defineProperty(stop, 'state', { get: state }) as GameEventsSubscription;
  }

  function subscribe<TResult>(
    document: string | TypedDocumentString<TResult, Record<string, unknown>>,
    variables: Record<string, unknown>,
    sink: SubscriptionSink<TResult>,
  ): () => void {
    let ended = false;
    const end = () => {
      ended = true;
      active.delete(unsubscribe);
    };
    const unsubscribe = socket().subscribe<TResult>(
      { query: documentText(document), variables },
      {
        next: (result) => {
          if (ended) return;
          if (result.errors?.length) {
            end();
            sink.error?.(new ZonekeeperRequestError(result.errors as GraphQLErrorBody[]));
            return;
          }
          if (result.data) sink.next(result.data);
        },
        error: (error) => {
          if (ended) return;
          end();
          // No resume here: every close ends the subscription, typed with its code's meaning.
          sink.error?.(isCloseEvent(error) ? closeError(error) : asRequestError(error));
        },
        complete: () => {
          if (ended) return;
          end();
          sink.complete?.();
        },
      },
    );
    const stop = () => {
      end();
      unsubscribe();
    };
    active.add(stop);
    return stop;
  }

  /** The games this client added its seat's entropy to (or tried: once per game). */
  const seeded = new Map<string, Promise<void>>();
  /** The seat's entropy, once per game (see `seatEntropy`); no refusal or failure is thrown. */
  const seatEntropy = (gameId: string): Promise<void> => {
    if (options.seatEntropy === false) return Promise.resolve();
    let added = seeded.get(gameId);
    if (!added) {
      const data = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) =>
        b.toString(16).padStart(2, '0'),
      ).join('');
      added = request(AddEntropyDocument, { input: { gameId, data } }).then(
        () => undefined,
        () => undefined,
      );
      seeded.set(gameId, added);
    }
    return added;
  };

  const client: ZonekeeperClient = {
    request: request as ZonekeeperClient['request'],
    createGame: async (input) => (await request(CreateGameDocument, { input })).createGame,
    subscribe,
    whoami: () => request(WhoamiDocument),
    rulesets: () => request(RulesetsDocument),
    game: async (id) => {
      await seatEntropy(id);
      return request(GameDocument, { id });
    },
    gameEvents: (gameId, page = {}) => request(GameEventsPageDocument, { gameId, ...page }),
    moveObjects: (input) => request(MoveObjectsDocument, { input }),
    setStatus: (input) => request(SetStatusDocument, { input }),
    changeCounters: (input) => request(ChangeCountersDocument, { input }),
    moveCounters: (input) => request(MoveCountersDocument, { input }),
    advanceTurn: (input) => request(AdvanceTurnDocument, { input }),
    setPhase: (input) => request(SetPhaseDocument, { input }),
    concede: (input) => request(ConcedeDocument, { input }),
    endGame: (input) => request(EndGameDocument, { input }),
    addEntropy: (input) => request(AddEntropyDocument, { input }),
    subscribeGameEvents: (gameId, opts) => {
      void seatEntropy(gameId);
      return subscribeGameEvents(gameId, opts);
    },
    dispose: async () => {
      // Stop first: a subscription waiting to retry would otherwise open a new socket.
      for (const stop of [...active]) stop();
      // graphql-ws's dispose awaits a connection still being opened and closes it; when that
      // connection fails instead (a refused port), there is nothing left to close, not an error.
      try {
        await ws?.dispose();
      } catch {
        // the connection never opened
      }
      ws = undefined;
    },
  };
  return client;
}
