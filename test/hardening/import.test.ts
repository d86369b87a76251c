/**
 * Hostile import documents: each is refused with BAD_USER_INPUT naming the path in the document
 * where it is wrong, and writes nothing (every table's row count is unchanged). Hand-made documents
 * that break one rule each (a consistent log whose starting state breaks the ruleset, integers out
 * of range, contexts that lie, createGame's caps), and generated mutations of a played game's
 * export. Exports of the property suites' games and the committed export in today's format import.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationEvent } from '../../src/authority/starting-layout.js';
import { objectToRow } from '../../src/db/rows.js';
import { type GameState, type ObjectState, type RulesetSpec } from '../../src/rules/index.js';
import { documentState } from '../../src/transfer/validate.js';
import { END_GAME, EXPORT_GAME, IMPORT_GAME, ok, playRandom, type ImportJson } from '../admin/support.js';
import { moveDocument } from '../support/documents.js';
import { createGame, fetchGame, fetchHistory, post, NO_SEAT_ENTROPY } from '../support/game-api.js';
import { decksFor } from '../leak/moves.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import type { ExportDocument } from '../../src/transfer/index.js';
import { builtinRulesets } from '../support/rulesets.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents are edited as plain JSON */
type Doc = Record<string, any>;

let server: TestServer;
let client: pg.Client;
/** A new mtg game of two seats, exported before any move: its log is GAME_CREATED alone. */
let fresh: Doc;
/** A played mtg game (the leak suite's moves), exported. */
let played: Doc;
/** An mtg game with one shuffle (a zk-rng/1 act), then ended (its seed revealed), exported. */
let shuffled: Doc;
const spec = builtinRulesets().get('mtg') as RulesetSpec;

