/**
 * Takebacks between seats through the API (issue 41; IPG 1.4, "Backing Up"), on a real database: a
 * seat asks to take back its own last moves, the other seats accept (the game returns to exactly the
 * state after `toSeq`, for every viewer, up to the ids of hidden objects) or one refuses (nothing
 * changes); a request over another seat's move or over a draw is refused, the barrier's refusal
 * the same whichever hidden card was drawn; spectators neither ask nor answer, the asker does not
 * answer, any other move makes an open request void, and a seat's requests per turn are bounded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_TAKEBACK_REQUESTS_PER_TURN } from '../../src/rules/index.js';
import {
  createGame,
  fetchGame,
  NO_SEAT_ENTROPY,
  post,
  type CreatedGame,
  type DeckCard,
  type GameJson,
} from '../support/game-api.js';
import { startTestServer, TEST_ADMIN_TOKEN, type GqlError, type TestServer } from '../support/server.js';
import {
  EXPORT_GAME,
  gameAt,
  IMPORT_GAME,
  normaliseIds,
  ok,
  viewersOf,
  type ImportJson,
} from '../admin/support.js';

const TAKEBACK_FIELDS = 'askerId toSeq reason answeredBy';
const PAYLOAD = `version events { seq kind takeback { ${TAKEBACK_FIELDS} } rewind { toSeq mode reason takeback { ${TAKEBACK_FIELDS} } } }`;
const PENDING = /* GraphQL */ `
  query P($id: ID!) {
    game(id: $id) {
      lastSeq
      takeback {
        asker {
          id
        }
        toSeq
        reason
        accepted {
          id
        }
        awaiting {
          id
        }
      }
    }
  }
`;
const HISTORY = /* GraphQL */ `
  query H($gameId: ID!, $afterSeq: Int!) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: 100) {
      seq
      kind
      actor {
        playerId
      }
      takeback { ${TAKEBACK_FIELDS} }
      rewind { toSeq mode takeback { ${TAKEBACK_FIELDS} } }
    }
  }
`;

