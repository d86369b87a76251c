/**
 * An async iterator over a bounded queue, for one consumer: the producer offers values and is told
 * when the queue is full (it decides what then happens), and can wait for room. Ending, failing and
 * the consumer's `return()` all finish it once, calling `onEnd` once.
 *
 * Hand-written rather than a library's channel: graphql-ws needs the consumer's `return()` to
 * unregister at once, and the producer needs a synchronous "full" answer to switch a subscriber from
 * the live stream to its own catch-up, which async-queue libraries do not expose.
 */
export class BoundedIterator<T> implements AsyncIterableIterator<T> {
  #queue: T[] = [];
  #ended = false;
  #failure: unknown = null;
  #waiter: { resolve: (r: IteratorResult<T>) => void; reject: (e: unknown) => void } | null = null;
  #roomWaiter: (() => void) | null = null;

  /**
   * @param limit values it may hold unconsumed
   * @param roomMark {@link room} resolves once no more than this many are waiting
   * @param onEnd called once, however it ends
   */
  constructor(
    private readonly limit: number,
    private readonly roomMark: number,
    private readonly onEnd: () => void,
  ) {}

  get ended(): boolean {
    return this.#ended;
  }

  /** Queued, not yet consumed. */
  get backlog(): number {
    return this.#queue.length;
  }

  /** True while the producer waits in {@link room} for its consumer to take values. */
  get waitingForRoom(): boolean {
    return this.#roomWaiter !== null;
  }

  /**
   * Queues `value()` (built only when it is taken or queued). False, building nothing, when the
   * queue is full; an ended iterator takes and drops everything. When building the value throws, the
   * iterator fails with that error (a pending `next()` rejects with it): a value that cannot be built
   * ends the stream rather than leaving its consumer waiting for ever.
   */
  offer(value: () => T): boolean {
    if (this.#ended) return true;
    if (!this.#waiter && this.#queue.length >= this.limit) return false;
    let built: T;
    try {
      built = value();
    } catch (err) {
      this.fail(err);
      return true;
    }
    if (this.#waiter) {
      const w = this.#waiter;
      this.#waiter = null;
      w.resolve({ value: built, done: false });
    } else {
      this.#queue.push(built);
    }
    return true;
  }

  /** Resolves once the queue is down to the room mark (or the iterator ended). */
  room(): Promise<void> {
    if (this.#ended || this.#queue.length <= this.roomMark) return Promise.resolve();
    return new Promise((resolve) => (this.#roomWaiter = resolve));
  }

  /** Ends the stream; values already queued are still delivered. */
  end(): void {
    this.#finish();
  }

  /** Ends the stream with an error (after what is queued). */
  fail(err: unknown): void {
    if (this.#ended) return;
    if (this.#waiter) {
      const w = this.#waiter;
      this.#waiter = null;
      this.#finish();
      w.reject(err);
      return;
    }
    this.#failure = err;
    this.#finish();
  }

  next(): Promise<IteratorResult<T>> {
    const value = this.#queue.shift();
    if (value !== undefined) {
      if (this.#roomWaiter && this.#queue.length <= this.roomMark) {
        const wake = this.#roomWaiter;
        this.#roomWaiter = null;
        wake();
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.#failure !== null) {
      const err = this.#failure;
      this.#failure = null;
      return Promise.reject(err);
    }
    if (this.#ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => (this.#waiter = { resolve, reject }));
  }

  /** The consumer is done (graphql-ws: the client completed or disconnected): ends at once. */
  return(): Promise<IteratorResult<T>> {
    this.#queue = [];
    this.#failure = null;
    this.#finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(err?: unknown): Promise<IteratorResult<T>> {
    void this.return();
    return Promise.reject(err);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  #finish(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#waiter?.resolve({ value: undefined, done: true });
    this.#waiter = null;
    this.#roomWaiter?.();
    this.#roomWaiter = null;
    this.onEnd();
  }
}
