/**
 * Public error codes. Every error a client sees carries one in `extensions.code`; anything else is
 * masked by {@link formatError} into INTERNAL_SERVER_ERROR with a request id, and logged.
 */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { isDatabaseUnavailable } from './db/driver-errors.js';
import type { Rejection, SeatRefusalReason } from './rules/index.js';

export const ErrorCode = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  INVALID_MOVE: 'INVALID_MOVE',
  STALE_STATE: 'STALE_STATE',
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_CONFLICT',
  GAME_NOT_ACTIVE: 'GAME_NOT_ACTIVE',
  RATE_LIMITED: 'RATE_LIMITED',
  /** The answer would hold more list items than MAX_RESPONSE_ITEMS: ask for fewer nested lists. */
  RESPONSE_TOO_LARGE: 'RESPONSE_TOO_LARGE',
  /** The query text is longer than the cap (`extensions.maxQueryBytes`): send a shorter document. */
  QUERY_TOO_LARGE: 'QUERY_TOO_LARGE',
  /**
   * The game's ruleset version (`extensions.ruleset`, `rulesetVersion`) is neither loaded nor
   * stored: its file changed and the version it was created with is gone. Nothing was changed.
   */
  RULESET_VERSION_UNAVAILABLE: 'RULESET_VERSION_UNAVAILABLE',
  /** The database cannot be reached: nothing is wrong with the request; retry it later. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes produced by GraphQL/Apollo themselves for malformed requests; passed through as they are. */
export const FRAMEWORK_CODES: ReadonlySet<string> = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_USER_INPUT',
]);

/** The one error class resolvers throw. Its message must never name a hidden card. */
export class ZonekeeperError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message, { extensions: { code, ...extra } });
  }
}

export const unauthenticated = () =>
  new ZonekeeperError(ErrorCode.UNAUTHENTICATED, 'A valid credential is required.');

/**
 * Why a caller may not do what it asked: the `extensions.reason` of every FORBIDDEN, each a value of
 * the GraphQL enum ForbiddenReason (src/schema/errors.graphql). The seat policy's reasons
 * (`src/rules/policy.ts`), then the authority's own.
 */
export type ForbiddenReason =
  | SeatRefusalReason
  /** A spectator asked to change a game. */
  | 'SPECTATOR'
  /** `onBehalfOf` from a caller that is not an admin. */
  | 'ON_BEHALF_ADMIN_ONLY'
  /** An admin-only operation. */
  | 'ADMIN_ONLY'
  /** Creating a game (HOST_TOKEN set) or binding a seat to a platform user: the host or an admin only. */
  | 'HOST_ONLY'
  /** Entropy from an admin or referee (docs/fairness.md, "Entropy"): a seat's own act. */
  | 'SEAT_ENTROPY_ONLY'
  /** The verification transcript of a game still ACTIVE. */
  | 'GAME_NOT_ENDED';

/**
 * Every FORBIDDEN reason, once. The `Record` makes the compiler demand an entry for a new reason,
 * and the schema test then demands its value in `enum ForbiddenReason`.
 */
const FORBIDDEN_REASON_SET: Record<ForbiddenReason, true> = {
  NOT_YOUR_TURN: true,
  CONCEDED: true,
  NOT_YOUR_OBJECT: true,
  HIDDEN_OBJECT: true,
  SELECT_BY_POSITION: true,
  REVEAL_FIRST: true,
  NOT_YOUR_ZONE: true,
  OTHER_PLAYER: true,
  REFEREE_ONLY: true,
  SPECTATOR: true,
  ON_BEHALF_ADMIN_ONLY: true,
  ADMIN_ONLY: true,
  HOST_ONLY: true,
  SEAT_ENTROPY_ONLY: true,
  GAME_NOT_ENDED: true,
};
/** Every FORBIDDEN reason, for the schema test that checks enum ForbiddenReason. */
export const FORBIDDEN_REASONS = Object.keys(FORBIDDEN_REASON_SET) as readonly ForbiddenReason[];

/** FORBIDDEN with its typed reason and, where one applies, the rule it cites. */
export const forbidden = (reason: ForbiddenReason, message: string, rule?: string) =>
  new ZonekeeperError(ErrorCode.FORBIDDEN, message, rule === undefined ? { reason } : { reason, rule });
/** Same answer for "does not exist" and "you may not see it", so existence does not leak. */
export const notFound = (what: string) => new ZonekeeperError(ErrorCode.NOT_FOUND, `${what} not found.`);
export const badInput = (message: string, field?: string) =>
  new ZonekeeperError(ErrorCode.BAD_USER_INPUT, message, field ? { field } : {});
export const staleState = (expected: number, actual: number) =>
  new ZonekeeperError(ErrorCode.STALE_STATE, `Expected version ${expected}, but the game is at ${actual}.`, {
    expectedVersion: expected,
    actualVersion: actual,
  });
export const invalidMove = (rejection: Rejection) =>
  new ZonekeeperError(ErrorCode.INVALID_MOVE, rejection.message, {
    reason: rejection.code,
    rule: rejection.rule,
    ...(rejection.awaitedSeats ? { awaitedSeats: rejection.awaitedSeats } : {}),
  });

/**
 * A starting layout refused by the rules: BAD_USER_INPUT on the card's field, with the `reason` and
 * `rule` a move putting that card there would give (NOT_ADMITTED, ZONE_FULL).
 */
export const refusedLayout = (refusal: Pick<Rejection, 'code' | 'rule' | 'message'>, field: string) =>
  new ZonekeeperError(ErrorCode.BAD_USER_INPUT, `The starting layout breaks a rule: ${refusal.message}.`, {
    field,
    reason: refusal.code,
    rule: refusal.rule,
  });

export function isPublicCode(code: unknown): boolean {
  return (
    typeof code === 'string' &&
    ((Object.values(ErrorCode) as string[]).includes(code) || FRAMEWORK_CODES.has(code))
  );
}

/** Said to clients while the database is unreachable. */
export const UNAVAILABLE_MESSAGE = 'The service cannot reach its database. Try again shortly.';

/**
 * `retryAfterSeconds` of a SERVICE_UNAVAILABLE caused by the database: a first retry this soon
 * finds an embedded cluster restarted (its first attempt comes 0.25 s after it stopped) or a
 * pool reconnected; clients back off further on their own (`client/index.ts`).
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/**
 * Masks everything that is not deliberately public. Internal errors are logged by the caller with
 * the request id, and the client receives only the code and that id. An error caused by the
 * database being unreachable (`original`, the thrown error) becomes SERVICE_UNAVAILABLE, so that
 * clients know a retry is the cure; it is logged all the same.
 */
export function formatError(
  formatted: GraphQLFormattedError,
  requestId: string | undefined,
  onInternal: (formatted: GraphQLFormattedError) => void,
  original?: unknown,
): GraphQLFormattedError {
  const code = formatted.extensions?.['code'];
  if (isPublicCode(code) && code !== ErrorCode.INTERNAL_SERVER_ERROR) {
    const { stacktrace: _stack, exception: _exception, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  onInternal(formatted);
  const unavailable = isDatabaseUnavailable(original);
  return {
    message: unavailable ? UNAVAILABLE_MESSAGE : 'Internal server error.',
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: {
      code: unavailable ? ErrorCode.SERVICE_UNAVAILABLE : ErrorCode.INTERNAL_SERVER_ERROR,
      ...(unavailable ? { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS } : {}),
      ...(requestId ? { requestId } : {}),
    },
  };
}
