/**
 * Who is calling, decided once for both transports: the credential resolved, or why the caller is
 * refused before any operation runs. HTTP answers a refusal with a GraphQL error and its status
 * ({@link refusalError}); graphql-ws closes the socket with the matching code
 * ({@link refusalClose}). The classification and its log line live here only.
 *
 * A presented but invalid credential is refused for every operation (whoami and public ones
 * included), never served as anonymous. A failure to check it (the database unreachable, the
 * platform's key set unreadable) is "unavailable" (retry later), never "unauthorized", which would
 * tell the client its credential is bad; anything else is an internal error with the request id.
 */
import { GraphQLError } from 'graphql';
import { CloseCode } from 'graphql-ws';
import type { Principal } from '../auth/principal.js';
import { KEY_SET_UNAVAILABLE_MESSAGE, KeySetUnavailable } from '../auth/jwt.js';
import { isDatabaseUnavailable } from '../db/driver-errors.js';
import { ErrorCode, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.js';
import { INVALID_CREDENTIAL_CLOSE, ZK_CLOSE_REASON, ZkCloseCode } from './close-codes.js';
import type { Authentication } from '../authority/index.js';
import type { AppDeps } from './context.js';

/** Why a caller is refused before any operation runs. */
export type RefusalKind = 'UNAUTHENTICATED' | 'SERVICE_UNAVAILABLE' | 'INTERNAL';

export interface Refusal {
  readonly kind: RefusalKind;
  readonly message: string;
  /** Who the caller counts as meanwhile (an invalid credential: anonymous), if known. */
  readonly principal: Principal | null;
}

export type CredentialCheck =
  { readonly ok: true; readonly auth: Authentication } | { readonly ok: false; readonly refusal: Refusal };

const refused = (
  kind: RefusalKind,
  message: string,
  principal: Principal | null = null,
): CredentialCheck => ({
  ok: false,
  refusal: { kind, message, principal },
});

/** Resolves an `Authorization` value (the authority's credential step), or the refusal; logs a failure with `requestId`. */
export async function checkCredential(
  deps: Pick<AppDeps, 'authority' | 'logger'>,
  authorization: unknown,
  requestId: string,
): Promise<CredentialCheck> {
  let auth: Authentication;
  try {
    auth = await deps.authority.authenticate(authorization);
  } catch (err) {
    deps.logger.error({ err, requestId }, 'authentication failed');
    if (err instanceof KeySetUnavailable) return refused('SERVICE_UNAVAILABLE', KEY_SET_UNAVAILABLE_MESSAGE);
    if (isDatabaseUnavailable(err)) return refused('SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE);
    return refused('INTERNAL', 'Internal server error.');
  }
  if (auth.badCredential)
    return refused(
      'UNAUTHENTICATED',
      `The credential is not valid${auth.refusal ? `: ${auth.refusal}` : ''}.`,
      auth.principal,
    );
  return { ok: true, auth };
}

/**
 * A refusal as HTTP answers it: its code, HTTP status and the request id (which is in the log);
 * SERVICE_UNAVAILABLE adds when to try again (`retryAfterSeconds`, the `Retry-After` header).
 */
export function refusalError(refusal: Refusal, requestId: string): GraphQLError {
  const [code, status] = ((): [ErrorCode, number] => {
    switch (refusal.kind) {
      case 'UNAUTHENTICATED':
        return [ErrorCode.UNAUTHENTICATED, 401];
      case 'SERVICE_UNAVAILABLE':
        return [ErrorCode.SERVICE_UNAVAILABLE, 503];
      case 'INTERNAL':
        return [ErrorCode.INTERNAL_SERVER_ERROR, 500];
    }
  })();
  if (refusal.kind !== 'SERVICE_UNAVAILABLE')
    return new GraphQLError(refusal.message, { extensions: { code, requestId, http: { status } } });
  const retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS;
  const headers = new Map([['retry-after', String(retryAfterSeconds)]]);
  return new GraphQLError(refusal.message, {
    extensions: { code, retryAfterSeconds, requestId, http: { status, headers } },
  });
}

/** A refusal as graphql-ws answers it: the close code and reason (see `close-codes.ts`). */
export function refusalClose(refusal: Refusal): { readonly code: number; readonly reason: string } {
  switch (refusal.kind) {
    case 'UNAUTHENTICATED':
      return INVALID_CREDENTIAL_CLOSE;
    case 'SERVICE_UNAVAILABLE':
      return {
        code: ZkCloseCode.ServiceUnavailable,
        reason: ZK_CLOSE_REASON[ZkCloseCode.ServiceUnavailable],
      };
    case 'INTERNAL':
      return { code: CloseCode.InternalServerError, reason: 'Internal server error' };
  }
}
