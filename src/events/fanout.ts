/**
 * Cross-instance notification that a game's event log has grown. Events themselves are always read
 * from the log in PostgreSQL; the fanout only carries `(gameId, seq)` so subscribers know to read.
 * A lost notice costs latency, never data: the hub also polls the log of games it serves.
 */
export interface EventNotice {
  readonly gameId: string;
  /** The highest committed seq of the game. */
  readonly seq: number;
}

export interface Fanout {
  /**
   * Announces a committed seq. Called after the transaction commits, never inside it: a notice
   * sent with the commit would make every commit wait for the others (PostgreSQL's notify lock).
   */
  publish(notice: EventNotice): Promise<void>;
  /**
   * How the cross-instance listener fares, for `/metrics`: how many times it reconnected, and since
   * when (epoch ms) it has been disconnected (null while connected). While it is down, subscribers
   * on this instance learn of other instances' moves only from the hub's poll: that is the lag.
   * Absent for a fanout with no connection of its own.
   */
  readonly health?: () => FanoutHealth;
  /** Calls `listener` for every notice, from any instance. Returns an unsubscribe function. */
  subscribe(listener: (notice: EventNotice) => void): () => void;
  close(): Promise<void>;
}

export interface FanoutHealth {
  readonly reconnects: number;
  readonly downSince: number | null;
}

/** The channel name shared by the PostgreSQL and Redis fanouts. */
export const FANOUT_CHANNEL = 'zk_events';

/** Wire form of a notice: small JSON, well under PostgreSQL's 8000-byte NOTIFY payload limit. */
export function encodeNotice(notice: EventNotice): string {
  return JSON.stringify({ gameId: notice.gameId, seq: notice.seq });
}

/** Parses a notice from another instance; anything malformed is dropped (null). */
export function decodeNotice(raw: string | undefined): EventNotice | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { gameId?: unknown; seq?: unknown };
    if (typeof v.gameId !== 'string' || typeof v.seq !== 'number' || !Number.isInteger(v.seq)) return null;
    return { gameId: v.gameId, seq: v.seq };
  } catch {
    return null;
  }
}

/** The listeners of one fanout; every implementation delivers through it. */
export class Listeners {
  readonly #listeners = new Set<(notice: EventNotice) => void>();

  add(listener: (notice: EventNotice) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(notice: EventNotice): void {
    for (const listener of this.#listeners) listener(notice);
  }

  clear(): void {
    this.#listeners.clear();
  }
}

/** In-process fanout: enough for a single instance and for unit tests. */
export class LocalFanout implements Fanout {
  readonly #listeners = new Listeners();

  async publish(notice: EventNotice): Promise<void> {
    this.#listeners.emit(notice);
  }

  subscribe(listener: (notice: EventNotice) => void): () => void {
    return this.#listeners.add(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
  }
}
