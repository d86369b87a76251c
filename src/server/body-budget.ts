/**
 * The bytes of HTTP request bodies the process holds at once, over every request:
 * `REQUEST_BODY_BYTES_TOTAL`. A GraphQL request's body is read before it asks for its credential's
 * place (`admission.ts`), so that a stalled body holds no place; this budget is what keeps reading
 * first from costing unbounded memory (4,096 connections of one address × `MAX_PAYLOAD_BYTES`
 * would be a gibibyte). Each chunk is counted as it arrives and the bytes stay counted until the
 * request's answer is sent; a chunk that does not fit ends its request at once with
 * `SERVICE_UNAVAILABLE`, HTTP 503 and a retry hint (`graphql-request.ts`), so a client learns in one
 * round trip that the server is full, and the bytes it had sent are given back.
 */

/** One request's share of the budget: the bytes it holds, given back once. */
export interface BodyHold {
  /** Counts `bytes` more; false (counting nothing) when the budget cannot hold them. */
  take(bytes: number): boolean;
  /** Gives back every byte this request holds. Calling it twice gives back once. */
  release(): void;
}

export class BodyBudget {
  #used = 0;

  constructor(
    readonly total: number,
    /** Told the bytes held after each change (the operators' gauge). */
    private readonly onChange: (used: number) => void = () => undefined,
  ) {}

  /** A new request's (empty) hold. */
  open(): BodyHold {
    let held = 0;
    let released = false;
    return {
      take: (bytes) => {
        if (released || this.#used + bytes > this.total) return false;
        this.#used += bytes;
        held += bytes;
        this.onChange(this.#used);
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.#used -= held;
        held = 0;
        this.onChange(this.#used);
      },
    };
  }
}
