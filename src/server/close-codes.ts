/**
 * WebSocket close codes, in one place: those Zonekeeper sends ({@link ZkCloseCode}) and what every
 * code a client may see means to it ({@link CLOSE_CODES}). The server closes with these codes; the
 * client (`client/index.ts`) decides from the same table whether to reconnect or to give up with a
 * typed error. This file imports nothing, so the client bundles it as it is.
 *
 * graphql-ws's own codes (`CloseCode` from 'graphql-ws': 4400 bad request, 4401 unauthorized, 4403
 * forbidden, 4408 connection_init timeout, 4409 duplicate subscription id, 4429 too many
 * connection_init, 4500 internal error) keep their meaning; ours sit outside graphql-ws's range so
 * a client can tell them apart. 4499 is avoided: the graphql-ws client uses it for its own
 * `terminate()`.
 */
export const ZkCloseCode = {
  /**
   * The subscriber fell too far behind (its bounded queue overflowed). It should reconnect and
   * resume with `afterSeq` = the last seq it received. graphql-ws clients retry this code.
   */
  SubscriberTooSlow: 4008,
  /** More concurrent subscriptions on one connection than allowed. Not worth retrying as is. */
  TooManySubscriptions: 4029,
  /**
   * The credential already holds WS_CONNECTIONS_PER_CREDENTIAL connections (for a spectator
   * credential: the game's audience is full). Retry later.
   */
  TooManyConnections: 4030,
  /**
   * The credential could not be checked because the database is unreachable. Nothing is wrong
   * with it: reconnect later (graphql-ws clients retry this code).
   */
  ServiceUnavailable: 4503,
  /**
   * The connection's platform token (a JWT) expired: closed at its `exp` plus AUTH_CLOCK_TOLERANCE_S.
   * Reconnect with a fresh token and resume with `afterSeq` (the typed client's `refreshToken`).
   */
  TokenExpired: 4011,
  /**
   * The server held more unsent bytes for the connection than its bound (WS_MAX_UNSENT_BYTES, or
   * WS_ANONYMOUS_MAX_UNSENT_BYTES without a credential): the client is not reading what it asked
   * for. Reconnect, read, and resume with `afterSeq`.
   */
  NotReading: 4009,
  /**
   * The connection sent frames (messages, pings, pongs, invalid ones alike) faster than its budget
   * (WS_MESSAGE_RATE and WS_MESSAGE_BURST, or the anonymous ones). Reconnect and send less.
   */
  TooManyMessages: 4031,
} as const;
export type ZkCloseCode = (typeof ZkCloseCode)[keyof typeof ZkCloseCode];

export const ZK_CLOSE_REASON: Record<ZkCloseCode, string> = {
  [ZkCloseCode.SubscriberTooSlow]: 'Subscriber too slow',
  [ZkCloseCode.TooManySubscriptions]: 'Too many subscriptions',
  [ZkCloseCode.TooManyConnections]: 'Too many connections for this credential',
  [ZkCloseCode.ServiceUnavailable]: 'Service unavailable',
  [ZkCloseCode.TokenExpired]: 'Token expired',
  [ZkCloseCode.NotReading]: 'Client not reading',
  [ZkCloseCode.TooManyMessages]: 'Too many messages',
};

/**
 * The close code of a connection whose credential is presented but not valid (graphql-ws's
 * `Unauthorized`): UNAUTHENTICATED, as HTTP answers the same credential with 401.
 */
export const INVALID_CREDENTIAL_CLOSE = { code: 4401, reason: 'Unauthorized' } as const;

/** What a close code means to a client. */
export interface CloseMeaning {
  /** Whether a new connection may succeed: the same request again, later. */
  readonly retry: boolean;
  /**
   * The `ErrorCode` a client reports for it when it gives up (`ZonekeeperRequestError.code`);
   * absent for a transport failure that names no refusal.
   */
  readonly errorCode?: 'UNAUTHENTICATED' | 'FORBIDDEN' | 'SERVICE_UNAVAILABLE' | 'RATE_LIMITED';
  /** A message for a person. */
  readonly message: string;
}

const retry = (message: string, errorCode?: CloseMeaning['errorCode']): CloseMeaning => ({
  retry: true,
  message,
  ...(errorCode ? { errorCode } : {}),
});
const fatal = (message: string, errorCode?: CloseMeaning['errorCode']): CloseMeaning => ({
  retry: false,
  message,
  ...(errorCode ? { errorCode } : {}),
});

/**
 * Every close code with a fixed meaning. A code not listed (1006 abnormal closure, 4499 the client's
 * own terminate, a proxy's code) is a dropped connection: worth another attempt
 * ({@link closeMeaning}). An expired platform token is a `retry` entry with the code UNAUTHENTICATED:
 * a fresh token cures it, and a client that has none gives up with that code.
 */
export const CLOSE_CODES: Readonly<Record<number, CloseMeaning>> = {
  1001: retry('The server is going away (restart).'),
  1012: retry('The server is restarting.'),
  1013: retry('The server is overloaded; try again later.'),
  1002: fatal('Protocol error.'),
  1003: fatal('Unsupported data.'),
  1007: fatal('Invalid message data.'),
  1008: fatal('Policy violation.'),
  1009: fatal('Message too big (MAX_PAYLOAD_BYTES).'),
  1010: fatal('A required extension is missing.'),
  4400: fatal('Bad request.'),
  [INVALID_CREDENTIAL_CLOSE.code]: fatal('The token was refused.', 'UNAUTHENTICATED'),
  4403: fatal('The connection was refused.', 'FORBIDDEN'),
  4406: fatal('Subprotocol not acceptable.'),
  4409: fatal('Duplicate subscription id.'),
  4429: fatal('Too many connection_init messages.'),
  4500: fatal('Internal server error.'),
  [ZkCloseCode.SubscriberTooSlow]: retry(ZK_CLOSE_REASON[ZkCloseCode.SubscriberTooSlow]),
  // The same request would be refused again.
  [ZkCloseCode.TooManySubscriptions]: fatal(
    ZK_CLOSE_REASON[ZkCloseCode.TooManySubscriptions],
    'RATE_LIMITED',
  ),
  // A game's audience is full; a seat may free later.
  [ZkCloseCode.TooManyConnections]: retry(ZK_CLOSE_REASON[ZkCloseCode.TooManyConnections], 'RATE_LIMITED'),
  [ZkCloseCode.ServiceUnavailable]: retry(
    ZK_CLOSE_REASON[ZkCloseCode.ServiceUnavailable],
    'SERVICE_UNAVAILABLE',
  ),
  [ZkCloseCode.TokenExpired]: retry(
    'The token expired: reconnect with a fresh one and resume with afterSeq.',
    'UNAUTHENTICATED',
  ),
  [ZkCloseCode.NotReading]: retry(
    'The client did not read what the server sent: reconnect, read, and resume with afterSeq.',
  ),
  [ZkCloseCode.TooManyMessages]: retry(
    'The connection sent messages faster than its budget: reconnect and send fewer.',
    'RATE_LIMITED',
  ),
};

/** What `code` means; a code not in {@link CLOSE_CODES} is a dropped connection, retried. */
export function closeMeaning(code: number): CloseMeaning {
  return CLOSE_CODES[code] ?? retry(`The connection was closed (${code}).`);
}