interface EventOut {
  seq: number;
  kind: string;
  takeback: { askerId: string; toSeq: number; reason: string; answeredBy: string | null } | null;
  rewind: { toSeq: number; mode: string; takeback: unknown } | null;
}
interface Pending {
  asker: { id: string };
  toSeq: number;
  reason: string;
  accepted: { id: string }[];
  awaiting: { id: string }[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

const card = (name: string): DeckCard => ({ name, types: ['Land'], text: `${name}.` });
const deckOf = (seat: number, first = 'Forest', second = 'Island'): DeckCard[] => [
  card(`S${seat} ${first}`),
  card(`S${seat} ${second}`),
  ...Array.from({ length: 6 }, (_, c) => card(`S${seat} card ${c}`)),
];

/** A Magic game, unshuffled libraries, no seat entropy: event 1 is its creation. */
async function newGame(players = 2, decks?: DeckCard[][]): Promise<{ game: CreatedGame; zone: ZoneOf }> {
  const game = await createGame(
    server,
    'mtg',
    decks ?? Array.from({ length: players }, (_, i) => deckOf(i)),
    undefined,
    NO_SEAT_ENTROPY,
  );
  const zones = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.zones;
  const zone: ZoneOf = (type, seat) =>
    zones.find(
      (z) => z.type === type && (z.owner?.id ?? null) === (seat === null ? null : game.players[seat]!.id),
    )!.id;
  return { game, zone };
}
type ZoneOf = (type: string, seat: number | null) => string;

/** Sends a game mutation; its payload, or its first error. */
async function send(token: string, mutation: string, type: string, input: Record<string, unknown>) {
  const res = await post<Record<string, { version: number; events: EventOut[] }>>(
    server,
    `mutation M($input: ${type}!) { ${mutation}(input: $input) { ${PAYLOAD} } }`,
    { input },
    token,
  );
  return {
    payload: res.data?.[mutation] ?? null,
    error: res.errors?.[0] as GqlError | undefined,
    text: res.text,
  };
}
async function must(token: string, mutation: string, type: string, input: Record<string, unknown>) {
  const r = await send(token, mutation, type, input);
  expect(r.error, `${mutation}: ${r.text}`).toBeUndefined();
  return r.payload!;
}

const ask = (g: CreatedGame, seat: number, toSeq: number, token = g.players[seat]!.token) =>
  send(token, 'requestTakeback', 'RequestTakebackInput', { gameId: g.gameId, toSeq, reason: 'Misclick.' });
const answer = (g: CreatedGame, how: 'accept' | 'refuse', toSeq: number, token: string) =>
  send(token, `${how}Takeback`, 'AnswerTakebackInput', { gameId: g.gameId, toSeq });

/** Seat `seat` moves the top card of its hand (or its library, a draw) to `to`. */
const move = (g: CreatedGame, seat: number, from: string, to: string) =>
  must(g.players[seat]!.token, 'moveObjects', 'MoveObjectsInput', {
    gameId: g.gameId,
    select: { zoneId: from, from: 'TOP', count: 1 },
    to: { zoneId: to },
  });
const lifeUp = (g: CreatedGame, seat: number, by = seat) =>
  must(g.players[by]!.token, 'changeCounters', 'ChangeCountersInput', {
    gameId: g.gameId,
    holder: { playerId: g.players[seat]!.id },
    kind: 'life',
    op: 'ADD',
    amount: 1,
  });

const lastSeq = async (g: CreatedGame) => (await fetchGame(server, g.gameId, TEST_ADMIN_TOKEN)).game.lastSeq;
const pendingAs = async (g: CreatedGame, token: string) =>
  (await ok<{ game: { takeback: Pending | null } }>(server, PENDING, { id: g.gameId }, token)).game.takeback;
/** What a view shows of the table, apart from the game's version and ids. */
const table = (g: GameJson) => normaliseIds({ players: g.players, turn: g.turn, zones: g.zones });

/** Seat 0 draws twice (a barrier), then plays a land, bins a card and gains a life: its own moves since `toSeq`. */
async function misplayed(players = 2) {
  const { game, zone } = await newGame(players);
  await move(game, 0, zone('library', 0), zone('hand', 0));
  await move(game, 0, zone('library', 0), zone('hand', 0));
  const toSeq = await lastSeq(game);
  await move(game, 0, zone('hand', 0), zone('battlefield', null));
  await move(game, 0, zone('hand', 0), zone('graveyard', 0));
  await lifeUp(game, 0);
  return { game, zone, toSeq, last: toSeq + 3 };
}

describe('takebacks between seats (IPG 1.4)', () => {
  it('request then accept: every viewer sees the request, then exactly the state after toSeq', async () => {
    const { game, toSeq, last } = await misplayed();
    const [s0, s1] = game.players;
    const requested = await ask(game, 0, toSeq);
    expect(requested.error, requested.text).toBeUndefined();
    expect(requested.payload!.events).toEqual([
      {
        seq: last + 1,
        kind: 'TAKEBACK_REQUESTED',
        takeback: { askerId: s0!.id, toSeq, reason: 'Misclick.', answeredBy: null },
        rewind: null,
      },
    ]);
    // The open request, the same for every viewer.
    for (const v of viewersOf(game))
      expect(await pendingAs(game, v.token), v.name).toEqual({
        asker: { id: s0!.id },
        toSeq,
        reason: 'Misclick.',
        accepted: [],
        awaiting: [{ id: s1!.id }],
      });

    const accepted = await answer(game, 'accept', toSeq, s1!.token);
    expect(accepted.error, accepted.text).toBeUndefined();
    expect(accepted.payload!.events.map((e) => [e.seq, e.kind])).toEqual([[last + 2, 'GAME_REWOUND']]);
    expect(accepted.payload!.events[0]!.rewind).toEqual({
      toSeq,
      mode: 'EXACT',
      reason: 'Misclick.',
      takeback: { askerId: s0!.id, toSeq, reason: 'Misclick.', answeredBy: s1!.id },
    });
    for (const v of viewersOf(game)) {
      const now = (await fetchGame(server, game.gameId, v.token)).game;
      const then = (await gameAt(server, game.gameId, toSeq, v.as)).game;
      expect(table(now), v.name).toEqual(table(then));
      expect(await pendingAs(game, v.token), v.name).toBeNull();
    }
    // History: the request and the takeback, each once.
    const history = await ok<{ gameEvents: EventOut[] }>(server, HISTORY, {
      gameId: game.gameId,
      afterSeq: last,
    });
    expect(history.gameEvents.map((e) => e.kind)).toEqual(['TAKEBACK_REQUESTED', 'GAME_REWOUND']);
  });

  it('request then refuse: nothing at the table changes, the request closes', async () => {
    const { game, toSeq } = await misplayed();
    const before = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
    expect((await ask(game, 0, toSeq)).error).toBeUndefined();
    const refused = await answer(game, 'refuse', toSeq, game.players[1]!.token);
    expect(refused.error, refused.text).toBeUndefined();
    expect(refused.payload!.events.map((e) => e.kind)).toEqual(['TAKEBACK_REFUSED']);
    expect(refused.payload!.events[0]!.takeback?.answeredBy).toBe(game.players[1]!.id);
    const after = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
    expect(table(after)).toEqual(table(before));
    expect(await pendingAs(game, TEST_ADMIN_TOKEN)).toBeNull();
    // A refused request is closed: accepting it now is refused.
    const late = await answer(game, 'accept', toSeq, game.players[1]!.token);
    expect(late.error?.extensions).toMatchObject({ code: 'INVALID_MOVE', reason: 'TAKEBACK_NOT_PENDING' });
  });

  it("refuses a request over another seat's move (TAKEBACK_NOT_OWN_MOVE)", async () => {
    const { game, toSeq } = await misplayed();
    await lifeUp(game, 1);
    const r = await ask(game, 0, toSeq);
    expect(r.error?.extensions).toMatchObject({
      code: 'INVALID_MOVE',
      reason: 'TAKEBACK_NOT_OWN_MOVE',
      rule: 'IPG 1.4',
    });
    expect(r.error?.message).toContain(`Event ${toSeq + 4} `);
  });

  it('refuses a request over a draw (TAKEBACK_BARRIER), the same whichever card was drawn', async () => {
    const refusalAfterDrawing = async (first: string, second: string) => {
      const { game, zone } = await newGame(2, [deckOf(0, first, second), deckOf(1)]);
      await move(game, 0, zone('library', 0), zone('hand', 0));
      await lifeUp(game, 0);
      const before = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.version;
      const r = await ask(game, 0, 1);
      expect((await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.version).toBe(before);
      const hand = (await fetchGame(server, game.gameId, game.players[0]!.token)).game.zones.find(
        (z) => z.id === zone('hand', 0),
      );
      // The request's own id aside, the refusal is all the seat is told.
      const { requestId: _id, ...extensions } = r.error?.extensions ?? {};
      return { drawn: hand?.objects[0]?.card?.name, refusal: { ...r.error, extensions } };
    };
    const a = await refusalAfterDrawing('Forest', 'Island');
    const b = await refusalAfterDrawing('Island', 'Forest');
    expect([a.drawn, b.drawn]).toEqual(['S0 Forest', 'S0 Island']);
    expect(a.refusal.extensions).toEqual({
      code: 'INVALID_MOVE',
      reason: 'TAKEBACK_BARRIER',
      rule: 'IPG 1.4',
    });
    expect(JSON.stringify(b.refusal)).toBe(JSON.stringify(a.refusal));
    expect(a.refusal.message).not.toMatch(/Forest|Island/);
  });

  it('a spectator neither asks nor answers; the asker does not answer its own request', async () => {
    const { game, toSeq } = await misplayed();
    const spectatorAsks = await ask(game, 0, toSeq, game.spectatorToken);
    expect(spectatorAsks.error?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'SPECTATOR' });
    expect((await ask(game, 0, toSeq)).error).toBeUndefined();
    for (const how of ['accept', 'refuse'] as const) {
      const spectator = await answer(game, how, toSeq, game.spectatorToken);
      expect(spectator.error?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'SPECTATOR' });
      const own = await answer(game, how, toSeq, game.players[0]!.token);
      expect(own.error?.extensions).toMatchObject({ code: 'INVALID_MOVE', reason: 'TAKEBACK_OWN_REQUEST' });
    }
    expect((await pendingAs(game, TEST_ADMIN_TOKEN))?.toSeq).toBe(toSeq);
  });

  it('any other move makes an open request void', async () => {
    const { game, toSeq } = await misplayed();
    expect((await ask(game, 0, toSeq)).error).toBeUndefined();
    await lifeUp(game, 1);
    expect(await pendingAs(game, game.players[1]!.token)).toBeNull();
    const late = await answer(game, 'accept', toSeq, game.players[1]!.token);
    expect(late.error?.extensions).toMatchObject({ code: 'INVALID_MOVE', reason: 'TAKEBACK_NOT_PENDING' });
  });

  it('of three seats, every other seat accepts before the game goes back', async () => {
    const { game, toSeq } = await misplayed(3);
    const [s0, s1, s2] = game.players;
    expect((await ask(game, 0, toSeq)).error).toBeUndefined();
    const first = await answer(game, 'accept', toSeq, s1!.token);
    expect(first.payload?.events.map((e) => e.kind)).toEqual(['TAKEBACK_ACCEPTED']);
    expect(await pendingAs(game, s2!.token)).toMatchObject({
      asker: { id: s0!.id },
      accepted: [{ id: s1!.id }],
      awaiting: [{ id: s2!.id }],
    });
    const again = await answer(game, 'accept', toSeq, s1!.token);
    expect(again.error?.extensions).toMatchObject({ reason: 'TAKEBACK_ALREADY_ACCEPTED' });
    const last = await answer(game, 'accept', toSeq, s2!.token);
    expect(last.payload?.events.map((e) => e.kind)).toEqual(['GAME_REWOUND']);
    const now = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
    expect(table(now)).toEqual(table((await gameAt(server, game.gameId, toSeq, { kind: 'ADMIN' })).game));
  });

  it(`bounds a seat's requests: ${MAX_TAKEBACK_REQUESTS_PER_TURN} per turn, afresh in the next turn`, async () => {
    const { game, toSeq } = await misplayed();
    for (let i = 0; i < MAX_TAKEBACK_REQUESTS_PER_TURN; i++) {
      expect((await ask(game, 0, toSeq)).error).toBeUndefined();
      expect((await answer(game, 'refuse', toSeq, game.players[1]!.token)).error).toBeUndefined();
    }
    const over = await ask(game, 0, toSeq);
    expect(over.error?.extensions).toMatchObject({ code: 'INVALID_MOVE', reason: 'TAKEBACK_LIMIT' });
    // The next turns: seat 1's, then seat 0's again, where its count starts afresh.
    await must(game.players[0]!.token, 'advanceTurn', 'AdvanceTurnInput', { gameId: game.gameId });
    await must(game.players[1]!.token, 'advanceTurn', 'AdvanceTurnInput', { gameId: game.gameId });
    const next = await lastSeq(game);
    await lifeUp(game, 0);
    for (let i = 0; i < MAX_TAKEBACK_REQUESTS_PER_TURN; i++) {
      expect((await ask(game, 0, next)).error).toBeUndefined();
      expect((await answer(game, 'refuse', next, game.players[1]!.token)).error).toBeUndefined();
    }
    expect((await ask(game, 0, next)).error?.extensions).toMatchObject({ reason: 'TAKEBACK_LIMIT' });
  });

  it('exports, imports and replays a game with takebacks to the same states', async () => {
    const { game, toSeq, last } = await misplayed();
    expect((await ask(game, 0, toSeq)).error).toBeUndefined();
    expect((await answer(game, 'refuse', toSeq, game.players[1]!.token)).error).toBeUndefined();
    expect((await ask(game, 0, toSeq)).error).toBeUndefined();
    expect((await answer(game, 'accept', toSeq, game.players[1]!.token)).error).toBeUndefined();
    await lifeUp(game, 1);
    expect((await ask(game, 1, last + 4)).error).toBeUndefined();
    const final = await lastSeq(game);
    const doc = (await ok<{ exportGame: unknown }>(server, EXPORT_GAME, { gameId: game.gameId })).exportGame;
    const copy = (await ok<{ importGame: ImportJson }>(server, IMPORT_GAME, { data: doc })).importGame;
    for (let seq = 1; seq <= final; seq++) {
      const original = await gameAt(server, game.gameId, seq, { kind: 'ADMIN' });
      const imported = await gameAt(server, copy.game.id, seq, { kind: 'ADMIN' });
      expect(table(imported.game), `seq ${seq}`).toEqual(table(original.game));
    }
    // The copy keeps the open request, under its own ids.
    const open = await pendingAs(game, TEST_ADMIN_TOKEN);
    expect(normaliseIds(await pendingAs({ ...game, gameId: copy.game.id }, TEST_ADMIN_TOKEN))).toEqual(
      normaliseIds(open),
    );
    expect(open?.asker.id).toBe(game.players[1]!.id);
  });
});
