/**
 * Reads of the append-only event log (`game_event`), payloads decoded (`rows.ts`). Writes happen in
 * the mutation's own statement (src/db/index.ts, `commitMove`); this file only reads what has committed.
 */
import type { GameEvent as GameEventRow } from '../generated/prisma/client.js';
import { isUuid } from '../uuid.js';
import type pg from 'pg';
import type { Db } from './client.js';
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
 * Up to `limit` events with seq > `afterSeq`, in seq order: one index range scan on the primary key,
 * so a page costs the events it returns, whatever the game's age. Read on the driver's pool: pages
 * and catch-ups are the hottest reads, and `pg` parses the JSON payloads with `JSON.parse` at a
 * fraction of the cost of mapping them through the query engine.
 */
export async function readEvents(
  pool: pg.Pool,
  gameId: string,
  afterSeq: number,
  limit: number,
): Promise<StoredEvent[]> {
  const { rows } = await pool.query<GameEventRow>(
    `SELECT game_id AS "gameId", seq, kind, version, actor_kind AS "actorKind",
            actor_player_id AS "actorPlayerId", payload, created_at AS "createdAt"
     FROM game_event WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    [gameId, afterSeq, limit],
  );
  return rows.map(decodeEventRow);
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
