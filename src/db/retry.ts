/**
 * Bounded retry of whole transactions on serialization failures (40001) and deadlocks (40P01),
 * in whatever form the driver adapter or Prisma wraps them (P2034). Writers of one game queue on
 * its row lock, so these are rare; they are still never shown to clients.
 */
import { isRetryable } from './driver-errors.js';
import { DbError, dbError } from './errors.js';

export const MAX_ATTEMPTS = 5;

/**
 * Runs `fn` up to {@link MAX_ATTEMPTS} times while it fails with a retryable error (or, when
 * `alsoRetry` says so, another transient one), with jittered exponential backoff. After the last
 * attempt it throws BUSY (the client is told STALE_STATE, "retry"), never an internal error.
 */
export async function withRetry<T>(
  fn: () => Promise<T>,
  alsoRetry: (err: unknown) => boolean = () => false,
  /** Called before each retry (metrics: `transaction_retries_total`). */
  onRetry: () => void = () => {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof DbError || !(isRetryable(err) || alsoRetry(err))) throw err;
      if (attempt >= MAX_ATTEMPTS) throw dbError({ kind: 'BUSY' });
      onRetry();
      const backoff = Math.min(200, 10 * 2 ** attempt);
      await new Promise((r) => setTimeout(r, backoff / 2 + Math.random() * backoff));
    }
  }
}
