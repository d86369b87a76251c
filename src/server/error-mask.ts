/**
 * Error masking, in one place for both transports: every error that leaves the service passes
 * {@link maskError} (Apollo's `formatError` over HTTP, the `next` and `error` frames over
 * graphql-ws). What is deliberately public is kept; anything else is logged with the request id
 * and answered as INTERNAL_SERVER_ERROR with that id (or SERVICE_UNAVAILABLE when the database is
 * unreachable), by `formatError` in `src/errors.ts`.
 */
import type { GraphQLFormattedError } from 'graphql';
import { formatError } from '../errors.js';
import type { Logger } from '../logger.js';

/** The masker of one transport: `line` is its log message for an internal error. */
export function errorMask(logger: Logger, line: string) {
  return (formatted: GraphQLFormattedError, requestId: string | undefined, original: unknown) =>
    formatError(
      formatted,
      requestId,
      (f) => logger.error({ requestId, err: original, formatted: f }, line),
      original,
    );
}
