/**
 * The event hub, one per service (`app.ts`): every live subscription of the service registers here.
 *
 * Delivery is driven by the log, never by the notice itself: a notice `(gameId, seq)` (from any
 * instance, through the {@link Fanout}) makes the hub read the new events of that game ONCE, then
 * hand each subscriber its copy redacted for its own viewer (one redaction per viewer per event,
 * however many subscribers share that viewer). A poll of the games it serves backs the notices up,
 * so an instance that committed but died before publishing delays events by one poll, no more.
 *
 * A subscriber first replays the log after its `afterSeq` on its own, a page at a time, paced by
 * its consumer; then it joins the live stream. Everything it receives is checked against the seq it
 * expects next, so it sees every event exactly once and in order: no gaps, no duplicates.
 *
 * Each subscriber's queue is bounded (`queueLimit`). A live subscriber whose queue is full leaves
 * the live stream and catches up from the log at its own pace, so a slow consumer costs bounded
 * memory and never delays the others. One that falls more than `maxLag` events behind the log's
 * head is dropped (its connection closed by `onSlow`): resuming with `afterSeq` is cheaper.
 */
import type { Database } from '../db/client.js';
import { lastSeqs, readEvents, type LogSource, type StoredEvent } from '../db/log-reads.js';
import { MalformedEventError } from '../db/rows.js';
import { ErrorCode, ZonekeeperError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { RulesetSpec, Viewer } from '../rules/index.js';
import type { EventNotice, Fanout } from './fanout.js';
import { Subscriber, type SubscribeRequest } from './subscriber.js';

export type { Subscriber, SubscribeRequest };

export interface HubOptions {
  /** Events a subscriber may have waiting before it is dropped as too slow. */
  readonly queueLimit: number;
  /** Events a subscriber may be behind the log's head before it is dropped as too slow. */
  readonly maxLag: number;
  /** Events read per query, for replays and for live reads. */
  readonly pageSize: number;
  /** How often the log of served games is polled, in case a notice was lost (ms); 0: never. */
  readonly pollIntervalMs: number;
  /**
   * A replay's page is added to the payload cache (`readEvents`' `keep`) only when it starts within
   * this many events of the log's head, or of a replay of the same game that follows it (which will
   * read the page next): well under what the cache holds (`db/log-reads.ts`).
   */
  readonly keepWithin: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  queueLimit: 200,
  maxLag: 1_000,
  pageSize: 100,
  pollIntervalMs: 1_500,
  keepWithin: 1_000,
};

/** Maps a stored event to what a viewer receives. Must apply the per-viewer redaction. */
export type EventMapper<T> = (row: StoredEvent, spec: RulesetSpec, viewer: Viewer) => T;

/**
 * Makes the mapper for one batch of events (one page read from the log). A mapper may share work
 * across its batch, e.g. load the game as of its events at most once for nested fields.
 */
export type EventMapperFactory<T> = (batch: readonly StoredEvent[]) => EventMapper<T>;

/**
 * What a subscription ends with when one of its events cannot be read or mapped (a stored payload
 * the service cannot decode or redact): a typed error, never a stream that stops without a word.
 */
export function unreadableEvent(seq: number): ZonekeeperError {
  return new ZonekeeperError(ErrorCode.INTERNAL_SERVER_ERROR, `Event ${seq} of this game cannot be read.`);
}

const touchesZone = (row: StoredEvent, zoneId: string | null): boolean =>
  zoneId === null || row.payload.zoneIds.includes(zoneId);

/** The subscribers of one game, and how far the hub has read its log for them. */
class GameChannel<T> {
  readonly subscribers = new Set<Subscriber<T>>();
  /** Highest seq handed to live subscribers. */
  cursor: number;
  /** Highest seq known to be committed. */
  target: number;
  pumping = false;

  constructor(
    readonly gameId: string,
    readonly spec: RulesetSpec,
    lastSeq: number,
  ) {
    this.cursor = lastSeq;
    this.target = lastSeq;
  }
}

export class EventHub<T> {
  readonly #games = new Map<string, GameChannel<T>>();
  readonly #options: HubOptions;
  readonly #unsubscribe: () => void;
  readonly #poll: NodeJS.Timeout | null;
  #polling = false;
  #closed = false;

  constructor(
    private readonly deps: {
      /** The database: the log's pages are read on its pool (payloads kept in its cache, if it has one). */
      readonly store: Database & LogSource;
      readonly fanout: Fanout;
      readonly logger: Logger;
      /** `subscriptions_active`; optional so unit tests can leave it out. */
      readonly metrics?: Pick<Metrics, 'subscriptionOpened' | 'subscriptionClosed'>;
    },
    private readonly mapper: EventMapperFactory<T>,
    options: Partial<HubOptions> = {},
  ) {
    this.#options = { ...DEFAULT_HUB_OPTIONS, ...options };
    this.#unsubscribe = deps.fanout.subscribe((notice) => this.notify(notice));
    this.#poll =
      this.#options.pollIntervalMs > 0
        ? setInterval(() => void this.#pollLog(), this.#options.pollIntervalMs).unref()
        : null;
  }

  /** Registers a subscription. Its replay starts at once; the iterator's `return()` unregisters it. */
  async subscribe(request: SubscribeRequest): Promise<Subscriber<T>> {
    if (this.#closed) throw new Error('event hub is closed');
    const channel = await this.#channel(request.gameId, request.spec);
    const { queueLimit, pageSize } = this.#options;
    // A replay page only starts when a whole page fits, so replays never overflow the queue.
    const sub = new Subscriber<T>(request, queueLimit, Math.max(0, queueLimit - pageSize), (s) =>
      this.#remove(channel, s),
    );
    channel.subscribers.add(sub);
    this.deps.metrics?.subscriptionOpened();
    void this.#replay(channel, sub);
    return sub;
  }

  /** A committed seq was announced (by this or another instance). */
  notify(notice: EventNotice): void {
    const channel = this.#games.get(notice.gameId);
    if (!channel) return;
    if (notice.seq > channel.target) channel.target = notice.seq;
    if (channel.target > channel.cursor && !channel.pumping) void this.#pump(channel);
  }

  /** Games served and live subscriptions (for tests, metrics and the leak check). */
  stats(): { games: number; subscribers: number } {
    let subscribers = 0;
    for (const channel of this.#games.values()) subscribers += channel.subscribers.size;
    return { games: this.#games.size, subscribers };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#poll) clearInterval(this.#poll);
    this.#unsubscribe();
    for (const channel of [...this.#games.values()])
      for (const sub of [...channel.subscribers]) void sub.return();
    this.#games.clear();
  }

  async #channel(gameId: string, spec: RulesetSpec): Promise<GameChannel<T>> {
    const existing = this.#games.get(gameId);
    if (existing) return existing;
    const last = (await lastSeqs(this.deps.store.db, [gameId])).get(gameId) ?? 0;
    // Another subscriber may have opened the channel while we read.
    const channel = this.#games.get(gameId) ?? new GameChannel<T>(gameId, spec, last);
    this.#games.set(gameId, channel);
    return channel;
  }

  /** Called once per subscriber, however it ends (`Subscriber.#finish` is guarded). */
  #remove(channel: GameChannel<T>, sub: Subscriber<T>): void {
    this.deps.metrics?.subscriptionClosed();
    channel.subscribers.delete(sub);
    if (channel.subscribers.size === 0 && this.#games.get(channel.gameId) === channel)
      this.#games.delete(channel.gameId);
  }

  /**
   * Brings one subscriber from its `afterSeq` up to the live stream, reading the log itself. It goes
   * live only in the same tick in which it has seen everything the channel has dispatched, so the
   * hand-over leaves no gap; anything dispatched twice is dropped by seq.
   */
  async #replay(channel: GameChannel<T>, sub: Subscriber<T>): Promise<void> {
    const { pageSize } = this.#options;
    try {
      for (;;) {
        await sub.room();
        if (sub.ended || this.#tooFar(channel, sub)) return;
        const keep = this.#keeps(channel, sub);
        const rows = await readEvents(this.deps.store, channel.gameId, sub.lastSeq, pageSize, keep);
        const map = this.mapper(rows);
        for (const row of rows) {
          if (row.seq <= sub.lastSeq) continue;
          const wanted = touchesZone(row, sub.request.zoneId);
          if (!sub.push(row.seq, wanted, () => this.#mapped(map, row, channel, sub))) break;
        }
        if (sub.ended) return;
        if (rows.length < pageSize && channel.cursor <= sub.lastSeq) {
          sub.live = true;
          sub.caughtUp = true;
          return;
        }
      }
    } catch (err) {
      this.deps.logger.error({ err, gameId: channel.gameId }, 'event replay failed');
      sub.fail(err instanceof MalformedEventError ? unreadableEvent(sub.lastSeq + 1) : err);
    } finally {
      sub.request.onCaughtUp?.();
    }
  }

  /**
   * Whether the page `sub` reads next is worth keeping in the payload cache: it starts near the log's
   * head (where live reads, history pages and reconnecting clients read), or another replay of the
   * game is a little behind it and will read the same events. A catch-up from far back, alone,
   * keeps nothing: its events would push out the pages others read again, and be evicted unread.
   */
  #keeps(channel: GameChannel<T>, sub: Subscriber<T>): boolean {
    const within = this.#options.keepWithin;
    if (channel.target - sub.lastSeq <= within) return true;
    for (const other of channel.subscribers)
      if (
        other !== sub &&
        !other.live &&
        other.lastSeq <= sub.lastSeq &&
        sub.lastSeq - other.lastSeq <= within
      )
        return true;
    return false;
  }

  /** Reads the channel's new events once and dispatches them to its live subscribers. */
  async #pump(channel: GameChannel<T>): Promise<void> {
    channel.pumping = true;
    try {
      while (channel.cursor < channel.target && this.#games.get(channel.gameId) === channel) {
        const rows = await readEvents(
          this.deps.store,
          channel.gameId,
          channel.cursor,
          this.#options.pageSize,
        );
        if (rows.length === 0) {
          channel.target = channel.cursor;
          break;
        }
        const map = this.mapper(rows);
        for (const row of rows) this.#dispatch(channel, row, map);
      }
    } catch (err) {
      if (err instanceof MalformedEventError) {
        // Retrying cannot help: the log holds a payload this service cannot decode.
        this.deps.logger.error({ err, gameId: channel.gameId }, 'a stored event cannot be decoded');
        for (const sub of channel.subscribers) if (sub.live) sub.fail(unreadableEvent(channel.cursor + 1));
      } else {
        // The next notice or poll retries from the same cursor.
        this.deps.logger.warn({ err, gameId: channel.gameId }, 'reading new events failed');
      }
    } finally {
      channel.pumping = false;
    }
  }

  #dispatch(channel: GameChannel<T>, row: StoredEvent, map: EventMapper<T>): void {
    if (row.seq <= channel.cursor) return;
    channel.cursor = row.seq;
    if (row.seq > channel.target) channel.target = row.seq;
    const views = new Map<string, T>();
    for (const sub of channel.subscribers) {
      if (!sub.live) {
        this.#tooFar(channel, sub);
        continue;
      }
      if (row.seq <= sub.lastSeq) continue;
      const delivered =
        row.seq === sub.lastSeq + 1 &&
        sub.push(row.seq, touchesZone(row, sub.request.zoneId), () => {
          let view = views.get(sub.viewerKey);
          if (view === undefined) {
            view = this.#mapped(map, row, channel, sub);
            views.set(sub.viewerKey, view);
          }
          return view;
        });
      if (!delivered) {
        // Queue full (or, impossible while seqs are gapless, a gap): catch up from the log instead.
        sub.live = false;
        if (!this.#tooFar(channel, sub)) void this.#replay(channel, sub);
      }
    }
  }

  /**
   * One event as `sub`'s viewer receives it. A failure is logged with the event's place and thrown as
   * {@link unreadableEvent}, which the subscriber's queue turns into the end of its stream.
   */
  #mapped(map: EventMapper<T>, row: StoredEvent, channel: GameChannel<T>, sub: Subscriber<T>): T {
    try {
      return map(row, channel.spec, sub.request.viewer);
    } catch (err) {
      this.deps.logger.error({ err, gameId: channel.gameId, seq: row.seq }, 'an event cannot be mapped');
      throw unreadableEvent(row.seq);
    }
  }

  /** Drops `sub` if, once caught up, it fell more than `maxLag` events behind the log's head. */
  #tooFar(channel: GameChannel<T>, sub: Subscriber<T>): boolean {
    if (!sub.caughtUp || channel.target - sub.lastSeq + sub.backlog <= this.#options.maxLag) return false;
    sub.dropSlow();
    return true;
  }

  async #pollLog(): Promise<void> {
    if (this.#polling || this.#games.size === 0) return;
    this.#polling = true;
    try {
      const seqs = await lastSeqs(this.deps.store.db, [...this.#games.keys()]);
      for (const [gameId, seq] of seqs) this.notify({ gameId, seq });
    } catch (err) {
      this.deps.logger.warn({ err }, 'event log poll failed');
    } finally {
      this.#polling = false;
    }
  }
}
