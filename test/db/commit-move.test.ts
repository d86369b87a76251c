/**
 * `zk_commit_move`, the one statement that writes a planned move (src/db/index.ts, `commitMove`), called directly
 * with plans the service would never make: it applies all of a plan or none of it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { createGame, deck, draw, loadGame, zoneOf, type Created } from '../api/helpers.js';

let s: TestServer;
let db: pg.Client;
let g: Created;

beforeAll(async () => {
  s = await startTestServer();
  db = new pg.Client({ connectionString: s.databaseUrl });
  await db.connect();
  g = await createGame(s, 'mtg', [
    { name: 'A', deck: deck('A', 5) },
    { name: 'B', deck: deck('B', 5) },
  ]);
  const game = await loadGame(s, g.game.id, TEST_ADMIN_TOKEN);
  const me = g.seats[0]!.player.id;
  await draw(s, g.game.id, zoneOf(game, 'library', me), zoneOf(game, 'hand', me), 4, g.seats[0]!.token);
});

afterAll(() => db.end());

/** Everything a move could have written, to compare before and after. */
async function snapshot() {
  const q = async (sql: string) => (await db.query(sql, [g.game.id])).rows;
  return {
    game: await q('SELECT version, last_seq, updated_at FROM game WHERE id = $1'),
    objects: await q('SELECT * FROM game_object WHERE game_id = $1 ORDER BY key'),
    zones: await q('SELECT * FROM zone WHERE game_id = $1 ORDER BY id'),
    events: await q('SELECT seq FROM game_event WHERE game_id = $1 ORDER BY seq'),
    records: await q('SELECT key FROM idempotency_record WHERE game_id = $1 ORDER BY key'),
  };
}

/** A plan at the game's current version that moves one card back to the bottom of its library. */
async function plan(overrides: Record<string, unknown> = {}) {
  const { version, last_seq: lastSeq } = (
    await db.query('SELECT version, last_seq FROM game WHERE id = $1', [g.game.id])
  ).rows[0];
  const [card] = (
    await db.query(
      `SELECT o.* FROM game_object o JOIN zone z ON z.id = o.zone_id
       WHERE o.game_id = $1 AND z.type = 'hand' LIMIT 1`,
      [g.game.id],
    )
  ).rows;
  return {
    gameId: g.game.id,
    baseVersion: version,
    version: version + 1,
    lastSeq: lastSeq + 1,
    deleted: [],
    zonesCreated: [],
    created: [],
    updated: [{ ...card, zone_id: g.game.zones[0]!.id, sort_key: 1e9 }],
    zonesRemoved: [],
    events: [
      {
        seq: lastSeq + 1,
        kind: 'OBJECTS_MOVED',
        actor_kind: 'ADMIN',
        actor_player_id: null,
        payload: { kind: 'OBJECTS_MOVED' },
        created_at: new Date().toISOString(),
      },
    ],
    idempotency: {
      scope: 'test',
      key: `k-${version}`,
      request_hash: 'h',
      response: { version: version + 1 },
    },
    ...overrides,
  };
}

const commit = async (p: { gameId: string; [field: string]: unknown }) =>
  (
    await db.query<{ status: string }>('SELECT zk_commit_move($1::uuid, $2::jsonb) AS status', [
      p.gameId,
      JSON.stringify(p),
    ])
  ).rows[0]!.status;

describe('zk_commit_move', () => {
  it('writes nothing and answers conflict when the game has moved on from the planned version', async () => {
    const p = await plan();
    const before = await snapshot();
    expect(await commit({ ...p, baseVersion: p.baseVersion - 1 })).toBe('conflict');
    expect(await snapshot()).toEqual(before);
  });

  it('rolls everything back when a row the plan names is missing', async () => {
    const p = await plan();
    const before = await snapshot();
    const ghost = { ...p.updated[0], key: '00000000-0000-4000-8000-000000000000' };
    await expect(commit({ ...p, updated: [...p.updated, ghost] })).rejects.toThrow(/updated 1 of 2 objects/);
    await expect(commit({ ...p, deleted: [ghost.key] })).rejects.toThrow(/deleted 0 of 1 objects/);
    expect(await snapshot()).toEqual(before);
  });

  it('rolls everything back when the idempotency key is already recorded, or an event seq is taken', async () => {
    const p = await plan();
    expect(await commit(p)).toBe('committed');
    const before = await snapshot();
    const next = await plan();
    await expect(commit({ ...next, idempotency: p.idempotency })).rejects.toThrow(/idempotency_record_pkey/);
    await expect(commit({ ...next, events: p.events })).rejects.toThrow(/game_event_pkey/);
    expect(await snapshot()).toEqual(before);
  });

  it('applies a whole plan: version, rows, events and the idempotency record together', async () => {
    const p = await plan();
    expect(await commit(p)).toBe('committed');
    const after = await snapshot();
    expect(after.game[0]).toMatchObject({ version: p.version, last_seq: p.lastSeq });
    expect(after.events.at(-1)).toEqual({ seq: p.lastSeq });
    expect(after.records.map((r) => r.key)).toContain(p.idempotency.key);
    expect(after.objects.find((o) => o.key === p.updated[0].key)).toMatchObject({
      zone_id: g.game.zones[0]!.id,
      sort_key: 1e9,
    });
  });
});
