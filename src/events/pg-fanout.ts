/**
 * Fanout over PostgreSQL LISTEN/NOTIFY: the default for several instances sharing one database.
 * NOTIFY is transactional on PostgreSQL's side and needs nothing beyond the database itself.
 */
import pg from 'pg';
import type { Logger } from '../logger.js';
import {
  decodeNotice,
  encodeNotice,
  FANOUT_CHANNEL,
  Listeners,
  type EventNotice,
  type Fanout,
} from './fanout.js';

const BACKOFF_MIN_MS = 100;
const BACKOFF_MAX_MS = 5_000;

export class PgFanout implements Fanout {
  readonly commitChannel = FANOUT_CHANNEL;
  readonly #listeners = new Listeners();
  /** Publishing goes through a small pool so it never waits behind the dedicated listener. */
  readonly #publisher: pg.Pool;
  #listener: pg.Client | null = null;
  #closed = false;
  #backoff = BACKOFF_MIN_MS;
  #retry: NodeJS.Timeout | null = null;
  #reconnects = 0;
  #downSince: number | null = null;
  readonly health = () => ({ reconnects: this.#reconnects, downSince: this.#downSince });

  private constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {
    this.#publisher = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 30_000 });
    this.#publisher.on('error', (err) => logger.warn({ err }, 'fanout publisher connection error'));
  }

  /** Connects the listener before returning, so no notice after start-up is missed. */
  static async start(url: string, logger: Logger): Promise<PgFanout> {
    const fanout = new PgFanout(url, logger);
    await fanout.#connect();
    return fanout;
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      const notice = msg.channel === FANOUT_CHANNEL ? decodeNotice(msg.payload) : null;
      if (notice) this.#listeners.emit(notice);
    });
    client.on('error', (err) => {
      this.logger.warn({ err }, 'fanout listener lost its connection; reconnecting');
      this.#reconnect(client);
    });
    client.on('end', () => this.#reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${FANOUT_CHANNEL}`);
    this.#listener = client;
    this.#backoff = BACKOFF_MIN_MS;
    if (this.#downSince !== null) {
      this.#reconnects++;
      this.#downSince = null;
    }
  }

  /** Replaces a broken listener, with exponential backoff. Missed notices are caught by the hub's poll. */
  #reconnect(broken: pg.Client): void {
    if (this.#closed || this.#listener !== broken) return;
    this.#listener = null;
    this.#downSince ??= Date.now();
    broken.removeAllListeners('end');
    void broken.end().catch(() => undefined);
    const attempt = () => {
      this.#retry = null;
      if (this.#closed) return;
      this.#connect().catch((err: unknown) => {
        this.logger.warn({ err, retryInMs: this.#backoff }, 'fanout listener reconnect failed');
        this.#backoff = Math.min(this.#backoff * 2, BACKOFF_MAX_MS);
        this.#retry = setTimeout(attempt, this.#backoff);
        this.#retry.unref();
      });
    };
    this.#retry = setTimeout(attempt, this.#backoff);
    this.#retry.unref();
  }

  async publish(notice: EventNotice): Promise<void> {
    await this.#publisher.query('SELECT pg_notify($1, $2)', [FANOUT_CHANNEL, encodeNotice(notice)]);
  }

  subscribe(listener: (notice: EventNotice) => void): () => void {
    return this.#listeners.add(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#listeners.clear();
    const listener = this.#listener;
    this.#listener = null;
    listener?.removeAllListeners('end');
    await Promise.allSettled([listener?.end(), this.#publisher.end()]);
  }
}
