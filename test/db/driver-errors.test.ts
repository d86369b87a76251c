/**
 * Database errors classified however they are wrapped: what is retried, what is a duplicate, and
 * what means "the database is unreachable" (SERVICE_UNAVAILABLE instead of an internal error).
 */
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isRetryable, isUniqueViolation } from '../../src/db/driver-errors.js';
import { ErrorCode, formatError } from '../../src/errors.js';

/** A raw query's failure as Prisma 7 throws it (P2010), around the adapter's error. */
const prismaRaw = (cause: Record<string, unknown>) =>
  Object.assign(new Error('Raw query failed'), {
    code: 'P2010',
    meta: { driverAdapterError: Object.assign(new Error(String(cause['message'])), { cause }) },
  });
const pgError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'connection refused',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['server shutting down', pgError('57P01', 'terminating connection due to administrator command')],
    ['server starting up', pgError('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', pgError('08006', 'connection failure')],
    ['a dropped connection, by message only', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      "a Unix socket that is gone (pg's error)",
      Object.assign(new Error('connect ENOENT /data/pg/.s.PGSQL.5432'), {
        code: 'ENOENT',
        syscall: 'connect',
      }),
    ],
    [
      'a Unix socket that is gone, through Prisma (the syscall dropped)',
      Object.assign(
        new Error('Invalid `prisma.game.findFirst()` invocation:\n\nconnect ENOENT /data/pg/.s.PGSQL.5432'),
        {
          code: 'ENOENT',
        },
      ),
    ],
    ['through Prisma', prismaRaw({ kind: 'postgres', code: '57P01', message: 'terminating connection' })],
    ['the adapter kind', prismaRaw({ kind: 'DatabaseNotReachable', message: 'unreachable' })],
    ['inside a GraphQL error', new GraphQLError('x', { originalError: new Error('Connection terminated') })],
  ])('is true for %s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', prismaRaw({ kind: 'UniqueConstraintViolation', code: '23505', message: 'dup' })],
    ['a bug', new TypeError('x is undefined')],
    [
      'a missing file',
      Object.assign(new Error("ENOENT: no such file, open 'x'"), { code: 'ENOENT', syscall: 'open' }),
    ],
    ['a syntax error', pgError('42601', 'syntax error')],
    ['nothing', undefined],
  ])('is false for %s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('isRetryable and isUniqueViolation', () => {
  it('see serialization failures and duplicates through every wrapper', () => {
    expect(isRetryable(prismaRaw({ kind: 'postgres', code: '40001', message: 'serialize' }))).toBe(true);
    expect(isRetryable(pgError('40P01', 'deadlock detected'))).toBe(true);
    expect(isRetryable(pgError('23505', 'duplicate'))).toBe(false);
    expect(isUniqueViolation(prismaRaw({ kind: 'postgres', code: '23505', message: 'dup' }))).toBe(true);
    expect(isUniqueViolation(pgError('23505', 'duplicate key value'))).toBe(true);
    expect(isUniqueViolation(pgError('40001', 'serialize'))).toBe(false);
  });
});

describe('formatError', () => {
  const logged: unknown[] = [];
  const internal = { message: 'connect ECONNREFUSED 127.0.0.1:5432', path: ['game'] };

  it('answers SERVICE_UNAVAILABLE with the request id for an unreachable database, and still logs it', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const out = formatError(internal, 'req-1', (f) => logged.push(f), refused);
    expect(out).toEqual({
      message: 'The service cannot reach its database. Try again shortly.',
      path: ['game'],
      extensions: { code: ErrorCode.SERVICE_UNAVAILABLE, retryAfterSeconds: 1, requestId: 'req-1' },
    });
    expect(logged).toHaveLength(1);
  });

  it('masks anything else as INTERNAL_SERVER_ERROR', () => {
    const out = formatError(internal, 'req-2', () => undefined, new TypeError('boom'));
    expect(out.extensions).toEqual({ code: ErrorCode.INTERNAL_SERVER_ERROR, requestId: 'req-2' });
    expect(out.message).toBe('Internal server error.');
  });
});
