/**
 * Runs async tasks one at a time per key, in arrival order; tasks of different keys never wait for
 * each other. Used to queue the moves of one game inside this process, so that they do not race
 * each other to the database only for all but one to find the game moved on (see `mutate.ts`).
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();

  /** Runs `task` after every task queued before it under `key` has settled. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key);
    const result = previous ? previous.then(task) : task();
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    // Forget the key once its last task has settled, so idle games cost nothing.
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or queued. */
  get size(): number {
    return this.#tails.size;
  }
}