const TABLES = ['game', 'player', 'zone', 'game_object', 'game_event', 'game_checkpoint', 'ruleset_version'];
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of TABLES)
    counts[t] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${t}`)).rows[0]!.n);
  return counts;
}

const exportDoc = async (gameId: string) =>
  (await ok<{ exportGame: Doc }>(server, EXPORT_GAME, { gameId })).exportGame;

beforeAll(async () => {
  server = await startTestServer();
  client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  // The documents' events are addressed by index: no set-up entropy events, and the shuffle does
  // not wait for any (the import's own checks of entropy are in test/fairness).
  fresh = await exportDoc(
    (await createGame(server, 'mtg', decksFor('mtg', 2), undefined, NO_SEAT_ENTROPY)).gameId,
  );
  played = await exportDoc((await playRandom(server, 'mtg', 2, 20, 5)).gameId);
  const game = await createGame(server, 'mtg', decksFor('mtg', 2), undefined, NO_SEAT_ENTROPY);
  const seat = game.players[0]!;
  const library = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.zones.find(
    (z) => z.type === 'library' && z.owner?.id === seat.id,
  )!.id;
  const input = { gameId: game.gameId, zoneId: library };
  await ok(
    server,
    moveDocument('shuffleZone', 'ShuffleZoneInput', { selection: 'version' }),
    { input },
    seat.token,
  );
  await ok(server, END_GAME, { gameId: game.gameId });
  shuffled = await exportDoc(game.gameId);
});
afterAll(async () => {
  await client?.end();
});

/**
 * Imports `data` and expects a refusal: BAD_USER_INPUT whose `field` is `data.<path>` with a path
 * matching `at`, and no row written anywhere.
 */
async function expectRefused(data: unknown, at: RegExp): Promise<void> {
  const before = await rowCounts();
  const res = await post<unknown>(server, IMPORT_GAME, { data }, TEST_ADMIN_TOKEN);
  const error = res.errors?.[0];
  expect(error?.extensions?.code, res.text).toBe('BAD_USER_INPUT');
  const field = String((error?.extensions as { field?: unknown } | undefined)?.field);
  expect(field, res.text).toMatch(/^data(\.|$)/);
  expect(field.slice('data.'.length), res.text).toMatch(at);
  expect(await rowCounts()).toEqual(before);
}

const clone = (d: Doc): Doc => structuredClone(d);

/**
 * A consistent document for the starting state `change` makes of `fresh`'s: the objects and zones
 * rows and the GAME_CREATED event are rebuilt from it as createGame would record them, so only
 * the rule the change breaks is wrong.
 */
function startingWith(change: (s: GameState) => GameState): Doc {
  const s = change(documentState(fresh as ExportDocument));
  const createdAt = fresh.zones[0].createdAt as string;
  const d = clone(fresh);
  d.zones = s.zones.map((z) => ({ ...z, createdAt }));
  d.objects = s.objects.map(objectToRow);
  d.events[0].payload = JSON.parse(JSON.stringify(creationEvent(spec, s)));
  return d;
}

const zoneOf = (s: GameState, type: string, seat: number | null) =>
  s.zones.find((z) => z.type === type && z.ownerId === (seat === null ? null : s.players[seat]!.id))!;
/** The state with the first object matching `pick` replaced by `edit(object)`. */
function editObject(s: GameState, pick: (o: ObjectState) => boolean, edit: (o: ObjectState) => ObjectState) {
  const i = s.objects.findIndex(pick);
  expect(i).toBeGreaterThanOrEqual(0);
  return { ...s, objects: s.objects.map((o, j) => (j === i ? edit(o) : o)) };
}
const inZone = (s: GameState, type: string, seat: number | null) => (o: ObjectState) =>
  o.zoneId === zoneOf(s, type, seat).id;
const NEW_ID = '00000000-0000-4000-8000-00000000beef';
/** The index of the first event of the played game with a transition of both sides. */
const movedAt = () =>
  played.events.findIndex((e: Doc) => e.payload.transitions.some((t: Doc) => t.before && t.after));

/** Starting states that break the ruleset; the log is otherwise what createGame writes. */
const STARTING: { name: string; at: RegExp; change: (s: GameState) => GameState }[] = [
  {
    name: 'two battlefields',
    at: /^events\.0\.payload\.zonesCreated$/,
    change: (s) => ({
      ...s,
      zones: [...s.zones, { id: NEW_ID, type: 'battlefield', ownerId: null, index: 1 }],
    }),
  },
  {
    name: 'a player with no hand',
    at: /^events\.0\.payload\.zonesCreated$/,
    change: (s) => {
      const hand = zoneOf(s, 'hand', 1);
      return {
        ...s,
        zones: s.zones.filter((z) => z !== hand),
        objects: s.objects.filter((o) => o.zoneId !== hand.id),
      };
    },
  },
  {
    name: 'an Instant on the battlefield',
    at: /^events\.0\.payload\.transitions\.\d+\.after$/,
    change: (s) =>
      editObject(
        s,
        (o) => o.card.types.includes('instant'),
        (o) => ({ ...o, zoneId: zoneOf(s, 'battlefield', null).id, faceUp: true, sortKey: 999_000 }),
      ),
  },
  {
    name: "Alice's card in Bob's hand",
    at: /^events\.0\.payload\.transitions\.\d+\.after$/,
    change: (s) =>
      editObject(s, inZone(s, 'library', 0), (o) => ({
        ...o,
        zoneId: zoneOf(s, 'hand', 1).id,
        sortKey: 999_000,
      })),
  },
  {
    name: 'a library card revealed to all',
    at: /^events\.0\.payload\.transitions\.\d+\.after$/,
    change: (s) => editObject(s, inZone(s, 'library', 0), (o) => ({ ...o, revealedTo: 'all' })),
  },
  {
    name: 'an object hosting itself',
    at: /^events\.0\.payload\.transitions\.\d+\.after$/,
    change: (s) => editObject(s, inZone(s, 'battlefield', null), (o) => ({ ...o, hostKey: o.key })),
  },
  {
    name: 'two objects hosting each other',
    at: /^events\.0\.payload\.transitions\.\d+\.after$/,
    change: (s) => {
      const [a, b] = s.objects.filter(inZone(s, 'library', 0));
      const t = editObject(
        s,
        (o) => o.key === a!.key,
        (o) => ({ ...o, hostKey: b!.key }),
      );
      return editObject(
        t,
        (o) => o.key === b!.key,
        (o) => ({ ...o, hostKey: a!.key }),
      );
    },
  },
  {
    name: 'a layer in a library',
    at: /^events\.0\.payload\.transitions\.\d+\.after$/,
    change: (s) => editObject(s, inZone(s, 'library', 0), (o) => ({ ...o, kind: 'layer' })),
  },
  {
    name: "a card controlled by its owner's opponent",
    at: /^events\.0\.payload\.transitions\.\d+\.after$/,
    change: (s) => editObject(s, inZone(s, 'library', 0), (o) => ({ ...o, controllerId: s.players[1]!.id })),
  },
  {
    name: 'a face-up card in a library',
    at: /^events\.0\.payload\.transitions\.\d+\.after\.faceUp$/,
    change: (s) => editObject(s, inZone(s, 'library', 0), (o) => ({ ...o, faceUp: true })),
  },
  {
    name: 'a shared zone owned by a player',
    at: /^events\.0\.payload\.zonesCreated$/,
    change: (s) => ({
      ...s,
      zones: s.zones.map((z) => (z.type === 'battlefield' ? { ...z, ownerId: s.players[0]!.id } : z)),
    }),
  },
  {
    name: 'a hand of a third, unseated player',
    at: /^zones\.\d+\.ownerId$/,
    change: (s) => ({ ...s, zones: [...s.zones, { id: NEW_ID, type: 'hand', ownerId: NEW_ID, index: 0 }] }),
  },
];

/** Documents edited field by field. */
const EDITED: { name: string; at: RegExp; make: () => Doc }[] = [
  { name: 'a seat of 3e9', at: /^players\.0\.seat$/, make: () => set(fresh, ['players', 0, 'seat'], 3e9) },
  { name: 'version 2^31-1', at: /^game\.version$/, make: () => set(fresh, ['game', 'version'], 2 ** 31 - 1) },
  { name: 'lastSeq 2^31-1', at: /^game\.lastSeq$/, make: () => set(fresh, ['game', 'lastSeq'], 2 ** 31 - 1) },
  {
    name: 'zones[].index 2^33',
    at: /^zones\.0\.index$/,
    make: () => set(fresh, ['zones', 0, 'index'], 2 ** 33),
  },
  {
    name: 'the year 0000',
    at: /^game\.createdAt$/,
    make: () => set(fresh, ['game', 'createdAt'], '0000-01-01T00:00:00.000Z'),
  },
  {
    name: 'a fractional sort key',
    at: /^objects\.0\.sortKey$/,
    make: () => set(fresh, ['objects', 0, 'sortKey'], 0.5),
  },
  {
    name: 'a sort key of 1e300',
    at: /^objects\.0\.sortKey$/,
    make: () => set(fresh, ['objects', 0, 'sortKey'], 1e300),
  },
  {
    name: 'a 100,000-character card name',
    at: /(^objects\.\d+\.name|\.card\.name)$/,
    make: () => {
      const d = clone(fresh);
      const long = 'N'.repeat(100_000);
      d.objects[0].name = long;
      d.events[0].payload.transitions.find((t: Doc) => t.after.key === d.objects[0].key).after.card.name =
        long;
      return d;
    },
  },
  {
    name: 'a card with 51 types',
    at: /^objects\.0\.types$/,
    make: () =>
      set(
        fresh,
        ['objects', 0, 'types'],
        Array.from({ length: 51 }, (_, i) => `t${i}`),
      ),
  },
  {
    name: 'card attributes of 20 KB',
    at: /^objects\.0\.attributes$/,
    make: () => set(fresh, ['objects', 0, 'attributes'], { blob: 'x'.repeat(20_000) }),
  },
  {
    name: 'a player name of 101 characters',
    at: /^players\.0\.name$/,
    make: () => set(fresh, ['players', 0, 'name'], 'P'.repeat(101)),
  },
  { name: 'an unknown field on the game', at: /^game$/, make: () => set(fresh, ['game', 'owner'], 'me') },
  {
    name: 'an unknown field on an object',
    at: /^objects\.0$/,
    make: () => set(fresh, ['objects', 0, 'secret'], 1),
  },
  {
    name: 'an unknown field in an event payload',
    at: /^events\.0\.payload$/,
    make: () => set(fresh, ['events', 0, 'payload', 'extra'], true),
  },
  { name: 'seq 0', at: /^events\.0\.seq$/, make: () => set(fresh, ['events', 0, 'seq'], 0) },
  {
    name: "a transition's afterContext of {}",
    at: /^events\.\d+\.payload\.transitions\.\d+\.afterContext/,
    make: () => set(played, ['events', movedAt(), 'payload', 'transitions', 0, 'afterContext'], {}),
  },
  {
    name: "a transition's afterContext in another zone",
    at: /^events\.\d+\.payload\.transitions\.\d+\.afterContext$/,
    make: () => {
      const d = clone(played);
      const t = d.events[movedAt()].payload.transitions.find((x: Doc) => x.after);
      const other = d.events[0].payload.zonesCreated.find((z: Doc) => z.id !== t.afterContext.zone.id);
      t.afterContext.zone = other;
      return d;
    },
  },
  {
    name: "a transition's beforeContext at another position",
    at: /^events\.\d+\.payload\.transitions\.\d+\.beforeContext$/,
    make: () => {
      const d = clone(played);
      const t = d.events[movedAt()].payload.transitions.find((x: Doc) => x.before);
      t.beforeContext.position = (t.beforeContext.position ?? 0) + 1_000;
      return d;
    },
  },
  {
    name: 'a transition whose object before is not the state’s',
    at: /^events\.\d+\.payload\.transitions\.\d+\.before$/,
    make: () => {
      const d = clone(played);
      const t = d.events[movedAt()].payload.transitions.find((x: Doc) => x.before);
      t.before.card.name = 'Forged';
      return d;
    },
  },
  {
    name: 'a transition that changes the object key',
    at: /^events\.\d+\.payload\.transitions\.\d+$/,
    make: () => {
      const d = clone(played);
      const t = d.events[movedAt()].payload.transitions.find((x: Doc) => x.before && x.after);
      t.after.key = NEW_ID;
      return d;
    },
  },
  {
    name: 'a second GAME_CREATED',
    at: /^events\.1\.kind$/,
    make: () => {
      const d = clone(fresh);
      d.events.push({ ...clone(d.events[0]), seq: 2 });
      d.game.lastSeq = 2;
      return d;
    },
  },
  {
    name: 'a log that does not start with GAME_CREATED',
    at: /^events\.0\.kind$/,
    make: () => {
      const d = clone(played);
      d.events = d.events.slice(1).map((e: Doc, i: number) => ({ ...e, seq: i + 1 }));
      d.game.lastSeq = d.events.length;
      return d;
    },
  },
  {
    name: 'a GAME_ENDED that moves an object',
    at: /^events\.1\.payload\.transitions$/,
    make: () => {
      const d = clone(fresh);
      const t = d.events[0].payload.transitions[0];
      d.events.push({
        ...clone(d.events[0]),
        seq: 2,
        kind: 'GAME_ENDED',
        payload: {
          kind: 'GAME_ENDED',
          zoneIds: [],
          transitions: [t],
          zonesCreated: [],
          zonesRemoved: [],
          rules: [],
        },
      });
      d.game.lastSeq = 2;
      return d;
    },
  },
  {
    name: 'the removal of a zone that is not in the game',
    at: /^events\.1\.payload\.zonesRemoved\.0$/,
    make: () => {
      const d = clone(fresh);
      const zone = { id: NEW_ID, type: 'exile', ownerId: null, index: 0 };
      d.events.push({
        ...clone(d.events[0]),
        seq: 2,
        kind: 'ZONE_REMOVED',
        payload: {
          kind: 'ZONE_REMOVED',
          zoneIds: [],
          transitions: [],
          zonesCreated: [],
          zonesRemoved: [zone],
          rules: [],
        },
      });
      d.game.lastSeq = 2;
      return d;
    },
  },
  {
    name: 'versions that go back',
    at: /^events\.\d+\.version$/,
    make: () => {
      const d = clone(played);
      d.events[d.events.length - 1].version = 0;
      d.events[d.events.length - 2].version = d.game.version;
      return d;
    },
  },
  {
    name: 'an unknown field in a random act',
    at: /^events\.1\.payload\.random\.acts\.0$/,
    make: () => set(shuffled, ['events', 1, 'payload', 'random', 'acts', 0, 'seed'], '00'),
  },
  {
    name: 'a recorded shuffle that loses a card',
    at: /^events\.1\.payload\.random\.acts\.0/,
    make: () => {
      const act = shuffled.events[1].payload.random.acts[0];
      return set(shuffled, ['events', 1, 'payload', 'random', 'acts', 0, 'after'], act.after.slice(1));
    },
  },
  {
    name: 'a commitment of an unknown scheme',
    at: /^events\.0\.payload\.commitment\.scheme$/,
    make: () => set(shuffled, ['events', 0, 'payload', 'commitment', 'scheme'], 'zk-rng/9'),
  },
  {
    name: 'a revealed seed that is not 32 bytes of hex',
    at: /^events\.2\.payload\.seedReveal\.seed$/,
    make: () => set(shuffled, ['events', 2, 'payload', 'seedReveal', 'seed'], 'zz'),
  },
  {
    name: 'an actor who is not a player',
    at: /^events\.0\.actorPlayerId$/,
    make: () => set(fresh, ['events', 0, 'actorPlayerId'], NEW_ID),
  },
  {
    name: 'a GAME_IMPORTED without the game it came from',
    at: /^events\.1\.payload/,
    make: () => {
      const d = clone(fresh);
      d.events.push({
        ...clone(d.events[0]),
        seq: 2,
        kind: 'GAME_IMPORTED',
        payload: {
          kind: 'GAME_IMPORTED',
          zoneIds: [],
          transitions: [],
          zonesCreated: [],
          zonesRemoved: [],
          rules: [],
        },
      });
      d.game.lastSeq = 2;
      return d;
    },
  },
];

/** A copy of `doc` with the value at `path` set to `value`. */
function set(doc: Doc, path: (string | number)[], value: unknown): Doc {
  const d = clone(doc);
  let at = d;
  for (const p of path.slice(0, -1)) at = at[p];
  at[path[path.length - 1]!] = value;
  return d;
}

describe('hostile import documents', () => {
  it('the fresh and played documents themselves import (the cases below each break one thing)', async () => {
    for (const d of [fresh, played, shuffled, startingWith((s) => s)])
      expect(
        (await ok<{ importGame: ImportJson }>(server, IMPORT_GAME, { data: d })).importGame.game.id,
      ).toBeTruthy();
  });

  it.each(STARTING)('refuses a starting state with $name', async ({ change, at }) => {
    await expectRefused(startingWith(change), at);
  });

  it("refuses a turn and seats the ruleset's turn and seat rules do not allow (issue 37)", async () => {
    const created = fresh.events[0].payload;
    const turn = created.table.turn as { number: number; activePlayerId: string; phase: string };
    expect(turn.activePlayerId).toBe(created.players[0].id);
    // An active player who is not a player (no seat could ever play), an unknown phase.
    for (const bad of [{ activePlayerId: NEW_ID }, { phase: 'teatime' }])
      await expectRefused(
        set(fresh, ['events', 0, 'payload', 'table', 'turn'], { ...turn, ...bad }),
        /^events\.0\.payload\.table\.turn$/,
      );
    // Seats 0 and 7 in a game of two (createGame numbers them 0 and 1), everywhere consistent.
    const seven = set(
      set(fresh, ['players', 1, 'seat'], 7),
      ['events', 0, 'payload', 'players', 1, 'seat'],
      7,
    );
    await expectRefused(seven, /^players\.1\.seat$/);
  });

  it.each(EDITED)('refuses $name', async ({ make, at }) => {
    await expectRefused(make(), at);
  });

  /** Every leaf of a JSON value, with its path; card attributes are free-form, so left out. */
  function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
    if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
    if (value !== null && typeof value === 'object')
      return Object.entries(value).flatMap(([k, v]) => (k === 'attributes' ? [] : leaves(v, [...path, k])));
    return [path];
  }

  it('refuses generated mutations of a played export: any field given a value of another type', async () => {
    const paths = leaves(played);
    // A value of another JSON type than the field's: strings become numbers, the rest strings or
    // numbers out of every range.
    const wrongFor = (v: unknown) =>
      typeof v === 'string'
        ? fc.constantFrom(3e9, -1, 2 ** 53)
        : fc.constantFrom('1', '', 'x'.repeat(300), 2 ** 33 + 0.5);
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: paths.length - 1 }).chain((i) => {
          const path = paths[i]!;
          let v: any = played;
          for (const p of path) v = v[p];
          return fc.tuple(
            fc.constant(path),
            typeof v === 'number' || v === null || typeof v === 'boolean'
              ? fc.constantFrom('1', '', 2 ** 33 + 0.5)
              : wrongFor(v),
          );
        }),
        async ([path, value]) => {
          await expectRefused(set(played, path, value), /./);
        },
      ),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 40), seed: 27 },
    );
  });
});

describe('documents that import', () => {
  it.each([
    { ruleset: 'mtg' as const, players: 2, seed: 31 },
    { ruleset: 'fab' as const, players: 2, seed: 37 },
    { ruleset: 'netrunner' as const, players: 2, seed: 41 },
  ])('an export of a played $ruleset game (the leak suite’s moves)', async ({ ruleset, players, seed }) => {
    const game = await playRandom(server, ruleset, players, 40, seed);
    const imported = (
      await ok<{ importGame: ImportJson }>(server, IMPORT_GAME, { data: await exportDoc(game.gameId) })
    ).importGame;
    const original = (await fetchHistory(server, game.gameId, 0, TEST_ADMIN_TOKEN)).events.map((e) => e.kind);
    const copy = (await fetchHistory(server, imported.game.id, 0, TEST_ADMIN_TOKEN)).events.map(
      (e) => e.kind,
    );
    expect(copy).toEqual([...original, 'GAME_IMPORTED']);
  });

  it('the committed export in today’s format (test/fixtures/export-game-1.json)', async () => {
    // Committed without its ruleset version, so a later edit of rulesets/mtg.yaml (a new version)
    // leaves it importable under the loaded one, as documents from before versions are.
    const doc = JSON.parse(
      readFileSync(new URL('../fixtures/export-game-1.json', import.meta.url), 'utf8'),
    ) as Doc;
    const imported = (await ok<{ importGame: ImportJson }>(server, IMPORT_GAME, { data: doc })).importGame;
    expect(imported.game.status).toBe('ENDED');
    expect(imported.importedFrom).toBe(doc.game.id);
    // Every viewer reads the copy and its whole log.
    for (const token of [...imported.seats.map((s) => s.token), imported.spectatorToken, TEST_ADMIN_TOKEN]) {
      expect((await fetchGame(server, imported.game.id, token)).game.id).toBe(imported.game.id);
      expect((await fetchHistory(server, imported.game.id, 0, token)).events).toHaveLength(
        doc.events.length + 1,
      );
    }
  });
});
