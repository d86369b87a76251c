/**
 * What a database error means, however `pg`, `@prisma/adapter-pg` and Prisma wrap it. Pure: no
 * imports, so that `errors.ts` can classify what it masks.
 */

/**
 * An error and everything it wraps: a model query's error has `cause`; a raw query's (P2010) has
 * `meta.driverAdapterError.cause`; GraphQL errors keep the resolver's error in `originalError`.
 */
function* errorChain(err: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (err === null || typeof err !== 'object' || depth > 6) return;
  const e = err as Record<string, unknown>;
  yield e;
  for (const field of ['originalError', 'cause', 'meta', 'driverAdapterError'])
    yield* errorChain(e[field], depth + 1);
}

const codesOf = (e: Record<string, unknown>) => [e['code'], e['originalCode'], e['sqlState']];

const RETRYABLE = new Set(['40001', '40P01', 'P2034']);

/** A serialization failure or a deadlock: the transaction may simply be run again. */
export function isRetryable(err: unknown): boolean {
  for (const e of errorChain(err)) {
    if (codesOf(e).some((c) => typeof c === 'string' && RETRYABLE.has(c))) return true;
    if (e['kind'] === 'TransactionWriteConflict') return true;
  }
  return false;
}

/**
 * The `zk_game_clock` trigger refused a change to a game whose clock ran out before the expiry was
 * recorded (SQLSTATE P0040, the clocks migration): a pass after the deadline.
 */
export function isClockRanOut(err: unknown): boolean {
  for (const e of errorChain(err)) {
    if (codesOf(e).some((c) => c === 'P0040')) return true;
    if (typeof e['message'] === 'string' && e['message'].includes('zk_clock_ran_out')) return true;
  }
  return false;
}

/** A unique violation (P2002 / 23505): for us, a concurrent duplicate that a retry resolves. */
export function isUniqueViolation(err: unknown): boolean {
  for (const e of errorChain(err)) {
    if (codesOf(e).some((c) => c === 'P2002' || c === '23505')) return true;
    if (e['kind'] === 'UniqueConstraintViolation') return true;
  }
  return false;
}

/**
 * Socket errors (and a Unix socket that is gone: `isMissingSocket`), PostgreSQL shutting down or starting up (57P01-57P03), too many connections
 * (53300), Prisma's "cannot reach" / "connection closed" / "pool timeout" (P1001, P1002, P1017,
 * P2024) and the adapter's kinds for the same.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'P1001',
  'P1002',
  'P1017',
  'P2024',
]);
const UNAVAILABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
/**
 * A Unix socket that is not there: the server behind it stopped (an embedded cluster's socket file
 * goes with its server). `pg` says `ENOENT` with `syscall: 'connect'`; Prisma keeps the code and
 * the message `connect ENOENT <path>` but not the syscall.
 */
const isMissingSocket = (e: Record<string, unknown>) =>
  e['code'] === 'ENOENT' &&
  (e['syscall'] === 'connect' ||
    (typeof e['message'] === 'string' && /\bconnect ENOENT\b/.test(e['message'])));
/** `pg` reports a dropped or never-established connection by message only. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/;

/**
 * The database could not be reached, or dropped the connection: nothing is wrong with the request,
 * and the same request may succeed once the database is back. (PostgreSQL's class 08 is
 * "connection exception".)
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of errorChain(err)) {
    for (const c of codesOf(e))
      if (typeof c === 'string' && (UNAVAILABLE_CODES.has(c) || /^08[0-9A-Z]{3}$/.test(c))) return true;
    if (typeof e['kind'] === 'string' && UNAVAILABLE_KINDS.has(e['kind'])) return true;
    if (isMissingSocket(e)) return true;
    if (typeof e['message'] === 'string' && UNAVAILABLE_MESSAGE.test(e['message'])) return true;
  }
  return false;
}
