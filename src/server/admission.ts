/**
 * Requests in flight per game credential, over HTTP. A seat (or a game's spectators, or its
 * referee) has at most `REQUEST_LIMIT_PER_PRINCIPAL` requests being answered at once; one more is
 * refused before its body is read or Apollo sees it, with `RATE_LIMITED`, HTTP 429, `Retry-After`
 * and `extensions.retryAfterMs`. The refusal costs a header lookup and a small write, so a seat
 * firing many requests at once slows itself: the requests of other seats, queued behind the flood
 * on the one event loop, wait for a few admitted requests instead of all of them.
 *
 * The work limiter (`work-limit.ts`) still bounds the expensive requests among those admitted.
 * Anonymous callers, the host backend and the admin are not counted here: game creation has its
 * own per-address rate limit, and the operators' credentials are trusted.
 */
import type { Principal } from '../auth/principal.js';
import { principalKey } from './work-limit.js';

export class RequestAdmission {
  readonly #inFlight = new Map<string, number>();

  constructor(readonly perPrincipal: number) {}

  /** Admits one request of `principal`: the function that ends it, or null when it is refused. */
  enter(principal: Principal): (() => void) | null {
    if (principal.kind !== 'player' && principal.kind !== 'spectator' && principal.kind !== 'referee')
      return () => undefined;
    const key = principalKey(principal);
    const held = this.#inFlight.get(key) ?? 0;
    if (held >= this.perPrincipal) return null;
    this.#inFlight.set(key, held + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const rest = (this.#inFlight.get(key) ?? 1) - 1;
      if (rest > 0) this.#inFlight.set(key, rest);
      else this.#inFlight.delete(key);
    };
  }
}
