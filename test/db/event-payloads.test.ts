/**
 * The service's cache of decoded event payloads (`db/log-reads.ts`, `Store.eventPayloads`) against
 * a real PostgreSQL log: a page read again is neither sent again nor parsed again, and is what a read
 * without the cache gives; a row written again (another row version under the same game and seq) is
 * read afresh, never answered from the cache; a payload evicted while its page was being read is
 * read again, not lost; a row gone by then fails the page with a typed error, never a hole.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicErrorOf } from '../../src/authority/db-errors.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { DbError } from '../../src/db/errors.js';
import { ErrorCode } from '../../src/errors.js';
import { eventPayloadCache, readEvents, type EventPayloads } from '../../src/db/log-reads.js';
import { useTestDatabase } from '../support/db.js';
import { logWriter, type LogWriter } from '../events/log-rows.js';

let store: Database;
let log: LogWriter;
let admin: pg.Pool;

beforeAll(async () => {
  const database = await useTestDatabase();
  store = openDatabase(database.url, 3);
  admin = store.pool;
  log = await logWriter(database.url);
});
afterAll(async () => {
  await log?.close();
  await store?.db.$disconnect();
});

/** The pool, recording how many payloads each page statement sent (not null). */
function counting(after?: () => void) {
  const sent: number[] = [];
  const pool = {
    query: async (config: pg.QueryConfig) => {
      const result = await admin.query(config);
      if (/ORDER BY seq/.test(config.text))
        sent.push(result.rows.filter((r: { payload: unknown }) => r.payload !== null).length);
      after?.();
      return result;
    },
  } as unknown as pg.Pool;
  return { pool, sent };
}

