/**
 * The rate limit on seat entropy (docs/fairness.md, "Entropy"): each actor of a game adds at most
 * {@link ENTROPY_BURST} pieces per {@link ENTROPY_WINDOW_MS}; one more is refused with RATE_LIMITED
 * and a retry hint, before anything is planned. Entropy is public and cheap to fold, but each piece
 * is an event every viewer receives, so a seat cannot flood the log with it. One limiter per
 * service, built by `app.ts` (bounded: the least recently active game and actor are forgotten).
 */
import { LRUCache } from 'lru-cache';
import { ErrorCode, ZonekeeperError } from '../errors.js';

/** Pieces of entropy one actor may add to one game per window. */
export const ENTROPY_BURST = 8;
/** The window of {@link ENTROPY_BURST}. */
export const ENTROPY_WINDOW_MS = 60_000;

const TRACKED_LIMIT = 10_000;

/** Sliding windows of recent additions, by game and actor. */
export class EntropyLimiter {
  readonly #recent = new LRUCache<string, number[]>({ max: TRACKED_LIMIT });

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes one addition for `actor` in `gameId`, or throws RATE_LIMITED. */
  take(gameId: string, actor: string): void {
    const key = `${gameId}|${actor}`;
    const t = this.now();
    const recent = (this.#recent.get(key) ?? []).filter((at) => t - at < ENTROPY_WINDOW_MS);
    if (recent.length >= ENTROPY_BURST) {
      const retryAfterMs = ENTROPY_WINDOW_MS - (t - (recent[0] ?? t));
      throw new ZonekeeperError(
        ErrorCode.RATE_LIMITED,
        `At most ${ENTROPY_BURST} pieces of entropy per ${ENTROPY_WINDOW_MS / 1000} s: try again later.`,
        { retryAfterMs },
      );
    }
    recent.push(t);
    this.#recent.set(key, recent);
  }
}
