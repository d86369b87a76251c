/**
 * A judge's rewind through the API (issue 41; IPG 1.4, "Backing Up"), on a real database: the
 * rewind is one GAME_REWOUND event, every earlier `gameAt(s)` answers byte for byte as before,
 * every viewer sees the earlier state again (apart from the ids the identity policy re-mints), the
 * rewound game replays, exports and imports to the same states, a RANDOMIZE_UNKNOWN rewind's
 * reshuffle verifies in the transcript, live subscribers and a bot resuming with `afterSeq` across
 * it see every event once (the bot ending on a fresh view), and an ended game cannot be
 * rewound.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createZonekeeperClient, type GameEvent } from '../../client/index.js';
import { verifyGame } from '../../client/verify.js';
import { until } from '../support/wait.js';
import { moveDocument } from '../support/documents.js';
import {
  createGame,
  drawCards,
  EventCollector,
  fetchGame,
  post,
  type CreatedGame,
  type GameJson,
} from '../support/game-api.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { endGame, transcriptOf } from '../fairness/support.js';
import {
  EXPORT_GAME,
  gameAt,
  IMPORT_GAME,
  normaliseIds,
  ok,
  viewersOf,
  type GameViewer,
  type ImportJson,
} from './support.js';

const REWIND = /* GraphQL */ `
  mutation Rewind($input: RewindGameInput!) {
    rewindGame(input: $input) {
      version
      events {
        seq
        kind
        rewind {
          toSeq
          mode
          reason
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
      rewind {
        toSeq
        mode
        reason
      }
    }
  }
`;
const LEAN = { selection: 'version' };

