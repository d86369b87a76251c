/**
 * One GraphQL request over HTTP, from its first byte to its answer: its id, record, metrics and
 * log line; the credential (resolved before the body is read); the body, under a deadline, a size
 * cap and the process's body budget (`body-budget.ts`); then, only once the body has arrived, the
 * principal's place in line, shared fairly among its clients (`admission.ts`); the query-length guard; the work slots its resolvers hold until the answer is sent; and
 * Apollo's execution with the request's context.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import { ErrorCode } from '../errors.js';
import { startTimer } from '../metrics.js';
import type { Leave, RequestAdmission } from './admission.js';
import type { Principal } from '../auth/principal.js';
import type { BodyBudget, BodyHold } from './body-budget.js';
import type { Armor } from './armor.js';
import type { AppDeps, Context } from './context.js';
import { bodyCap } from './body-cap.js';
import { checkCredential, refusalError, type CredentialCheck } from './credential-check.js';
import {
  BodyBudgetFull,
  BodyTooLarge,
  errorBody,
  publicExtensions,
  queryText,
  readBodyBytes,
  requestStatus,
  send,
  type RequestRecord,
} from './http-exchange.js';
import { RETRY_AFTER_MS } from '../authority/index.js';

/** What every GraphQL request of one server shares. */
export interface GraphqlEndpoint {
  readonly deps: AppDeps;
  readonly apollo: ApolloServer<Context>;
  readonly armor: Armor;
  readonly admission: RequestAdmission;
  /** Bytes of request bodies held at once, over every request (`body-budget.ts`). */
  readonly bodyBudget: BodyBudget;
  /** Each request's record (`createApollo` fills it), read when its response is sent. */
  readonly records: Map<string, RequestRecord>;
}

/** Serves one GraphQL request: its record, metrics and log line around {@link answer}. */
export function serveGraphql(endpoint: GraphqlEndpoint, req: IncomingMessage, res: ServerResponse, url: URL) {
  const { logger, metrics } = endpoint.deps;
  const requestId = randomUUID();
  const record: RequestRecord = {
    operationType: 'unknown',
    operationName: null,
    internalError: false,
    anyError: false,
  };
  const elapsed = startTimer();
  endpoint.records.set(requestId, record);
  res.once('close', () => {
    endpoint.records.delete(requestId);
    const seconds = elapsed();
    // The client went away before the answer was complete: count it as refused, not as ok.
    const aborted = !res.writableFinished;
    const status = aborted ? 'invalid' : requestStatus(res.statusCode, record);
    metrics.requestCompleted(record.operationType, status, seconds);
    logger.info(
      {
        requestId,
        operationType: record.operationType,
        operationName: record.operationName,
        httpStatus: res.statusCode,
        status,
        ...(record.errorCode ? { errorCode: record.errorCode } : {}),
        ...(aborted ? { aborted } : {}),
        durationMs: Math.round(seconds * 1e4) / 10,
      },
      'graphql request',
    );
  });
  void answer(endpoint, req, res, url, requestId, record).catch((err: unknown) => {
    record.internalError = true;
    logger.error({ err, requestId }, 'unhandled request error');
    if (!res.headersSent)
      send(res, 500, errorBody('Internal server error.', ErrorCode.INTERNAL_SERVER_ERROR, { requestId }));
    else res.destroy();
  });
}

/**
 * The body's bytes, read whole within the deadline; null when the request was answered or abandoned
 * meanwhile. Decoded only once the request's turn has come ({@link answer}).
 */
async function bodyOf(
  req: IncomingMessage,
  res: ServerResponse,
  read: { readonly maxBytes: number; readonly hold: BodyHold; readonly timedOut: () => boolean },
  deps: Pick<AppDeps, 'logger' | 'metrics'>,
  requestId: string,
): Promise<Buffer | null> {
  const { maxBytes, hold, timedOut } = read;
  const { logger, metrics } = deps;
  try {
    if (timedOut()) return null;
    const raw = await readBodyBytes(req, maxBytes, hold);
    return timedOut() ? null : raw;
  } catch (err) {
    // Timed out (answered 408): the stalled body ends here.
    if (timedOut()) return null;
    // The client went away mid-body: nothing to answer, and nothing wrong with the service (any
    // client can do it, so it must not raise error-level lines). Its request line says `aborted`.
    const refused = err instanceof BodyTooLarge || err instanceof BodyBudgetFull;
    if (req.destroyed && !refused) {
      logger.debug({ requestId, err }, 'request body aborted');
      return null;
    }
    if (!refused) throw err;
    // Reading has stopped: the client may keep sending, so the socket is closed once answered.
    res.setHeader('connection', 'close');
    res.once('finish', () => req.destroy());
    if (err instanceof BodyTooLarge) {
      send(res, 413, errorBody('Request body too large.', 'BAD_REQUEST'));
      return null;
    }
    hold.release();
    metrics.refused('body_budget');
    res.setHeader('retry-after', String(Math.ceil(RETRY_AFTER_MS / 1000)));
    send(
      res,
      503,
      errorBody(
        `The server is reading as many request bodies as it may hold; retry in ${RETRY_AFTER_MS} ms.`,
        ErrorCode.SERVICE_UNAVAILABLE,
        { retryAfterMs: RETRY_AFTER_MS },
      ),
    );
    return null;
  }
}

