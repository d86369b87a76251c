/**
 * Prometheus metrics, served at `GET /metrics`. Each app owns its own {@link Registry} (never the
 * global default one): tests start several apps in one process, and a shared registry would both
 * refuse the second registration and mix their numbers.
 *
 * Callers use the verbs below (`moveCommitted`, `transactionRetry`, `subscriptionOpened`, …), not
 * the prom-client objects, so label names and values stay in this one file.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ErrorCode } from './errors.js';
import { observedMetrics, type ObservedSources } from './metrics-observed.js';

export type { ObservedSources };

/** What became of a mutation of game state. */
const MOVE_OUTCOMES = ['committed', 'rejected', 'stale', 'error'] as const;
export type MoveOutcome = (typeof MOVE_OUTCOMES)[number];

/**
 * The mutations of game state (`src/resolvers/mutations.ts`): the `mutation` label of `moves_total`
 * and `move_duration_seconds`, and part of a move's idempotency key.
 */
export const GAME_MUTATIONS = [
  'startClock',
  'passClock',
  'pauseClock',
  'resumeClock',
  'addClockTime',
  'rollDice',
  'flipCoin',
  'addEntropy',
  'setStatus',
  'changeCounters',
  'moveCounters',
  'advanceTurn',
  'setPhase',
  'concede',
  'endGameWithResult',
  'rewindGame',
  'requestTakeback',
  'acceptTakeback',
  'refuseTakeback',
  'moveObjects',
  'shuffleZone',
  'reorderZone',
  'turnFace',
  'revealObjects',
  'endReveal',
  'createToken',
  'attachObjects',
  'detachObjects',
  'createZone',
  'removeZone',
  'addStackLayer',
  'removeStackLayer',
  'bringIntoGame',
  'removeFromGame',
] as const;
export type GameMutation = (typeof GAME_MUTATIONS)[number];

