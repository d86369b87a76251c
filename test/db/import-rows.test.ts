/**
 * An import's bulk writes (`writeWholeGame`, src/db/transfer-io.ts): the checkpoint and event rows
 * it stores are exactly those Prisma's `createMany` stores for the same game (every column but the
 * game id and a checkpoint's `created_at`), whether they go in one statement or one per row; and a
 * failing row rolls the whole game back.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/app.js';
import { initialState } from '../../src/authority/starting-layout.js';
import type { GameStore } from '../../src/db/index.js';
import { appendEvents, type StoredEvent } from '../../src/db/rows.js';
import { storedTableOf } from '../../src/db/table-state.js';
import { jsonBatches, writeWholeGame, type GameToWrite } from '../../src/db/transfer-io.js';
import type { Prisma } from '../../src/generated/prisma/client.js';
import { newId } from '../../src/ids.js';
import { noMove, type DomainEvent, type GameState } from '../../src/rules/index.js';
import { useTestDatabase } from '../support/db.js';
import { builtinRulesets } from '../support/rulesets.js';

let store: GameStore;
let client: pg.Client;

beforeAll(async () => {
  const db = await useTestDatabase();
  store = openStore(db.url, { DATABASE_POOL_SIZE: 2, STATE_CACHE_GAMES: 10 }, builtinRulesets());
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await store?.db.$disconnect();
});

/**
 * A game to write under a new id: two seats, three checkpoints (one without a table, two with,
 * the last with awkward JSON: unicode, quotes, nested nulls) and events of every actor shape.
 */
function gameToWrite(): GameToWrite {
  const spec = builtinRulesets().get('mtg')!;
  const seats = [0, 1].map((s) => ({
    name: `Seat ${s} "quoted" \u00e9\u{1F600}`,
    deck: Array.from({ length: 4 }, (_, i) => ({
      name: `Card ${s}-${i} \\ ' "`,
      types: ['Creature'],
      subtypes: [],
      text: `Text ${i}\nline`,
      attributes: { cost: i, nested: { a: null, b: [1, 2.5, -0] } },
      zone: null,
      zoneIndex: 0,
      faceUp: null,
    })),
  }));
  const playerIds = [newId(), newId()];
  const start = initialState(spec, seats, playerIds);
  const withTable: GameState = { ...start, entropy: 'ab'.repeat(32), randomActs: 3 };
  // The same state with nothing beyond objects: its checkpoint has no table.
  const bare: GameState = {
    ruleset: start.ruleset,
    players: start.players.map((p) => ({ id: p.id, seat: p.seat })),
    zones: start.zones.map(({ counters: _, ...z }) => z),
    objects: start.objects,
  };
  expect(storedTableOf(bare)).toBeNull();
  expect(storedTableOf(withTable)).not.toBeNull();
  const gameId = newId();
  const at = new Date('2026-01-02T03:04:05.678Z');
  const event = (seq: number, actor: StoredEvent['actorKind'], by: string | null): StoredEvent => ({
    gameId,
    seq,
    version: seq,
    kind: 'NO_MOVE',
    actorKind: actor,
    actorPlayerId: by,
    createdAt: new Date(at.getTime() + seq),
    payload: { ...noMove(), note: `event ${seq} \u2603 "x"` } as DomainEvent,
  });
  return {
    game: {
      id: gameId,
      ruleset: 'mtg',
      rulesetVersion: null,
      status: 'ACTIVE',
      version: 5,
      lastSeq: 5,
      createdAt: at,
      endedAt: null,
      importedFrom: newId(),
    } as GameToWrite['game'],
    players: start.players.map((p, seat) => ({
      id: p.id,
      seat,
      name: `Seat ${seat}`,
      tokenHash: `hash-${seat}`,
    })),
    zones: start.zones.map((z) => ({ ...z, createdAt: at })),
    state: { objects: start.objects },
    events: [
      event(1, 'SYSTEM', null),
      event(2, 'PLAYER', playerIds[0]!),
      event(3, 'ADMIN', null),
      event(4, 'REFEREE', null),
      event(5, 'PLAYER', playerIds[1]!),
    ],
    spectatorTokenHash: 'spectator-hash',
    refereeTokenHash: 'referee-hash',
    rng: {
      scheme: 'zk-rng/1',
      seed: '00'.repeat(32),
      derivation_id: gameId,
      reveal_faces: false,
      coveredFromSeq: 1,
    },
    replayed: {
      checkpoints: [
        { seq: 1, state: bare },
        { seq: 3, state: withTable },
        { seq: 5, state: { ...withTable, objects: withTable.objects.slice(1) } },
      ],
      final: withTable,
    },
  };
}