interface RewindJson {
  rewindGame: { version: number; events: { seq: number; kind: string; rewind: unknown }[] };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

/** A Magic game of two seats, each with a shuffled library, a hand of three and a tapped land. */
async function playedGame(): Promise<{ game: CreatedGame; zones: GameJson['zones'] }> {
  const deck = (s: number) =>
    Array.from({ length: 12 }, (_, c) => ({ name: `S${s} card ${c}`, types: ['Land'], text: `Card ${c}.` }));
  const game = await createGame(server, 'mtg', [deck(0), deck(1)]);
  const zones = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.zones;
  const zone = (type: string, owner: string | null) =>
    zones.find((z) => z.type === type && (z.owner?.id ?? null) === owner)!.id;
  for (const seat of game.players) {
    const send = (field: string, type: string, input: Record<string, unknown>) =>
      ok(server, moveDocument(field, type, LEAN), { input: { gameId: game.gameId, ...input } }, seat.token);
    await send('shuffleZone', 'ShuffleZoneInput', { zoneId: zone('library', seat.id) });
    await drawCards(server, game.gameId, seat, 3);
    await send('moveObjects', 'MoveObjectsInput', {
      select: { zoneId: zone('hand', seat.id), from: 'TOP', count: 1 },
      to: { zoneId: zone('battlefield', null) },
    });
  }
  return { game, zones };
}

/** Every viewer's `gameAt(s)` answer for every s up to `last`, as the raw JSON text. */
async function everyGameAt(gameId: string, viewers: readonly GameViewer[], last: number) {
  const texts: string[] = [];
  for (let seq = 0; seq <= last; seq++)
    for (const v of viewers) texts.push(JSON.stringify(await gameAt(server, gameId, seq, v.as)));
  return texts;
}

/** What a view shows of the table, apart from the game's version and ids. */
const table = (g: GameJson) => normaliseIds({ players: g.players, turn: g.turn, zones: g.zones });

const rewind = (gameId: string, toSeq: number, mode: string, token = TEST_ADMIN_TOKEN) =>
  post<RewindJson>(server, REWIND, { input: { gameId, toSeq, mode, reason: 'Drew an extra card.' } }, token);

describe('a judge rewinds a game (IPG 1.4)', () => {
  it('appends one GAME_REWOUND; earlier gameAt is byte-identical; every viewer sees the earlier state', async () => {
    const { game } = await playedGame();
    const viewers = viewersOf(game);
    const last = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.lastSeq;
    const toSeq = last - 4;
    const before = await everyGameAt(game.gameId, viewers, last);
    const admin = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
    // The rewind has something to undo: a seat drew and played a card since toSeq.
    expect(table(admin)).not.toEqual(
      table((await gameAt(server, game.gameId, toSeq, { kind: 'ADMIN' })).game),
    );

    const seat = await rewind(game.gameId, toSeq, 'EXACT', game.players[0]!.token);
    expect(seat.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const res = await rewind(game.gameId, toSeq, 'EXACT');
    expect(res.errors, res.text).toBeUndefined();
    expect(res.data!.rewindGame.events).toEqual([
      {
        seq: last + 1,
        kind: 'GAME_REWOUND',
        rewind: { toSeq, mode: 'EXACT', reason: 'Drew an extra card.' },
      },
    ]);

    expect(await everyGameAt(game.gameId, viewers, last)).toEqual(before);
    for (const v of viewers) {
      const now = (await fetchGame(server, game.gameId, v.token)).game;
      const then = (await gameAt(server, game.gameId, toSeq, v.as)).game;
      expect(table(now), v.name).toEqual(table(then));
      // afterSeq across the rewind: one event, the rewind, as this viewer may see it.
      const after = await ok<{ gameEvents: { seq: number; kind: string }[] }>(
        server,
        HISTORY,
        { gameId: game.gameId, afterSeq: last },
        v.token,
      );
      expect(after.gameEvents.map((e) => e.kind)).toEqual(['GAME_REWOUND']);
    }
  });

  it('live subscribers see the rewind once, as one event, among every other event once', async () => {
    const { game } = await playedGame();
    const last = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.lastSeq;
    const viewers = [...game.players.map((p) => p.token), game.spectatorToken];
    const live = viewers.map((token) => new EventCollector(server.wsUrl, token));
    try {
      for (const c of live) c.start(game.gameId, 0);
      for (const c of live) await c.waitFor(last);
      expect((await rewind(game.gameId, last - 2, 'EXACT')).errors).toBeUndefined();
      for (const c of live) {
        await c.waitFor(last + 1);
        expect(c.events.map((e) => e.seq)).toEqual(Array.from({ length: last + 1 }, (_, i) => i + 1));
        expect(c.events.at(-1)?.kind).toBe('GAME_REWOUND');
      }
    } finally {
      for (const c of live) await c.close();
    }
  });

  it('a bot resuming with afterSeq across a rewind gets every event once and ends on a fresh view', async () => {
    const { game } = await playedGame();
    const seat = game.players[0]!;
    const first = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.lastSeq;
    const bot = (token: string) =>
      createZonekeeperClient({ url: server.url, token, webSocketImpl: WebSocket, seatEntropy: false });
    const delivered: GameEvent[] = [];
    // The bot follows from the start, then its connection goes away before the rewind.
    const before = bot(seat.token);
    before.subscribeGameEvents(game.gameId, { afterSeq: 0, onEvent: (e) => delivered.push(e) });
    await until(() => delivered.at(-1)?.seq === first, 'the bot caught up');
    await before.dispose();

    // While it is away: a move, the judge's rewind over it and earlier moves, and a move after.
    await drawCards(server, game.gameId, game.players[1]!, 1);
    const toSeq = first - 3;
    expect((await rewind(game.gameId, toSeq, 'EXACT')).errors).toBeUndefined();
    await drawCards(server, game.gameId, seat, 1);
    const final = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.lastSeq;
    expect(final).toBe(first + 3);

    // Back: it resumes after the last seq it delivered; each event refetches its view, as bots do.
    const after = bot(seat.token);
    let view: GameJson | null = null;
    after.subscribeGameEvents(game.gameId, {
      afterSeq: delivered.at(-1)!.seq,
      onEvent: (e) => {
        delivered.push(e);
        void fetchGame(server, game.gameId, seat.token).then(({ game: g }) => {
          if (g.lastSeq === final) view = g;
        });
      },
    });
    try {
      await until(() => delivered.at(-1)?.seq === final && view !== null, 'the bot resumed to the end');
    } finally {
      await after.dispose();
    }
    expect(delivered.map((e) => e.seq)).toEqual(Array.from({ length: final }, (_, i) => i + 1));
    expect(delivered.filter((e) => e.kind === 'GAME_REWOUND').map((e) => e.seq)).toEqual([first + 2]);
    // Its last view is a fresh one's.
    expect(view).toEqual((await fetchGame(server, game.gameId, seat.token)).game);
  });

  it('replays, exports and imports a rewound game to the same states', async () => {
    const { game } = await playedGame();
    const viewers = viewersOf(game);
    const last = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.lastSeq;
    expect((await rewind(game.gameId, last - 3, 'RANDOMIZE_UNKNOWN')).errors).toBeUndefined();
    const shown = new Map<string, GameJson>();
    for (const v of viewers) shown.set(v.name, (await fetchGame(server, game.gameId, v.token)).game);
    // One more move, so that the rewind's state is replayed from the log, not read from the current one.
    await drawCards(server, game.gameId, game.players[1]!, 1);
    for (const v of viewers)
      expect((await gameAt(server, game.gameId, last + 1, v.as)).game, v.name).toEqual(shown.get(v.name));

    const doc = (await ok<{ exportGame: unknown }>(server, EXPORT_GAME, { gameId: game.gameId })).exportGame;
    const copy = (await ok<{ importGame: ImportJson }>(server, IMPORT_GAME, { data: doc })).importGame;
    const copyId = copy.game.id;
    for (let seq = 1; seq <= last + 2; seq++) {
      const original = await gameAt(server, game.gameId, seq, { kind: 'ADMIN' });
      const imported = await gameAt(server, copyId, seq, { kind: 'ADMIN' });
      expect(normaliseIds(table(imported.game)), `seq ${seq}`).toEqual(normaliseIds(table(original.game)));
    }
  });

  it("a RANDOMIZE_UNKNOWN rewind's reshuffle verifies under zk-rng; an ended game is not rewound", async () => {
    const { game } = await playedGame();
    const last = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.lastSeq;
    const res = await rewind(game.gameId, last - 6, 'RANDOMIZE_UNKNOWN');
    expect(res.errors, res.text).toBeUndefined();
    await endGame(server, game.gameId);
    const report = verifyGame(await transcriptOf(server, game.gameId));
    expect(report.verdict).toBe('verified');
    expect(report.counts.shuffle).toBeGreaterThanOrEqual(3);

    const ended = await rewind(game.gameId, 2, 'EXACT');
    expect(ended.errors?.[0]?.extensions).toMatchObject({
      code: 'GAME_NOT_ACTIVE',
      reason: 'REWIND_CROSSES_GAME_END',
    });
  });

  it('refuses a toSeq at or past the last event, and a malformed reason, changing nothing', async () => {
    const { game } = await playedGame();
    const { lastSeq, version } = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
    const late = await rewind(game.gameId, lastSeq, 'EXACT');
    expect(late.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'toSeq' });
    const empty = await post(
      server,
      REWIND,
      { input: { gameId: game.gameId, toSeq: 1, reason: ' ' } },
      TEST_ADMIN_TOKEN,
    );
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_MOVE', reason: 'BAD_REWIND' });
    expect((await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.version).toBe(version);
  });
});
