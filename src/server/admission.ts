/**
 * Requests in flight per game credential, over HTTP, shared fairly among the clients that hold it.
 * A seat (or a game's spectators, who share one credential, or its referee) has at most
 * `REQUEST_LIMIT_PER_PRINCIPAL` requests being answered at once, and one client of it (one remote
 * address) at most `REQUEST_LIMIT_PER_CLIENT` of those. More wait their turn; past
 * `REQUEST_QUEUE_PER_CLIENT` waiting for that client, or `REQUEST_QUEUE_PER_PRINCIPAL` for the
 * credential, one more is refused at once with `RATE_LIMITED`, HTTP 429, `Retry-After` and
 * `extensions.retryAfterMs`.
 *
 * A request asks for its place only once its whole (capped) body has arrived (`graphql-request.ts`),
 * so a client that stalls its bodies holds no place at all: the body's bytes count against the
 * process's body budget (`body-budget.ts`) and its deadline (`REQUEST_BODY_TIMEOUT_SECONDS`) instead.
 * A freed place goes to the waiting clients in turn (the one holding the fewest places first, then
 * round robin), each client's requests in arrival order, so one watcher who floods the game's spectator credential delays its own requests, not
 * another spectator's: the other client's next request is served at the next free place.
 *
 * So a seat that fires many requests at once slows itself: its requests reach the event loop a few
 * at a time, and the requests of other seats queue behind those few, not behind the whole burst.
 * The work limiter (`work-limit.ts`) still bounds the expensive requests among those admitted.
 *
 * Anonymous callers, the host backend and the admin are not counted here: game creation has its
 * own per-address rate limit, and the operators' credentials are trusted.
 */
import type { Principal } from '../auth/principal.js';
import { principalKey } from '../authority/index.js';

/** Ends an admitted request: its place goes to the next waiting request of the same credential. */
export type Leave = () => void;

/** The bounds of one credential's places; see the file comment. */
export interface AdmissionLimits {
  readonly perPrincipal: number;
  readonly queuePerPrincipal: number;
  readonly perClient: number;
  readonly queuePerClient: number;
}

interface Waiter {
  readonly admit: (leave: Leave) => void;
}

/** One client's part of a credential's line. */
interface Client {
  inFlight: number;
  readonly waiting: Waiter[];
}

interface Line {
  inFlight: number;
  waiting: number;
  /** The credential's clients, in turn order: the next place goes to the first one that may take it. */
  readonly clients: Map<string, Client>;
}

const NOTHING: Leave = () => undefined;

export class RequestAdmission {
  readonly #lines = new Map<string, Line>();

  constructor(readonly limits: AdmissionLimits) {}

  /**
   * Admits one request of `principal` from `client` (its remote address): resolves with the
   * function that ends it once it may run, or with null when it is refused (the client, or the
   * credential, already has the most requests waiting). `abandoned` resolves when the client goes
   * away while the request waits.
   */
  enter(
    principal: Principal,
    client: string,
    abandoned: Promise<void>,
  ): Leave | null | Promise<Leave | null> {
    if (
      principal.kind !== 'player' &&
      principal.kind !== 'spectator' &&
      principal.kind !== 'referee' &&
      principal.kind !== 'external'
    )
      return NOTHING;
    const key = principalKey(principal);
    let line = this.#lines.get(key);
    if (!line) this.#lines.set(key, (line = { inFlight: 0, waiting: 0, clients: new Map() }));
    let own = line.clients.get(client);
    if (!own) line.clients.set(client, (own = { inFlight: 0, waiting: [] }));
    // A free place with nobody eligible waiting for it (waiters, if any, are at their client's share).
    if (
      line.inFlight < this.limits.perPrincipal &&
      own.inFlight < this.limits.perClient &&
      !own.waiting.length
    ) {
      return this.#take(key, line, client, own);
    }
    if (own.waiting.length >= this.limits.queuePerClient || line.waiting >= this.limits.queuePerPrincipal) {
      this.#forget(key, line, client, own);
      return null;
    }
    const { waiting } = own;
    const queued = line;
    line.waiting++;
    return new Promise<Leave | null>((resolve) => {
      const waiter: Waiter = { admit: resolve };
      waiting.push(waiter);
      void abandoned.then(() => {
        const at = waiting.indexOf(waiter);
        if (at < 0) return;
        waiting.splice(at, 1);
        queued.waiting--;
        this.#forget(key, queued, client, own);
        resolve(null);
      });
    });
  }

  /** The place's release: frees it and hands free places on. Calling it twice releases once. */
  #leaveOf(key: string, line: Line, client: string, own: Client): Leave {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      line.inFlight--;
      own.inFlight--;
      this.#dispatch(key, line);
      this.#forget(key, line, client, own);
    };
  }

  /**
   * Gives free places to waiting requests: each to the waiting client under its share that holds
   * the fewest places, the least recently served first, which then goes to the back of the turn
   * order. So clients take turns, and a newcomer is not kept behind a client that already holds more.
   */
  #dispatch(key: string, line: Line): void {
    while (line.inFlight < this.limits.perPrincipal) {
      let next: [string, Client] | undefined;
      for (const entry of line.clients) {
        const [, own] = entry;
        if (!own.waiting.length || own.inFlight >= this.limits.perClient) continue;
        if (!next || own.inFlight < next[1].inFlight) next = entry;
      }
      if (!next) return;
      const [client, own] = next;
      const waiter = own.waiting.shift() as Waiter;
      line.waiting--;
      waiter.admit(this.#take(key, line, client, own));
    }
  }

  /** Takes a place for `client` and sends it to the back of the turn order. */
  #take(key: string, line: Line, client: string, own: Client): Leave {
    line.inFlight++;
    own.inFlight++;
    line.clients.delete(client);
    line.clients.set(client, own);
    return this.#leaveOf(key, line, client, own);
  }

  /** Drops a client, then a credential, that holds and awaits nothing any more. */
  #forget(key: string, line: Line, client: string, own: Client): void {
    if (own.inFlight === 0 && !own.waiting.length && line.clients.get(client) === own)
      line.clients.delete(client);
    if (line.inFlight === 0 && line.waiting === 0 && this.#lines.get(key) === line) this.#lines.delete(key);
  }
}
