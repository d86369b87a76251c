/**
 * Runs async tasks one at a time per key, in arrival order; tasks of different keys never wait for
 * each other. Used to queue the moves of one game inside this process, so that they do not race
 * each other to the database only for all but one to find the game moved on (see `index.ts`, `commitMove`).
 */

/** Refused by {@link KeyedQueue.run}: the key already has as many tasks waiting as allowed. */
export class QueueFullError extends Error {
  constructor(readonly key: string) {
    super(`too many tasks queued for ${key}`);
  }
}

export class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();
  readonly #pending = new Map<string, number>();
  /** Per key, the task running now, settled (never rejects). */
  readonly #running = new Map<string, Promise<void>>();

  /** @param maxPerKey tasks running or waiting per key; one more is refused with {@link QueueFullError}. */
  constructor(readonly maxPerKey = Number.POSITIVE_INFINITY) {}

  /** Runs `task` after every task queued before it under `key` has settled. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const pending = this.#pending.get(key) ?? 0;
    if (pending >= this.maxPerKey) return Promise.reject(new QueueFullError(key));
    this.#pending.set(key, pending + 1);
    const previous = this.#tails.get(key);
    const start = () => {
      const running = task();
      const settled = running.then(
        () => undefined,
        () => undefined,
      );
      this.#running.set(key, settled);
      void settled.then(() => {
        if (this.#running.get(key) === settled) this.#running.delete(key);
      });
      return running;
    };
    const result = previous ? previous.then(start) : start();
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      const left = (this.#pending.get(key) ?? 1) - 1;
      if (left > 0) this.#pending.set(key, left);
      else this.#pending.delete(key);
      // Forget the key once its last task has settled, so idle games cost nothing.
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /**
   * Settles when the task of `key` running now has settled (whatever its outcome), not the ones
   * queued behind it; undefined when none is running.
   */
  running(key: string): Promise<void> | undefined {
    return this.#running.get(key);
  }

  /** Keys with a task running or queued. */
  get size(): number {
    return this.#tails.size;
  }
}
