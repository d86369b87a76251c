/**
 * Bounded expensive work: event pages, subscription catch-ups, game views, replays (`gameAt`),
 * export and import each hold one slot while they run. A principal (a seat, a game's spectators,
 * the admin) holds at most `WORK_LIMIT_PER_PRINCIPAL` slots, one client of it (one remote address:
 * a game's spectators share one credential, and one of them must not take every slot) at most
 * `WORK_LIMIT_PER_CLIENT`, the process at most
 * `WORK_LIMIT_TOTAL` (one limiter per service, built by `app.ts`); past either, the request is refused at once with RATE_LIMITED and a retry hint
 * (`extensions.retryAfterMs`), before it reads anything. So a flood from one seat is refused
 * cheaply and slows that seat, while the work in flight (and the memory it holds) stays bounded.
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

export class WorkLimiter {
  #total = 0;
  readonly #byPrincipal = new Map<string, number>();
  /** Slots by principal and client, keyed by {@link clientKey}. */
  readonly #byClient = new Map<string, number>();

  constructor(
    readonly perPrincipal: number,
    readonly total: number,
    readonly perClient: number = perPrincipal,
  ) {}

  /**
   * Takes a slot for `principal` asked by `client` (its remote address), or throws RATE_LIMITED.
   * The returned function releases it; calling it more than once releases once.
   */
  acquire(principal: string, client: string): () => void {
    const held = this.#byPrincipal.get(principal) ?? 0;
    const own = clientKey(principal, client);
    const heldByClient = this.#byClient.get(own) ?? 0;
    if (held >= this.perPrincipal || heldByClient >= this.perClient || this.#total >= this.total) {
      const scope =
        heldByClient >= this.perClient
          ? 'for this client of the credential'
          : held >= this.perPrincipal
            ? 'for this credential'
            : 'on this server';
      throw new ZonekeeperError(
        ErrorCode.RATE_LIMITED,
        `Too many expensive requests in progress ${scope}; retry in ${RETRY_AFTER_MS} ms.`,
        { retryAfterMs: RETRY_AFTER_MS },
      );
    }
    this.#byPrincipal.set(principal, held + 1);
    this.#byClient.set(own, heldByClient + 1);
    this.#total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      decrement(this.#byPrincipal, principal);
      decrement(this.#byClient, own);
    };
  }

  /** Slots in use (tests, metrics). */
  get inUse(): number {
    return this.#total;
  }
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