/**
 * The work slots a request's operations take, held until its answer is sent (field resolvers and
 * serialization included, `authority/work-limit.ts`); once the response has closed, none is held.
 */
function slotsHeldUntilSent(res: ServerResponse): (release: () => void) => boolean {
  const held: (() => void)[] = [];
  let sent = false;
  res.once('close', () => {
    sent = true;
    for (const release of held.splice(0)) release();
  });
  return (release) => !sent && held.push(release) > 0;
}

/**
 * One request's way to Apollo: the credential (which names its line), the body under its deadline
 * and the body budget, its turn in line (`admission.ts`), the query-length guard, then
 * {@link execute}. Each refusal is answered here with its status; a client gone meanwhile, or one
 * whose time ran out, is not answered at all.
 */
async function answer(
  endpoint: GraphqlEndpoint,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  requestId: string,
  record: RequestRecord,
): Promise<void> {
  const { deps, armor } = endpoint;
  res.setHeader('x-request-id', requestId);
  const deadline = bodyDeadline(req, res, deps.config.REQUEST_BODY_TIMEOUT_SECONDS * 1000);
  // The credential is resolved first (cached once known): it names the line the request waits in
  // once its body has arrived; a refusal is answered by the context (execute).
  const checked = checkCredential(deps, req.headers.authorization, requestId);
  const check = await checked;
  const principal = check.ok ? check.auth.principal : check.refusal.principal;
  const closed = closing(res);
  const maxBytes = bodyCap(deps.config, check);
  const raw = await heldBody(endpoint, req, res, { maxBytes, timedOut: deadline.timedOut }, requestId);
  if (raw === null) return;
  const client = req.socket.remoteAddress ?? 'unknown';
  const leave = principal ? await turnOf(endpoint, principal, client, closed.promise) : null;
  // The client went away (or its time ran out) while its request waited for its turn.
  if (closed.gone() || deadline.timedOut()) return leave?.();
  deadline.clear();
  if (principal && !leave) return refuseQueueFull(endpoint, res, record);
  if (leave) res.once('close', leave);
  res.once('close', deps.metrics.requestInFlight('admitted'));
  const request = httpRequestOf(req, raw.toString('utf8'));
  if (!request) return send(res, 400, errorBody('Malformed JSON body.', 'BAD_REQUEST'));
  // Before Apollo parses it or keeps it as a persisted query.
  const tooLong = armor.refuseLongQuery(queryText(request.body, url));
  if (tooLong)
    return send(res, 400, errorBody(tooLong.message, ErrorCode.QUERY_TOO_LARGE, publicExtensions(tooLong)));
  await execute(endpoint, { req, res, url, requestId, record }, request, checked);
}

/**
 * A body not read whole in time (a stalled or slow client, waiting for its turn included) is
 * answered 408 and its connection closed, which frees its bytes and its place in line.
 */
function bodyDeadline(
  req: IncomingMessage,
  res: ServerResponse,
  ms: number,
): { timedOut(): boolean; clear(): void } {
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    if (res.headersSent) return void req.destroy();
    res.setHeader('connection', 'close');
    res.once('finish', () => req.destroy());
    send(
      res,
      408,
      errorBody('The request body did not arrive, or its turn did not come, in time.', 'BAD_REQUEST'),
    );
  }, ms);
  res.once('close', () => clearTimeout(deadline));
  return { timedOut: () => timedOut, clear: () => clearTimeout(deadline) };
}

