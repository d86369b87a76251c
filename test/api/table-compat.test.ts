/**
 * The table and what came before it (issue 28, done when 5 and 10): a game created before statuses,
 * counters and turns existed (its ruleset version declares none, its rows hold none) still moves,
 * views and replays, answers a tap with a named code and has a null result once ended; an export in
 * `zonekeeper.game/1` still imports; a `/2` export carries the table and its import has the same.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import {
  EXPORT_GAME,
  END_GAME,
  IMPORT_GAME,
  gameAt,
  ok as adminOk,
  type ImportJson,
} from '../admin/support.js';
import { createGame, deck, ok, refused } from './helpers.js';
import { rulesetVersionOf } from '../../src/rulesets/load.js';
import type { RulesetDocument } from '../../src/rules/index.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});

const TABLE = `query T($id: ID!) { game(id: $id) { status rulesetVersion turn { number phase activePlayer { seat } }
  result { draw reason winners { seat } } players { seat conceded counters { kind amount } }
  zones { type counters { kind amount } objects { id card { name } statuses { name value } counters { kind amount } } } } }`;

interface Table {
  status: string;
  rulesetVersion: string;
  turn: unknown;
  result: unknown;
  players: unknown[];
  zones: { type: string; counters: unknown[]; objects: { id: string; card: { name: string } | null }[] }[];
}

async function table(id: string, token = TEST_ADMIN_TOKEN): Promise<Table> {
  const res = await s.gql<{ game: Table }>(TABLE, { id }, token);
  expect(res.errors).toBeUndefined();
  return res.data!.game;
}

const objectNamed = (t: Table, name: string) =>
  t.zones.flatMap((z) => z.objects).find((o) => o.card?.name === name)!;

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: s.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Makes a new MTG game look like one created before this change: its ruleset version is one whose
 * content has no statuses, counters or turn (stored as such a version would have been), and its rows
 * and log carry none of the table.
 */
let OLD_VERSION = '';

async function makeOld(gameId: string): Promise<void> {
  const [row] = await sql<{ content: Record<string, unknown> }>(
    `SELECT v.content FROM ruleset_version v JOIN game g ON g.ruleset = v.ruleset AND g.ruleset_version = v.version WHERE g.id = $1`,
    [gameId],
  );
  const { statuses: _s, counters: _c, turn: _t, ...rest } = row!.content;
  const old = { ...rest, seatPolicy: { ...(rest['seatPolicy'] as object), othersVisible: ['moveObjects'] } };
  OLD_VERSION = rulesetVersionOf(old as unknown as RulesetDocument);
  await sql(
    `INSERT INTO ruleset_version (ruleset, version, content) VALUES ('mtg', $1, $2) ON CONFLICT DO NOTHING`,
    [OLD_VERSION, JSON.stringify(old)],
  );
  await sql(`UPDATE game SET ruleset_version = $2, table_state = NULL WHERE id = $1`, [gameId, OLD_VERSION]);
  await sql(
    `UPDATE game_event SET payload = (payload - 'table') || jsonb_build_object('players',
       (SELECT jsonb_agg(p - 'counters') FROM jsonb_array_elements(payload->'players') p))
     WHERE game_id = $1 AND seq = 1`,
    [gameId],
  );
}

