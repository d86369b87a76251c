/**
 * Cross-instance notification that a game's event log has grown. Events themselves are always read
 * from the log in PostgreSQL; the fanout only carries `(gameId, seq)` so subscribers know to read.
 */
export interface EventNotice {
  readonly gameId: string;
  /** The highest committed seq of the game. */
  readonly seq: number;
}

export interface Fanout {
  /** Announces a committed seq. Called after the transaction commits. */
  publish(notice: EventNotice): Promise<void>;
  /** Calls `listener` for every notice, from any instance. Returns an unsubscribe function. */
  subscribe(listener: (notice: EventNotice) => void): () => void;
  close(): Promise<void>;
}

/** In-process fanout: enough for a single instance and for unit tests. */
export class LocalFanout implements Fanout {
  readonly #listeners = new Set<(notice: EventNotice) => void>();

  async publish(notice: EventNotice): Promise<void> {
    for (const listener of this.#listeners) listener(notice);
  }

  subscribe(listener: (notice: EventNotice) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
  }
}
