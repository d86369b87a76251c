/**
 * Reads of the append-only event log (`game_event`), payloads decoded (`rows.ts`). Writes happen in
 * the mutation's own statement (src/db/index.ts, `commitMove`); this file only reads what has committed.
 */
import { LRUCache } from 'lru-cache';
import type { GameEvent as GameEventRow } from '../generated/prisma/client.js';
import type { DomainEvent } from '../rules/index.js';
import { isUuid } from '../uuid.js';
import pg from 'pg';
import type { Db } from './client.js';
import { dbError } from './errors.js';
import { decodeEventRow, type StoredEvent } from './rows.js';

export type { StoredEvent };

/** What an event reader needs of a game: its ruleset and the last committed seq. Null if unknown. */
export async function findGameLog(
  db: Db,
  gameId: string,
): Promise<{ ruleset: string; rulesetVersion: string | null; lastSeq: number } | null> {
  if (!isUuid(gameId)) return null;
  return db.game.findUnique({
    where: { id: gameId },
    select: { ruleset: true, rulesetVersion: true, lastSeq: true },
  });
}

/** Whether the game has a zone with this id (zoneEvents refuses unknown zones). */
export async function hasZone(db: Db, gameId: string, zoneId: string): Promise<boolean> {
  if (!isUuid(zoneId)) return false;
  return (await db.zone.count({ where: { id: zoneId, gameId } })) > 0;
}

/**
 * Most payload text (UTF-16 code units of the stored JSON, as `pg` hands it over) the payload cache
 * keeps: about 10 MB of decoded objects (a decoded payload takes about 1.25 times its text), some
 * 1,800 events of a game's moves (about 4.5 kB each), 18 pages of 100.
 */
export const EVENT_PAYLOADS_MAX_TEXT = 2 ** 23;
/** A payload larger than this is not kept (a new game's event of a large game): it would evict hundreds. */
export const EVENT_PAYLOAD_MAX_KEPT = 2 ** 16;

/** A decoded payload, with the row version it was read from (`xmin`) and the size of its text. */
interface KeptPayload {
  readonly payload: DomainEvent;
  readonly rowVersion: string;
  readonly size: number;
}

/**
 * Decoded payloads of the events read last, by game and seq (`Store.eventPayloads`): a committed
 * event never changes, so a page read again (a flood of one page, spectators on the same history,
 * catch-ups from one seq) fetches and parses its payloads once, not once per read. Each is kept
 * with its row's version (`xmin`), and used only for a row of that version: a row written again
 * (a game removed by hand and another imported with its id) is read afresh.
 */
export type EventPayloads = LRUCache<string, KeptPayload>;

/** The service's payload cache, bounded by {@link EVENT_PAYLOADS_MAX_TEXT}. */
export function eventPayloadCache(): EventPayloads {
  return new LRUCache<string, KeptPayload>({
    maxSize: EVENT_PAYLOADS_MAX_TEXT,
    maxEntrySize: EVENT_PAYLOAD_MAX_KEPT,
    sizeCalculation: (kept) => Math.max(1, kept.size),
  });
}

/** What {@link readEvents} reads with: the driver's pool and, when the service has one, its payload cache. */
export interface LogSource {
  readonly pool: pg.Pool;
  readonly eventPayloads?: EventPayloads;
}

const keyOf = (gameId: string, seq: number) => `${gameId}|${seq}`;

/** A row of a page as read: its payload's text, unless the cache was told it holds it (then null). */
type PageRow = Omit<GameEventRow, 'payload'> & { rowVersion: string; payload: string | null };

/** PostgreSQL's type oid of `jsonb`. */
const JSONB_OID = 3802;

/** `jsonb` (the payload) kept as its text, to be parsed and measured here; every other type as `pg` parses it. */
const asText: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === JSONB_OID
      ? (text: string) => text
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