describe('decoded event payloads, kept per service', () => {
  it('a page read again sends and parses no payload, and reads as without the cache', async () => {
    const gameId = await log.createGame();
    await log.append(gameId, 30, [], ['MTG 100.1']);
    const cache: EventPayloads = eventPayloadCache();
    const { pool, sent } = counting();
    const first = await readEvents({ pool, eventPayloads: cache }, gameId, 5, 10);
    const again = await readEvents({ pool, eventPayloads: cache }, gameId, 5, 10);
    // Overlapping page: 5 kept, 5 new.
    const overlap = await readEvents({ pool, eventPayloads: cache }, gameId, 10, 10);
    expect(sent).toEqual([10, 0, 5]);
    // Only the payload is read as text: every other column as the driver parses it.
    expect(first[0]).toMatchObject({ gameId, seq: 6, version: 6, kind: 'NO_MOVE', actorKind: 'SYSTEM' });
    expect(first[0]!.createdAt).toBeInstanceOf(Date);
    expect(again[0]!.createdAt).toBeInstanceOf(Date);
    expect(again.map((e) => e.seq)).toEqual(first.map((e) => e.seq));
    again.forEach((e, i) => expect(e.payload).toBe(first[i]!.payload));
    expect(again).toEqual(await readEvents({ pool: admin }, gameId, 5, 10));
    expect(overlap).toEqual(await readEvents({ pool: admin }, gameId, 10, 10));
  });

  it('a read that keeps nothing adds nothing to the cache, and still uses what it holds', async () => {
    const gameId = await log.createGame();
    await log.append(gameId, 30, [], ['MTG 100.1']);
    const cache = eventPayloadCache();
    const { pool, sent } = counting();
    const source = { pool, eventPayloads: cache };
    const unkept = await readEvents(source, gameId, 0, 10, false);
    expect(cache.size).toBe(0);
    await readEvents(source, gameId, 0, 10);
    expect(cache.size).toBe(10);
    // 5 held (not sent), 5 sent and not kept.
    const overlap = await readEvents(source, gameId, 5, 10, false);
    expect(sent).toEqual([10, 10, 5]);
    expect(cache.size).toBe(10);
    expect(unkept).toEqual(await readEvents({ pool: admin }, gameId, 0, 10));
    expect(overlap).toEqual(await readEvents({ pool: admin }, gameId, 5, 10));
  });

  it('a row written again is read afresh, not answered from the cache', async () => {
    const gameId = await log.createGame();
    await log.append(gameId, 3, [], ['MTG 100.1']);
    const cache = eventPayloadCache();
    const source = { pool: admin, eventPayloads: cache };
    expect((await readEvents(source, gameId, 0, 3))[1]!.payload.rules).toEqual(['MTG 100.1']);
    // Another row under the same game and seq (as a game removed by hand and imported again with its id would be).
    await admin.query(`DELETE FROM game_event WHERE game_id = $1 AND seq = 2`, [gameId]);
    await admin.query(
      `INSERT INTO game_event (game_id, seq, kind, version, actor_kind, payload)
       VALUES ($1, 2, 'NO_MOVE', 2, 'SYSTEM', $2::jsonb)`,
      [
        gameId,
        JSON.stringify({
          kind: 'NO_MOVE',
          zoneIds: [],
          transitions: [],
          zonesCreated: [],
          zonesRemoved: [],
          rules: ['MTG 104.3'],
        }),
      ],
    );
    const page = await readEvents(source, gameId, 0, 3);
    expect(page.map((e) => e.payload.rules)).toEqual([['MTG 100.1'], ['MTG 104.3'], ['MTG 100.1']]);
    // And kept as the new row's from then on.
    expect((await readEvents(source, gameId, 0, 3))[1]!.payload.rules).toEqual(['MTG 104.3']);
  });

  it('a payload evicted while its page is read is read again', async () => {
    const gameId = await log.createGame();
    await log.append(gameId, 8, [], ['MTG 100.1']);
    const cache = eventPayloadCache();
    await readEvents({ pool: admin, eventPayloads: cache }, gameId, 0, 8);
    // The statement is sent with every seq kept; the cache is emptied before its answer arrives.
    const { pool } = counting(() => cache.clear());
    const page = await readEvents({ pool, eventPayloads: cache }, gameId, 0, 8);
    expect(page).toEqual(await readEvents({ pool: admin }, gameId, 0, 8));
  });

  it('a row gone before its payload is read again fails the page with LOG_CHANGED_WHILE_READ', async () => {
    const gameId = await log.createGame();
    await log.append(gameId, 4, [], ['MTG 100.1']);
    const cache = eventPayloadCache();
    await readEvents({ pool: admin, eventPayloads: cache }, gameId, 0, 4);
    // Between the page's statements: the kept payloads evicted, and seq 3's row removed by hand.
    const pool = {
      query: async (config: pg.QueryConfig) => {
        const result = await admin.query(config);
        if (/ORDER BY seq/.test(config.text)) {
          cache.clear();
          await admin.query(`DELETE FROM game_event WHERE game_id = $1 AND seq = 3`, [gameId]);
        }
        return result;
      },
    } as unknown as pg.Pool;
    const failure = await readEvents({ pool, eventPayloads: cache }, gameId, 0, 4).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DbError);
    expect((failure as DbError).detail).toEqual({ kind: 'LOG_CHANGED_WHILE_READ', seq: 3 });
    expect(publicErrorOf((failure as DbError).detail)).toMatchObject({
      extensions: { code: ErrorCode.STALE_STATE },
      message: "The game's history changed while it was read; read it again.",
    });
  });

  it('keeps at most its budget of payload text', () => {
    const cache = eventPayloadCache();
    const payload = { kind: 'NO_MOVE' } as never;
    for (let seq = 1; seq <= 400; seq++) cache.set(`g|${seq}`, { payload, rowVersion: '1', size: 60_000 });
    expect(cache.calculatedSize).toBeLessThanOrEqual(cache.maxSize);
    expect(cache.size).toBeLessThan(400);
    // Larger than one entry may be: not kept at all.
    cache.set('g|big', { payload, rowVersion: '1', size: 2 ** 17 });
    expect(cache.has('g|big')).toBe(false);
  });
});
