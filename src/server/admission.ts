/**
 * Requests in flight per game credential, over HTTP. A seat (or a game's spectators, who share one
 * credential, or its referee) has at most `REQUEST_LIMIT_PER_PRINCIPAL` requests being answered at
 * once. More wait their turn, in arrival order, before their body is read or Apollo sees them; past
 * `REQUEST_QUEUE_PER_PRINCIPAL` waiting, one more is refused at once with `RATE_LIMITED`, HTTP 429,
 * `Retry-After` and `extensions.retryAfterMs`.
 *
 * So a seat that fires many requests at once slows itself: its requests reach the event loop a few
 * at a time, and the requests of other seats queue behind those few, not behind the whole burst.
 * A waiting request costs its socket and parsed headers; a refusal costs a header lookup and a
 * small write. The work limiter (`work-limit.ts`) still bounds the expensive requests among those
 * admitted.
 *
 * Anonymous callers, the host backend and the admin are not counted here: game creation has its
 * own per-address rate limit, and the operators' credentials are trusted.
 */
import type { Principal } from '../auth/principal.js';
import { principalKey } from './work-limit.js';

/** Ends an admitted request: its slot goes to the next waiting request of the same credential. */
export type Leave = () => void;

interface Waiter {
  readonly admit: (leave: Leave) => void;
}

interface Line {
  inFlight: number;
  readonly waiting: Waiter[];
}

const NOTHING: Leave = () => undefined;

export class RequestAdmission {
  readonly #lines = new Map<string, Line>();

  constructor(
    readonly perPrincipal: number,
    readonly queuePerPrincipal: number,
  ) {}

  /**
   * Admits one request of `principal`: resolves with the function that ends it once it may run, or
   * with null when it is refused (its credential already has the most requests in flight and
   * waiting). `abandoned` resolves when the client goes away while the request waits.
   */
  enter(principal: Principal, abandoned: Promise<void>): Leave | null | Promise<Leave | null> {
    if (
      principal.kind !== 'player' &&
      principal.kind !== 'spectator' &&
      principal.kind !== 'referee' &&
      principal.kind !== 'external'
    )
      return NOTHING;
    const key = principalKey(principal);
    let line = this.#lines.get(key);
    if (!line) this.#lines.set(key, (line = { inFlight: 0, waiting: [] }));
    if (line.inFlight < this.perPrincipal) {
      line.inFlight++;
      return this.#leaveOf(key, line);
    }
    if (line.waiting.length >= this.queuePerPrincipal) return null;
    const { waiting } = line;
    return new Promise<Leave | null>((resolve) => {
      const waiter: Waiter = { admit: resolve };
      waiting.push(waiter);
      void abandoned.then(() => {
        const at = waiting.indexOf(waiter);
        if (at < 0) return;
        waiting.splice(at, 1);
        resolve(null);
      });
    });
  }

  /** The slot's release: hands it to the next waiter, or frees it. Calling it twice releases once. */
  #leaveOf(key: string, line: Line): Leave {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = line.waiting.shift();
      if (next) {
        next.admit(this.#leaveOf(key, line));
        return;
      }
      line.inFlight--;
      if (line.inFlight === 0) this.#lines.delete(key);
    };
  }
}
