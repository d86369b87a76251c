/**
 * Fanout over Redis pub/sub, chosen by setting REDIS_URL. Useful when the database should not carry
 * notification traffic. ioredis reconnects and re-subscribes by itself.
 */
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import {
  decodeNotice,
  encodeNotice,
  FANOUT_CHANNEL,
  Listeners,
  type EventNotice,
  type Fanout,
} from './fanout.js';

export class RedisFanout implements Fanout {
  readonly #listeners = new Listeners();
  #reconnects = 0;
  #downSince: number | null = null;
  readonly health = () => ({ reconnects: this.#reconnects, downSince: this.#downSince });

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
  ) {
    sub.on('message', (channel: string, message: string) => {
      const notice = channel === FANOUT_CHANNEL ? decodeNotice(message) : null;
      if (notice) this.#listeners.emit(notice);
    });
    // ioredis reconnects and re-subscribes by itself; counted here for /metrics.
    sub.on('reconnecting', () => {
      this.#downSince ??= Date.now();
    });
    sub.on('ready', () => {
      if (this.#downSince === null) return;
      this.#reconnects++;
      this.#downSince = null;
    });
  }

  /** Connects both connections and subscribes before returning. */
  static async start(url: string, logger: Logger): Promise<RedisFanout> {
    const connect = (role: string) => {
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
      client.on('error', (err) => logger.warn({ err, role }, 'redis fanout connection error'));
      return client;
    };
    const pub = connect('publisher');
    const sub = connect('subscriber');
    try {
      await Promise.all([pub.connect(), sub.connect()]);
      await sub.subscribe(FANOUT_CHANNEL);
    } catch (err) {
      pub.disconnect();
      sub.disconnect();
      throw err;
    }
    return new RedisFanout(pub, sub);
  }

  async publish(notice: EventNotice): Promise<void> {
    await this.pub.publish(FANOUT_CHANNEL, encodeNotice(notice));
  }

  // jscpd:ignore-start — the same Fanout methods as LocalFanout's: both keep local listeners.
  subscribe(listener: (notice: EventNotice) => void): () => void {
    return this.#listeners.add(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    // jscpd:ignore-end
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
