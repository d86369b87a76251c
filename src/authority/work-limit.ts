/**
 * Bounded expensive work: event pages, subscription catch-ups, game views, replays (`gameAt`),
 * export and import each hold one slot while they run. One client of a principal (one remote
 * address of a seat, of a game's spectators, of the admin) runs at most `WORK_LIMIT_PER_CLIENT`
 * of them at once; its next ones wait their turn in its own queue, at most
 * {@link QUEUE_PER_CLIENT} of them and each at most {@link MAX_WAIT_MS}. A principal holds at most
 * `WORK_LIMIT_PER_PRINCIPAL` slots over all its clients (a game's spectators share one credential,
 * and one of them must not take every slot), the process at most `WORK_LIMIT_TOTAL` (one limiter
 * per service, built by `app.ts`). Past the client's queue, its wait, the principal's slots or the
 * process's, the request is refused with RATE_LIMITED and a retry hint (`extensions.retryAfterMs`),
 * before it reads anything.
 *
 * Why a queue per client, and so few slots: the process has one event loop, and a move of another
 * seat waits, at each of its turns on that loop (its request, its commit's answer), behind the
 * expensive work ready to run. A seat that fires 64 pages at once has one running, not four, so
 * the other seat's move waits behind one page's work at a time; the flood slows its own sender,
 * which is answered in turn, not refused. Moves take no slot: a principal's queue never holds
 * another principal's request, and no queue holds a move.
 *
 * The door's `limits` step (`door.ts`) takes the slot, after the caller's standing is decided.
 * Over HTTP a slot is held until the response is sent (field resolvers and serialization
 * included): the caller's `holdSlot` hands its release to the HTTP handler, which runs it when the
 * response closes. Elsewhere (graphql-ws), until the work settles, or, for a catch-up, until the
 * subscriber is caught up.
 */
import type { Principal } from '../auth/principal.js';
import { ErrorCode, ZonekeeperError } from '../errors.js';

/** Suggested wait before retrying a refused request. */
export const RETRY_AFTER_MS = 250;

/**
 * Expensive requests one client of a principal may have waiting for its turn. Over HTTP the
 * request places (`REQUEST_LIMIT_PER_CLIENT`) bound them first; this bounds the rest (graphql-ws
 * catch-ups).
 */
export const QUEUE_PER_CLIENT = 16;

/** Longest wait for a turn: as long as a request body may take to arrive (`REQUEST_BODY_TIMEOUT_SECONDS`' default). */
export const MAX_WAIT_MS = 10_000;

/** Gives a slot back; calling it more than once gives it back once. */
export type Release = () => void;

interface Waiter {
  readonly admit: () => void;
  readonly timer: NodeJS.Timeout;
}

/** One client of one principal: its slots in use and its requests waiting for one, in arrival order. */
interface ClientSlots {
  running: number;
  readonly waiting: Waiter[];
}

export class WorkLimiter {
  #total = 0;
  #waiting = 0;
  readonly #byPrincipal = new Map<string, number>();
  /** Slots and queues by principal and client, keyed by {@link clientKey}. */
  readonly #clients = new Map<string, ClientSlots>();

  constructor(
    readonly perPrincipal: number,
    readonly total: number,
    readonly perClient: number = perPrincipal,
    readonly bounds: { readonly queuePerClient: number; readonly maxWaitMs: number } = {
      queuePerClient: QUEUE_PER_CLIENT,
      maxWaitMs: MAX_WAIT_MS,
    },
  ) {}

  /**
   * Takes a slot for `principal` asked by `client` (its remote address), once the client's earlier
   * requests leave it one; rejects with RATE_LIMITED past the bounds of the file comment.
   */
  acquire(principal: string, client: string): Promise<Release> {
    const key = clientKey(principal, client);
    let own = this.#clients.get(key);
    if (!own) this.#clients.set(key, (own = { running: 0, waiting: [] }));
    try {
      if (own.running < this.perClient && !own.waiting.length)
        return Promise.resolve(this.#take(principal, key, own));
      if (own.waiting.length >= this.bounds.queuePerClient)
        throw refusal('waiting for this client of the credential');
    } catch (err) {
      this.#forget(key, own);
      return Promise.reject(err);
    }
    return this.#wait(principal, key, own);
  }

  /** Waits in the client's queue for its turn, at most `maxWaitMs`. */
  #wait(principal: string, key: string, own: ClientSlots): Promise<Release> {
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          try {
            resolve(this.#take(principal, key, own));
          } catch (err) {
            reject(err);
            this.#next(key, own);
          }
        },
        timer: setTimeout(() => {
          own.waiting.splice(own.waiting.indexOf(waiter), 1);
          this.#waiting--;
          this.#forget(key, own);
          reject(refusal('for this client of the credential, after waiting'));
        }, this.bounds.maxWaitMs).unref(),
      };
      own.waiting.push(waiter);
      this.#waiting++;
    });
  }

  /** A slot for the client, or RATE_LIMITED when its principal's or the process's are all held. */
  #take(principal: string, key: string, own: ClientSlots): Release {
    const held = this.#byPrincipal.get(principal) ?? 0;
    if (held >= this.perPrincipal) throw refusal('for this credential');
    if (this.#total >= this.total) throw refusal('on this server');
    this.#byPrincipal.set(principal, held + 1);
    own.running++;
    this.#total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      own.running--;
      decrement(this.#byPrincipal, principal);
      this.#next(key, own);
    };
  }

  /** Hands the client's free slot to its next waiting request, if any. */
  #next(key: string, own: ClientSlots): void {
    const waiter = own.running < this.perClient ? own.waiting.shift() : undefined;
    if (!waiter) return this.#forget(key, own);
    this.#waiting--;
    waiter.admit();
  }

  /** Drops the client's entry once it holds and awaits nothing. */
  #forget(key: string, own: ClientSlots): void {
    if (!own.running && !own.waiting.length && this.#clients.get(key) === own) this.#clients.delete(key);
  }

  /** Slots in use (tests, metrics). */
  get inUse(): number {
    return this.#total;
  }

  /** Requests waiting for their client's turn (tests, metrics). */
  get waiting(): number {
    return this.#waiting;
  }
}

function refusal(scope: string): ZonekeeperError {
  return new ZonekeeperError(
    ErrorCode.RATE_LIMITED,
    `Too many expensive requests in progress ${scope}; retry in ${RETRY_AFTER_MS} ms.`,
    { retryAfterMs: RETRY_AFTER_MS },
  );
}

function clientKey(principal: string, client: string): string {
  return JSON.stringify([principal, client]);
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

/** Whose slots a request uses. Every spectator of a game shares that game's credential, and its slots. */
export function principalKey(p: Principal): string {
  switch (p.kind) {
    case 'anonymous':
      return 'anonymous';
    case 'admin':
      return 'admin';
    case 'host':
      return 'host';
    case 'player':
      return `player:${p.playerId}`;
    case 'spectator':
      return `spectator:${p.gameId}`;
    case 'referee':
      return `referee:${p.gameId}`;
    case 'external':
      return `external:${JSON.stringify([p.issuer, p.subject])}`;
  }
}
