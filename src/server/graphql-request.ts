/**
 * One GraphQL request over HTTP, from its first byte to its answer: its id, record, metrics and
 * log line; the credential (checked before the body is read, so a seat over its limit is refused
 * first); the principal's place in line (`admission.ts`); the body, under a deadline and a size
 * cap; the query-length guard; the work slots its resolvers hold until the answer is sent; and
 * Apollo's execution with the request's context.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import { ErrorCode } from '../errors.js';
import type { Logger } from '../logger.js';
import { startTimer } from '../metrics.js';
import type { RequestAdmission } from './admission.js';
import type { Armor } from './armor.js';
import type { AppDeps, Context } from './context.js';
import { bodyCap } from './body-cap.js';
import { checkCredential, refusalError } from './credential-check.js';
import {
  BodyTooLarge,
  errorBody,
  publicExtensions,
  queryText,
  readBody,
  requestStatus,
  send,
  type RequestRecord,
} from './http-exchange.js';
import { RETRY_AFTER_MS } from './work-limit.js';

/** What every GraphQL request of one server shares. */
export interface GraphqlEndpoint {
  readonly deps: AppDeps;
  readonly apollo: ApolloServer<Context>;
  readonly armor: Armor;
  readonly admission: RequestAdmission;
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

/** The body, read whole within the deadline; null when the request was answered or abandoned meanwhile. */
async function bodyOf(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
  timedOut: () => boolean,
  logger: Logger,
  requestId: string,
): Promise<string | null> {
  try {
    if (timedOut()) return null;
    const raw = await readBody(req, maxBytes);
    return timedOut() ? null : raw;
  } catch (err) {
    // Timed out (answered 408): the stalled body ends here.
    if (timedOut()) return null;
    // The client went away mid-body: nothing to answer, and nothing wrong with the service (any
    // client can do it, so it must not raise error-level lines). Its request line says `aborted`.
    if (req.destroyed && !(err instanceof BodyTooLarge)) {
      logger.debug({ requestId, err }, 'request body aborted');
      return null;
    }
    if (err instanceof BodyTooLarge) {
      // Stop reading: the client may keep sending, and the socket is not reused.
      res.setHeader('connection', 'close');
      send(res, 413, errorBody('Request body too large.', 'BAD_REQUEST'));
      return null;
    }
    throw err;
  }
}

async function answer(
  endpoint: GraphqlEndpoint,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  requestId: string,
  record: RequestRecord,
): Promise<void> {
  const { deps, apollo, armor, admission } = endpoint;
  const { config, logger, metrics } = deps;
  res.setHeader('x-request-id', requestId);
  // A body not read whole in time (a stalled or slow client, waiting for its turn included) is
  // answered 408 and its connection closed, which frees its slot and its place in line.
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    if (res.headersSent) return void req.destroy();
    res.setHeader('connection', 'close');
    res.once('finish', () => req.destroy());
    send(res, 408, errorBody('The request body did not arrive in time.', 'BAD_REQUEST'));
  }, config.REQUEST_BODY_TIMEOUT_SECONDS * 1000);
  res.once('close', () => clearTimeout(deadline));
  // The credential is resolved first (cached once known), so that a seat over its limit is
  // refused before its body is read; a refusal is answered by the context below.
  const checked = checkCredential(deps, req.headers.authorization, requestId);
  const check = await checked;
  const principal = check.ok ? check.auth.principal : check.refusal.principal;
  let gone = false;
  const abandoned = new Promise<void>((resolve) =>
    res.once('close', () => {
      gone = true;
      resolve();
    }),
  );
  const entered = principal ? admission.enter(principal, abandoned) : null;
  let leave: Awaited<typeof entered>;
  if (entered instanceof Promise) {
    const waited = metrics.requestInFlight('waiting');
    leave = await entered;
    waited();
  } else leave = entered;
  // The client went away while its request waited for its turn.
  if (gone) return leave?.();
  if (principal && !leave) {
    metrics.refused('request_queue');
    record.errorCode = ErrorCode.RATE_LIMITED;
    res.setHeader('retry-after', String(Math.ceil(RETRY_AFTER_MS / 1000)));
    return send(
      res,
      429,
      errorBody(
        `Too many requests in progress and waiting for this credential; retry in ${RETRY_AFTER_MS} ms.`,
        ErrorCode.RATE_LIMITED,
        { retryAfterMs: RETRY_AFTER_MS },
      ),
    );
  }
  if (leave) res.once('close', leave);
  res.once('close', metrics.requestInFlight('admitted'));
  const raw = await bodyOf(req, res, bodyCap(config, check), () => timedOut, logger, requestId);
  if (raw === null) return;
  clearTimeout(deadline);
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  let body: unknown = raw;
  if ((headers.get('content-type') ?? '').includes('application/json') && raw.length > 0) {
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 400, errorBody('Malformed JSON body.', 'BAD_REQUEST'));
    }
  }
  // Before Apollo parses it or keeps it as a persisted query.
  const tooLong = armor.refuseLongQuery(queryText(body, url));
  if (tooLong)
    return send(res, 400, errorBody(tooLong.message, ErrorCode.QUERY_TOO_LARGE, publicExtensions(tooLong)));
  // Expensive resolvers hold their work slots until the answer is sent (work-limit.ts).
  deps.work.beginRequest(requestId);
  res.once('close', () => deps.work.endRequest(requestId));
  const result = await apollo.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search: url.search, body },
    context: async (): Promise<Context> => {
      const check = await checked;
      // Apollo answers a failed context with its error alone, bypassing the id-stamping plugin, so
      // the refusal carries the id itself.
      if (!check.ok) {
        if (check.refusal.kind === 'UNAUTHENTICATED') record.errorCode = ErrorCode.UNAUTHENTICATED;
        throw refusalError(check.refusal, requestId);
      }
      return { ...deps, requestId, clientIp: req.socket.remoteAddress ?? 'unknown', ...check.auth };
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
