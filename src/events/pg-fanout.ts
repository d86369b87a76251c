/**
 * Fanout over PostgreSQL LISTEN/NOTIFY: the default for several instances sharing one database.
 * It needs nothing beyond the database itself.
 *
 * Notices are sent after the commits they announce, each in a small transaction of its own, never
 * inside a move's: a transaction that queued a NOTIFY holds PostgreSQL's database-wide notify lock
 * from before its commit record is written until that record is flushed, so moves that notified as
 * they committed waited for each other's flushes one at a time. Here only the notices queue, and
 * they are cheap: notices published while one batch is on its way are sent together in the next
 * (one per game, its highest seq), and the publisher's session commits them without waiting for
 * the flush (`synchronous_commit=off`): a notice is not durable anyway; the log is, and the hubs
 * poll it for any notice that never arrives.
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

/** Notices on their way in one statement: the highest seq of each game. */
interface Batch {
  readonly seqs: Map<string, number>;
  readonly sent: Promise<void>;
}

/**
 * One statement sends a batch: one notice per game. Named, so the publisher's connection parses it
 * once and each batch sends only its parameters.
 */
const NOTIFY_BATCH = {
  name: 'zk_notify_batch',
  text: `SELECT pg_notify($1, n) FROM unnest($2::text[]) AS n`,
};

export class PgFanout implements Fanout {
  readonly #listeners = new Listeners();
  /** Publishing has a connection of its own, so it never waits behind the dedicated listener. */
  readonly #publisher: pg.Pool;
  /** The batch still taking notices: it is sent once the one before it was. */
  #open: Batch | null = null;
  /** The last batch sent or on its way (settled: errors reach its own callers). */
  #sending: Promise<void> = Promise.resolve();
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
    this.#publisher = new pg.Pool({
      connectionString: url,
      max: 1,
      idleTimeoutMillis: 30_000,
      options: '-c synchronous_commit=off',
    });
    this.#publisher.on('error', (err) => logger.warn({ err }, 'fanout publisher connection error'));
    // A connection dropped while checked out: its batch fails and is logged by its caller.
    this.#publisher.on('connect', (client) => client.on('error', () => undefined));
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

  /** Resolves once the batch that carries `notice` (or a later seq of its game) was sent. */
  publish(notice: EventNotice): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('fanout is closed'));
    const batch = (this.#open ??= this.#nextBatch());
    const had = batch.seqs.get(notice.gameId);
    if (had === undefined || notice.seq > had) batch.seqs.set(notice.gameId, notice.seq);
    return batch.sent;
  }

  /** A batch that closes and goes out as soon as the one on its way is sent. */
  #nextBatch(): Batch {
    const seqs = new Map<string, number>();
    const sent = this.#sending.then(async () => {
      this.#open = null;
      const notices = [...seqs].map(([gameId, seq]) => encodeNotice({ gameId, seq }));
      await this.#publisher.query({ ...NOTIFY_BATCH, values: [FANOUT_CHANNEL, notices] });
    });
    this.#sending = sent.catch(() => undefined);
    return { seqs, sent };
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
    // Notices already published still go out before the publisher's connection closes.
    await this.#sending;
    await Promise.allSettled([listener?.end(), this.#publisher.end()]);
  }
}