describe('a game from before the table', () => {
  it('moves, views and replays; a tap answers NO_STATUSES; ended, its result is null', async () => {
    const g = await createGame(s, 'mtg', [
      { name: 'Ann', deck: [{ name: 'Bear', types: ['Creature'], zone: 'battlefield' }, ...deck('A', 3)] },
      { name: 'Bob', deck: deck('B', 3) },
    ]);
    await makeOld(g.game.id);
    // A fresh server: nothing of the game is cached from before the change.
    const old = await startTestServer({}, { databaseUrl: s.databaseUrl });
    try {
      const ann = g.seats[0]!.token;
      const view = await old.gql<{ game: Table }>(TABLE, { id: g.game.id }, ann);
      expect(view.errors).toBeUndefined();
      expect(view.data!.game).toMatchObject({ rulesetVersion: OLD_VERSION, turn: null, result: null });
      expect(view.data!.game.players).toEqual([
        { seat: 0, conceded: false, counters: [] },
        { seat: 1, conceded: false, counters: [] },
      ]);
      const bear = objectNamed(view.data!.game, 'Bear');
      const tap = await old.gql(
        `mutation { setStatus(input: { gameId: "${g.game.id}", objectIds: ["${bear.id}"], name: "tapped", value: "tapped" }) { version } }`,
        {},
        ann,
      );
      expect(tap.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_MOVE', reason: 'NO_STATUSES' });
      const turn = await old.gql(
        `mutation { advanceTurn(input: { gameId: "${g.game.id}" }) { version } }`,
        {},
        ann,
      );
      expect(turn.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const lib = (await table(g.game.id)).zones.find((z) => z.type === 'library')!;
      expect(lib).toBeDefined();
      const moved = await old.gql(
        `mutation { moveObjects(input: { gameId: "${g.game.id}", objectIds: ["${bear.id}"], to: { type: "graveyard", ownerId: "${g.seats[0]!.player.id}" } }) { version } }`,
        {},
        ann,
      );
      expect(moved.errors).toBeUndefined();
      const at = await gameAt(old, g.game.id, 1, { kind: 'ADMIN' });
      expect(at).toBeTruthy();
      await adminOk(old, END_GAME, { gameId: g.game.id });
      expect(await table(g.game.id)).toMatchObject({ status: 'ENDED', result: null });
    } finally {
      await old.app.stop();
    }
  });
});

describe('export and import', () => {
  it('a /2 export carries statuses, counters, turn and result; its import has the same table', async () => {
    const g = await createGame(s, 'mtg', [
      { name: 'Ann', deck: [{ name: 'Bear', types: ['Creature'], zone: 'battlefield' }, ...deck('A', 2)] },
      { name: 'Bob', deck: deck('B', 2) },
    ]);
    const [ann, bob] = g.seats.map((x) => x.token) as [string, string];
    const bear = objectNamed(await table(g.game.id), 'Bear');
    await ok(
      s,
      'setStatus',
      'SetStatusInput',
      { gameId: g.game.id, objectIds: [bear.id], name: 'tapped', value: 'tapped' },
      ann,
    );
    await ok(
      s,
      'changeCounters',
      'ChangeCountersInput',
      { gameId: g.game.id, holder: { objectId: bear.id }, kind: 'loyalty', op: 'SET', amount: 4 },
      ann,
    );
    await ok(
      s,
      'changeCounters',
      'ChangeCountersInput',
      {
        gameId: g.game.id,
        holder: { playerId: g.seats[1]!.player.id },
        kind: 'life',
        op: 'REMOVE',
        amount: 3,
      },
      ann,
    );
    await ok(s, 'advanceTurn', 'AdvanceTurnInput', { gameId: g.game.id }, ann);
    await ok(s, 'concede', 'ConcedeInput', { gameId: g.game.id }, bob);
    const before = await table(g.game.id);
    const doc = (await adminOk<{ exportGame: { format: string } }>(s, EXPORT_GAME, { gameId: g.game.id }))
      .exportGame;
    expect(doc.format).toBe('zonekeeper.game/2');
    const imported = (await adminOk<{ importGame: ImportJson }>(s, IMPORT_GAME, { data: doc })).importGame;
    const after = await table(imported.game.id);
    const withoutIds = (t: Table) => JSON.parse(JSON.stringify(t).replace(/"id":"[^"]*"/g, '"id":"-"'));
    expect(withoutIds(after)).toEqual(withoutIds(before));
    expect(before.result).toMatchObject({ draw: false, winners: [{ seat: 0 }] });
  });

  it('a zonekeeper.game/1 export still imports', async () => {
    const g = await createGame(s, 'mtg', [
      { name: 'Ann', deck: deck('A', 2) },
      { name: 'Bob', deck: deck('B', 2) },
    ]);
    const doc = (
      await adminOk<{ exportGame: Record<string, unknown> }>(s, EXPORT_GAME, { gameId: g.game.id })
    ).exportGame;
    const imported = await adminOk<{ importGame: ImportJson }>(s, IMPORT_GAME, {
      data: { ...doc, format: 'zonekeeper.game/1' },
    });
    expect((await table(imported.importGame.game.id)).status).toBe('ACTIVE');
  });
});

describe('refusals leave the game as it was', () => {
  it('a seat ending the game, an unknown phase and a bad result are refused', async () => {
    const g = await createGame(s, 'mtg', [
      { name: 'Ann', deck: deck('A', 1) },
      { name: 'Bob', deck: deck('B', 1) },
    ]);
    const ann = g.seats[0]!.token;
    const err = await refused(
      s,
      'setPhase',
      'SetPhaseInput',
      { gameId: g.game.id, phase: 'lunch' },
      ann,
      'INVALID_MOVE',
    );
    expect(err.extensions?.['reason']).toBe('UNKNOWN_PHASE');
    const bad = await refused(
      s,
      'endGameWithResult',
      'EndGameInput',
      { gameId: g.game.id, winnerIds: [g.seats[0]!.player.id], draw: true, reason: 'Both?' },
      g.refereeToken,
      'INVALID_MOVE',
    );
    expect(bad.extensions?.['reason']).toBe('BAD_RESULT');
    expect((await table(g.game.id)).status).toBe('ACTIVE');
  });
});