const PAGE_COLUMNS = `game_id AS "gameId", seq, kind, version, actor_kind AS "actorKind",
            actor_player_id AS "actorPlayerId", created_at AS "createdAt", xmin::text AS "rowVersion"`;

/**
 * Up to `limit` events with seq > `afterSeq`, in seq order: one index range scan on the primary key,
 * so a page costs the events it returns, whatever the game's age. Read on the driver's pool: pages
 * and catch-ups are the hottest reads, and the payloads' JSON is parsed with `JSON.parse` at a
 * fraction of the cost of mapping it through the query engine. The payloads the cache holds are not
 * sent again: the statement names their seqs and gets null for them, and a kept payload is used
 * only for the row version it was read from (else that row's payload is read in a second statement).
 * With `keep` false the payloads it parses are not added to the cache (it still uses those the cache
 * holds): a read far behind a game's head (a catch-up from its start) would otherwise push out the
 * pages others read again, for payloads no one else is likely to read before they are evicted, and
 * keep each of them alive long enough to be copied by the garbage collector into the old generation.
 */
export async function readEvents(
  source: LogSource,
  gameId: string,
  afterSeq: number,
  limit: number,
  keep = true,
): Promise<StoredEvent[]> {
  const cache = source.eventPayloads;
  const held: number[] = [];
  // Seqs are dense from 1: the page's are afterSeq + 1 … afterSeq + limit, at most.
  if (cache)
    for (let seq = afterSeq + 1; seq <= afterSeq + limit; seq++)
      if (cache.has(keyOf(gameId, seq))) held.push(seq);
  const { rows } = await source.pool.query<PageRow>({
    text: `SELECT ${PAGE_COLUMNS}, CASE WHEN seq = ANY($4::int[]) THEN NULL ELSE payload END AS payload
     FROM game_event WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    values: [gameId, afterSeq, limit, held],
    types: asText,
  });
  // The kept payloads the statement left out, taken now: parsing the others may evict them.
  const kept = new Map<number, DomainEvent>();
  const stale: number[] = [];
  for (const row of rows) {
    if (row.payload !== null) continue;
    const entry = cache?.get(keyOf(gameId, row.seq));
    if (entry?.rowVersion === row.rowVersion) kept.set(row.seq, entry.payload);
    else stale.push(row.seq);
  }
  if (stale.length > 0) {
    // Evicted since the statement was sent, or kept from another row version: read those again.
    const { rows: again } = await source.pool.query<PageRow>({
      text: `SELECT ${PAGE_COLUMNS}, payload FROM game_event WHERE game_id = $1 AND seq = ANY($2::int[])`,
      values: [gameId, stale],
      types: asText,
    });
    const bySeq = new Map(again.map((r) => [r.seq, r]));
    for (const [i, row] of rows.entries()) rows[i] = bySeq.get(row.seq) ?? row;
  }
  return rows.map((row): StoredEvent => {
    const { rowVersion, payload: text, ...rest } = row;
    const payload = kept.get(row.seq);
    if (text === null) {
      if (!payload) throw dbError({ kind: 'LOG_CHANGED_WHILE_READ', seq: row.seq });
      return { ...rest, payload };
    }
    const event = decodeEventRow({ ...rest, payload: JSON.parse(text) as unknown });
    if (keep) cache?.set(keyOf(gameId, row.seq), { payload: event.payload, rowVersion, size: text.length });
    return event;
  });
}

/**
 * The highest committed seq of each game (0 when it has no events). Read from the log itself, not
 * from `game.last_seq`, so that it is exactly what {@link readEvents} can return.
 */
export async function lastSeqs(db: Db, gameIds: readonly string[]): Promise<Map<string, number>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db.gameEvent.groupBy({
    by: ['gameId'],
    where: { gameId: { in: [...gameIds] } },
    _max: { seq: true },
  });
  return new Map(rows.map((r) => [r.gameId, r._max.seq ?? 0]));
}