/** GraphQL operation kind, or `unknown` when the request never got as far as naming one. */
const OPERATION_TYPES = ['query', 'mutation', 'subscription', 'unknown'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/**
 * How a GraphQL request ended:
 * - `ok`: executed without errors;
 * - `error`: executed, answered with public errors (NOT_FOUND, INVALID_MOVE, …);
 * - `invalid`: refused before execution (body too large, malformed JSON, batch, CSRF, parse, validation, limits);
 * - `internal`: an internal error or a 5xx.
 */
const REQUEST_STATUSES = ['ok', 'error', 'invalid', 'internal'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Latency buckets in seconds: from a cached read to a contended transaction. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Public error codes that mean "the move was refused", as opposed to failed. */
const REJECTION_CODES: ReadonlySet<string> = new Set([
  ErrorCode.UNAUTHENTICATED,
  ErrorCode.FORBIDDEN,
  ErrorCode.NOT_FOUND,
  ErrorCode.BAD_USER_INPUT,
  ErrorCode.INVALID_MOVE,
  ErrorCode.IDEMPOTENCY_CONFLICT,
  ErrorCode.GAME_NOT_ACTIVE,
  ErrorCode.RATE_LIMITED,
]);

/** Classifies an error thrown by a mutation into a {@link MoveOutcome}. */
export function moveOutcomeOf(err: unknown): MoveOutcome {
  const code = (err as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  if (code === ErrorCode.STALE_STATE) return 'stale';
  if (typeof code === 'string' && REJECTION_CODES.has(code)) return 'rejected';
  return 'error';
}

/** Why a request was refused for load: the `reason` label of `refusals_total` (a fixed set). */
export const REFUSAL_REASONS = [
  'request_queue',
  'body_budget',
  'work_slots',
  'create_game_rate',
  'ws_message_rate',
  'ws_unsent_bytes',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/**
 * prom-client's default gauges named like counters (Prometheus: only a counter ends in `_total`);
 * each is the sum over `type` of the gauge of the same name without `_total`, which stays.
 */
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
] as const;

/**
 * Where a GraphQL HTTP request is in admission (`server/admission.ts`): the `state` label of
 * `graphql_requests_in_flight`.
 */
export type InFlightState = 'reading' | 'waiting' | 'admitted';

export class Metrics {
  readonly registry = new Registry();

  readonly graphqlRequests = new Counter({
    name: 'graphql_requests_total',
    help: 'GraphQL requests over HTTP, by operation type and how they ended (ok, error, invalid, internal).',
    labelNames: ['operation_type', 'status'] as const,
    registers: [this.registry],
  });

  readonly graphqlRequestDuration = new Histogram({
    name: 'graphql_request_duration_seconds',
    help: 'Time from receiving a GraphQL HTTP request to sending its response.',
    labelNames: ['operation_type'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly moves = new Counter({
    name: 'moves_total',
    help: 'Game-state mutations by mutation name and outcome (committed, rejected, stale, error).',
    labelNames: ['mutation', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly moveDuration = new Histogram({
    name: 'move_duration_seconds',
    help: 'Time to plan and commit (or refuse) a game-state mutation, retries included.',
    labelNames: ['mutation', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly transactionRetries = new Counter({
    name: 'transaction_retries_total',
    help: 'Moves written again: another process committed to the game first, or a serialization failure or deadlock.',
    registers: [this.registry],
  });

  readonly subscriptionsActive = new Gauge({
    name: 'subscriptions_active',
    help: 'GraphQL subscriptions currently open.',
    registers: [this.registry],
  });

  readonly subscriptionEventsDelivered = new Counter({
    name: 'subscription_events_delivered_total',
    help: 'Events delivered to subscribers (one per event per subscriber).',
    registers: [this.registry],
  });

  readonly wsConnectionsActive = new Gauge({
    name: 'ws_connections_active',
    help: 'WebSocket connections currently open on /graphql.',
    registers: [this.registry],
  });

  readonly refusals = new Counter({
    name: 'refusals_total',
    help: 'Requests refused for load, by reason: request_queue (HTTP 429, too many requests of one credential, or of one client of it, waiting), body_budget (HTTP 503, the request bodies held would pass REQUEST_BODY_BYTES_TOTAL), work_slots (RATE_LIMITED, no expensive-work slot free), create_game_rate (RATE_LIMITED, createGame rate per client address), ws_message_rate (graphql-ws connection closed 4031, frames past its budget), ws_unsent_bytes (graphql-ws connection closed 4009, its client not reading).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly requestsInFlight = new Gauge({
    name: 'graphql_requests_in_flight',
    help: 'GraphQL HTTP requests now in the service, by state: reading (their body), waiting (their body read, for a place of their credential, REQUEST_LIMIT_PER_PRINCIPAL and REQUEST_LIMIT_PER_CLIENT), admitted (executed or answered; requests without a game credential are admitted once read).',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  readonly requestBodyBytes = new Gauge({
    name: 'http_request_body_held_bytes',
    help: 'Bytes of HTTP request bodies the process holds now (read, waiting or being answered), at most REQUEST_BODY_BYTES_TOTAL.',
    registers: [this.registry],
  });

  readonly #observed = observedMetrics(this.registry);

  constructor(opts: { defaultMetrics?: boolean } = {}) {
    // Every label set exposed from the start: a scraper reads 0, not a missing series (a rate over
    // a series that appears with its first event misses that event).
    for (const state of ['reading', 'waiting', 'admitted'] as const) this.requestsInFlight.set({ state }, 0);
    for (const operation_type of OPERATION_TYPES)
      for (const status of REQUEST_STATUSES) this.graphqlRequests.inc({ operation_type, status }, 0);
    for (const mutation of GAME_MUTATIONS)
      for (const outcome of MOVE_OUTCOMES) this.moves.inc({ mutation, outcome }, 0);
    for (const reason of REFUSAL_REASONS) this.refusals.inc({ reason }, 0);
    // Process metrics (CPU, memory, event-loop delay) with a prefix so they never clash with ours.
    // The delay gauges (`zonekeeper_nodejs_eventloop_lag_{p50,p90,p99,max,…}_seconds`) come from a
    // `perf_hooks.monitorEventLoopDelay` histogram, read and reset at each scrape.
    if (opts.defaultMetrics ?? true) {
      collectDefaultMetrics({
        register: this.registry,
        prefix: 'zonekeeper_',
        eventLoopMonitoringPrecision: 10,
      });
      for (const name of MISNAMED_DEFAULTS) this.registry.removeSingleMetric(`zonekeeper_${name}`);
    }
  }

  /** Records one finished GraphQL HTTP request. */
  requestCompleted(operationType: OperationType, status: RequestStatus, seconds: number): void {
    this.graphqlRequests.inc({ operation_type: operationType, status });
    this.graphqlRequestDuration.observe({ operation_type: operationType }, seconds);
  }

  /** Records one finished mutation of game state; `mutation` is the GraphQL field name (`moveObjects`). */
  move(mutation: GameMutation, outcome: MoveOutcome, seconds: number): void {
    this.moves.inc({ mutation, outcome });
    this.moveDuration.observe({ mutation, outcome }, seconds);
  }

  moveCommitted(mutation: GameMutation, seconds: number): void {
    this.move(mutation, 'committed', seconds);
  }

  moveRejected(mutation: GameMutation, seconds: number): void {
    this.move(mutation, 'rejected', seconds);
  }

  moveStale(mutation: GameMutation, seconds: number): void {
    this.move(mutation, 'stale', seconds);
  }

  moveFailed(mutation: GameMutation, seconds: number): void {
    this.move(mutation, 'error', seconds);
  }

  /**
   * Runs a mutation and records its outcome and duration: resolved is `committed`; a thrown error is
   * classified by its code ({@link moveOutcomeOf}) and rethrown unchanged.
   */
  async timeMove<T>(mutation: GameMutation, run: () => Promise<T>): Promise<T> {
    const elapsed = startTimer();
    try {
      const result = await run();
      this.move(mutation, 'committed', elapsed());
      return result;
    } catch (err) {
      this.move(mutation, moveOutcomeOf(err), elapsed());
      throw err;
    }
  }

  /** One move written again (optimistic conflict, serialization failure, deadlock). */
  transactionRetry(): void {
    this.transactionRetries.inc();
  }

  subscriptionOpened(): void {
    this.subscriptionsActive.inc();
  }

  subscriptionClosed(): void {
    this.subscriptionsActive.dec();
  }

  /** `count` events were sent to one subscriber. */
  subscriptionEventsSent(count = 1): void {
    this.subscriptionEventsDelivered.inc(count);
  }

  wsConnectionOpened(): void {
    this.wsConnectionsActive.inc();
  }

  wsConnectionClosed(): void {
    this.wsConnectionsActive.dec();
  }

  /** The app's pool, state cache and fanout, read at each scrape (`metrics-observed.ts`). */
  observe(sources: ObservedSources): void {
    this.#observed.sources = sources;
  }

  /**
   * One GraphQL HTTP request enters `state` (see `graphql_requests_in_flight`); the returned function
   * marks it leaving that state, once however often it is called.
   */
  requestInFlight(state: InFlightState): () => void {
    this.requestsInFlight.inc({ state });
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.requestsInFlight.dec({ state });
    };
  }

  /** The request body bytes held now (`server/body-budget.ts`). */
  bodyBytesHeld(bytes: number): void {
    this.requestBodyBytes.set(bytes);
  }

  /** A request refused for load (see `refusals_total`). */
  refused(reason: RefusalReason): void {
    this.refusals.inc({ reason });
  }

  /** The exposition text for `GET /metrics`. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** Starts a monotonic clock; the returned function gives the seconds elapsed since. */
export function startTimer(): () => number {
  const start = process.hrtime.bigint();
  return () => Number(process.hrtime.bigint() - start) / 1e9;
}