/** The same game under a new id (and its events' game id). */
const renamed = (g: GameToWrite): GameToWrite => {
  const id = newId();
  return {
    ...g,
    game: { ...g.game, id },
    rng: { ...g.rng, derivation_id: id },
    events: g.events.map((e) => ({ ...e, gameId: id })),
  };
};

/** Prisma's `createMany` of the checkpoint and event rows: the writes the bulk statements replace. */
async function writeWithPrisma(g: GameToWrite): Promise<void> {
  await writeWholeGame(store.db, { ...g, events: [], replayed: { ...g.replayed, checkpoints: [] } });
  await store.db.$transaction(async (tx) => {
    await tx.gameCheckpoint.createMany({
      data: g.replayed.checkpoints.map((c) => {
        const table = storedTableOf(c.state);
        return {
          gameId: g.game.id,
          seq: c.seq,
          zones: c.state.zones as unknown as Prisma.InputJsonValue,
          objects: c.state.objects as unknown as Prisma.InputJsonValue,
          ...(table ? { tableState: table as unknown as Prisma.InputJsonValue } : {}),
        };
      }),
    });
    await appendEvents(tx, g.events);
  });
}

/** Every stored column of the game's checkpoints and events but the game id (and checkpoints' time). */
async function storedRows(gameId: string) {
  const checkpoints = await client.query(
    `SELECT seq, zones::text, objects::text, table_state::text, table_state IS NULL AS no_table
     FROM game_checkpoint WHERE game_id = $1 ORDER BY seq`,
    [gameId],
  );
  const events = await client.query(
    `SELECT seq, kind, version, actor_kind::text, actor_player_id, payload::text, created_at
     FROM game_event WHERE game_id = $1 ORDER BY seq`,
    [gameId],
  );
  return { checkpoints: checkpoints.rows, events: events.rows };
}

describe('writeWholeGame', () => {
  it('stores the checkpoint and event rows createMany stores, in one statement or one per row', async () => {
    const g = gameToWrite();
    const reference = renamed(g);
    const oneByOne = renamed(g);
    await writeWholeGame(store.db, g);
    await writeWithPrisma(reference);
    await writeWholeGame(store.db, oneByOne, 1);
    const expected = await storedRows(reference.game.id);
    expect(expected.checkpoints).toHaveLength(3);
    expect(expected.events).toHaveLength(5);
    expect(expected.checkpoints.map((c) => c.no_table)).toEqual([true, false, false]);
    expect(await storedRows(g.game.id)).toEqual(expected);
    expect(await storedRows(oneByOne.game.id)).toEqual(expected);
  });

  it('writes nothing when a row fails, even in a later batch', async () => {
    const g = gameToWrite();
    // A seq twice: the primary key refuses the last batch's row, after every other write.
    const bad = { ...g, events: [...g.events, g.events[4]!] };
    await expect(writeWholeGame(store.db, bad, 1)).rejects.toThrow();
    const counts = await client.query(
      `SELECT (SELECT count(*) FROM game WHERE id = $1)::int AS games,
              (SELECT count(*) FROM game_checkpoint WHERE game_id = $1)::int AS checkpoints,
              (SELECT count(*) FROM game_event WHERE game_id = $1)::int AS events`,
      [g.game.id],
    );
    expect(counts.rows[0]).toEqual({ games: 0, checkpoints: 0, events: 0 });
  });
});

describe('jsonBatches', () => {
  it('keeps every row, in order, each batch within the limit unless one row alone exceeds it', () => {
    const rows = ['{"a":1}', '{"b":22}', '{"c":333}', '{"d":4444444444444}', '{}'];
    for (const limit of [1, 10, 20, 30, 1000]) {
      const batches = jsonBatches(rows, limit);
      expect(batches.flatMap((b) => JSON.parse(b) as unknown[])).toEqual(rows.map((r) => JSON.parse(r)));
      for (const b of batches)
        if ((JSON.parse(b) as unknown[]).length > 1) expect(b.length).toBeLessThanOrEqual(limit);
    }
    expect(jsonBatches([], 10)).toEqual([]);
    expect(jsonBatches(rows, 1000)).toHaveLength(1);
  });
});
