/**
 * The small pieces of one HTTP exchange that the server's routes share: reading a bounded body,
 * sending a response, the GraphQL-shaped error body of a request refused before Apollo sees it,
 * and the record of a request kept for its log line and metrics.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLError } from 'graphql';
import type { OperationType, RequestStatus } from '../metrics.js';
import type { BodyHold } from './body-budget.js';

export class BodyTooLarge extends Error {}

/** The process's body budget (`body-budget.ts`) could not hold the next chunk. */
export class BodyBudgetFull extends Error {}

/** Counts nothing: for routes whose own cap is small enough to need no share of the budget. */
const UNCOUNTED: BodyHold = { take: () => true, release: () => undefined };

/**
 * Reads the whole body as text, at most `limit` bytes, counting each chunk in `hold` (the process's
 * body budget, `body-budget.ts`) as it arrives. On either refusal the body is no longer read (the
 * stream is paused, not destroyed, so that the refusal can still be answered on the socket).
 */
export async function readBody(
  req: IncomingMessage,
  limit: number,
  hold: BodyHold = UNCOUNTED,
): Promise<string> {
  return (await readBodyBytes(req, limit, hold)).toString('utf8');
}

/**
 * {@link readBody}'s bytes, not yet decoded: a body that waits for its turn (`admission.ts`) stays
 * outside the JavaScript heap, where the young generation's collections would copy it again and
 * again and then promote it (a createGame body is tens of KiB, and one client may have dozens
 * waiting).
 */
export function readBodyBytes(
  req: IncomingMessage,
  limit: number,
  hold: BodyHold = UNCOUNTED,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (err: Error) => {
      req.off('data', onData);
      req.pause();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop(new BodyTooLarge());
      if (!hold.take(chunk.length)) return stop(new BodyBudgetFull());
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}

export function send(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/** A GraphQL-shaped error body for requests refused before Apollo sees them. */
export function errorBody(message: string, code: string, extensions: Record<string, unknown> = {}): string {
  return JSON.stringify({ errors: [{ message, extensions: { code, ...extensions } }] });
}

/** The query text of a request: the body's `query`, or the URL's for a GET. */
export function queryText(body: unknown, url: URL): unknown {
  if (body !== null && typeof body === 'object' && 'query' in body) return body.query;
  return url.searchParams.get('query');
}

/** An error's extensions as sent (its HTTP status is for the response, not the body). */
export function publicExtensions(error: GraphQLError): Record<string, unknown> {
  const { http: _http, code: _code, ...rest } = error.extensions;
  return rest;
}

/** What the Apollo plugin learns about one HTTP request, for its log line and metrics. */
export interface RequestRecord {
  operationType: OperationType;
  operationName: string | null;
  /** Some error was not a deliberate public one (it will reach the client masked). */
  internalError: boolean;
  anyError: boolean;
  /** The first error's code, for the log line. */
  errorCode?: string;
}

export function requestStatus(httpStatus: number, record: RequestRecord): RequestStatus {
  if (httpStatus >= 500 || record.internalError) return 'internal';
  // A refusal of a seat's excess request (admission.ts) is a deliberate, public answer.
  if (httpStatus === 429) return 'error';
  if (httpStatus >= 400) return 'invalid';
  return record.anyError ? 'error' : 'ok';
}
