/**
 * WebSocket close codes Zonekeeper sends, in one place. graphql-ws's own codes (`CloseCode` from
 * 'graphql-ws': 4400 bad request, 4401 unauthorized, 4403 forbidden, 4408 connection_init timeout,
 * 4409 duplicate subscription id, 4429 too many connection_init, 4500 internal error) keep their
 * meaning; ours sit outside graphql-ws's range so a client can tell them apart. 4499 is avoided:
 * the graphql-ws client uses it for its own `terminate()`.
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
} as const;
export type ZkCloseCode = (typeof ZkCloseCode)[keyof typeof ZkCloseCode];

export const ZK_CLOSE_REASON: Record<ZkCloseCode, string> = {
  [ZkCloseCode.SubscriberTooSlow]: 'Subscriber too slow',
  [ZkCloseCode.TooManySubscriptions]: 'Too many subscriptions',
  [ZkCloseCode.TooManyConnections]: 'Too many connections for this credential',
  [ZkCloseCode.ServiceUnavailable]: 'Service unavailable',
};