/** Whether the response has closed (the client gone, or the answer sent), and a promise of it. */
function closing(res: ServerResponse): { readonly promise: Promise<void>; gone(): boolean } {
  let gone = false;
  const promise = new Promise<void>((resolve) =>
    res.once('close', () => {
      gone = true;
      resolve();
    }),
  );
  return { promise, gone: () => gone };
}

/**
 * The whole body first, counted against the process's body budget until the answer is sent: a
 * stalled body holds bytes and its deadline, never a place of its credential (admission.ts).
 */
async function heldBody(
  endpoint: GraphqlEndpoint,
  req: IncomingMessage,
  res: ServerResponse,
  read: { readonly maxBytes: number; readonly timedOut: () => boolean },
  requestId: string,
): Promise<Buffer | null> {
  const hold = endpoint.bodyBudget.open();
  res.once('close', hold.release);
  const reading = endpoint.deps.metrics.requestInFlight('reading');
  try {
    return await bodyOf(req, res, { ...read, hold }, endpoint.deps, requestId);
  } finally {
    reading();
  }
}

/** The principal's place in line, shared fairly among its clients; null when the line is full. */
async function turnOf(
  endpoint: GraphqlEndpoint,
  principal: Principal,
  client: string,
  abandoned: Promise<void>,
): Promise<Leave | null> {
  const entered = endpoint.admission.enter(principal, client, abandoned);
  if (!(entered instanceof Promise)) return entered;
  const waited = endpoint.deps.metrics.requestInFlight('waiting');
  const leave = await entered;
  waited();
  return leave;
}

/** 429: the credential has as many requests in progress and waiting as it may. */
function refuseQueueFull(endpoint: GraphqlEndpoint, res: ServerResponse, record: RequestRecord): void {
  endpoint.deps.metrics.refused('request_queue');
  record.errorCode = ErrorCode.RATE_LIMITED;
  res.setHeader('retry-after', String(Math.ceil(RETRY_AFTER_MS / 1000)));
  send(
    res,
    429,
    errorBody(
      `Too many requests in progress and waiting for this credential; retry in ${RETRY_AFTER_MS} ms.`,
      ErrorCode.RATE_LIMITED,
      { retryAfterMs: RETRY_AFTER_MS },
    ),
  );
}

/** The request's headers, and its body (parsed when JSON); null when a JSON body does not parse. */
function httpRequestOf(req: IncomingMessage, raw: string): { headers: HeaderMap; body: unknown } | null {
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  if (!(headers.get('content-type') ?? '').includes('application/json') || raw.length === 0)
    return { headers, body: raw };
  try {
    return { headers, body: JSON.parse(raw) as unknown };
  } catch {
    return null;
  }
}

/**
 * Apollo's execution with the request's context (its principal, client address and the work slots
 * held until the answer is sent), and its answer written out; no shared cache may keep it.
 */
async function execute(
  endpoint: GraphqlEndpoint,
  exchange: {
    readonly req: IncomingMessage;
    readonly res: ServerResponse;
    readonly url: URL;
    readonly requestId: string;
    readonly record: RequestRecord;
  },
  request: { readonly headers: HeaderMap; readonly body: unknown },
  checked: Promise<CredentialCheck>,
): Promise<void> {
  const { req, res, url, requestId, record } = exchange;
  const caller = { clientIp: req.socket.remoteAddress ?? 'unknown', holdSlot: slotsHeldUntilSent(res) };
  const result = await endpoint.apollo.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), search: url.search, ...request },
    context: async (): Promise<Context> => {
      const check = await checked;
      // Apollo answers a failed context with its error alone, bypassing the id-stamping plugin, so
      // the refusal carries the id itself.
      if (!check.ok) {
        if (check.refusal.kind === 'UNAUTHENTICATED') record.errorCode = ErrorCode.UNAUTHENTICATED;
        throw refusalError(check.refusal, requestId);
      }
      const { principal, badCredential } = check.auth;
      return {
        requestId,
        authority: endpoint.deps.authority,
        caller: { ...caller, principal, badCredential },
      };
    },
  });
  // Every answer is for one viewer: no shared cache may keep it.
  res.setHeader('cache-control', 'no-store');
  for (const [key, value] of result.headers) res.setHeader(key, value);
  res.statusCode = result.status ?? 200;
  if (result.body.kind === 'complete') {
    res.end(result.body.string);
    return;
  }
  for await (const chunk of result.body.asyncIterator) res.write(chunk);
  res.end();
}
