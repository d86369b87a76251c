/** A per-key rate limiter: the rate of game creation and of hand-off codes per client address. */
import { LRUCache } from 'lru-cache';

/**
 * One token bucket per key: `burst` tokens, refilled at `perMs` tokens per millisecond. Hand-written
 * rather than a library because it is twenty lines and needs an exact retry time; the usual
 * packages give fixed windows (rate-limiter-flexible) or no per-key store (limiter).
 *
 * At most {@link MAX_KEYS} keys are kept: when full, the least recently used one is dropped (it
 * starts again with a full bucket), so memory stays bounded whatever the number of addresses.
 */
export class TokenBuckets {
  static readonly MAX_KEYS = 10_000;
  private readonly buckets = new LRUCache<string, { tokens: number; at: number }>({
    max: TokenBuckets.MAX_KEYS,
  });

  constructor(
    private readonly perMs: number,
    private readonly burst: number,
    private readonly now: () => number,
  ) {}

  /** Takes a token for `key`: 0 when granted, else the milliseconds until one is available. */
  take(key: string): number {
    const t = this.now();
    const found = this.buckets.get(key);
    const tokens = found ? Math.min(this.burst, found.tokens + (t - found.at) * this.perMs) : this.burst;
    if (tokens >= 1) {
      this.buckets.set(key, { tokens: tokens - 1, at: t });
      return 0;
    }
    // Refused: the bucket is kept as it was (its refill is computed from there next time).
    this.buckets.set(key, found ?? { tokens: this.burst, at: t });
    return Math.ceil((1 - tokens) / this.perMs);
  }
}
