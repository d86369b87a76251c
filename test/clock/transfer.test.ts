/**
 * Clocks in a game's past and in its copies (issue 40, done-when 3: "events, history, export,
 * import, gameAt ... cover clocks"). The database's clock is pinned and moved by hand, so every
 * instant below is exact:
 * - `gameAt(seq)` shows the clocks as of that event, the same as the event itself recorded, for
 *   every seq of a game that was started, passed, given time, paused and resumed;
 * - an export carries the clocks as of the export, and its import has them stopped (not started),
 *   with the same times under the copy's own seat ids, until a judge starts them again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { ADMIN, clockGame, clockLog, clockMove, seatOf, viewClock, type ClockJson } from './support.js';

const CLOCK_FIELDS = `kind asOfMs runningPlayerId ticking started paused pauseReason stopped deadlineMs
  seats { playerId remainingMs periodsLeft flagged stopped } timeCalledTurn lastTurn`;

let s: TestServer;
let db: pg.Client;
/** The instant the database's clock is pinned to (epoch ms). */
let now = Date.UTC(2030, 0, 1);

async function pinAt(ms: number): Promise<void> {
  now = ms;
  await db.query(
    `INSERT INTO zk_time (id, pinned) VALUES (1, to_timestamp($1::float8 / 1000))
     ON CONFLICT (id) DO UPDATE SET pinned = excluded.pinned`,
    [ms],
  );
}

beforeAll(async () => {
  // No sweep: with the time pinned nothing is due, and no outage is to be given back.
  s = await startTestServer({ CLOCK_SWEEP_MS: '0' });
  db = new pg.Client({ connectionString: s.databaseUrl });
  await db.connect();
  await pinAt(now);
});

afterAll(async () => {
  await db?.end();
});

async function gameAtClock(gameId: string, seq: number, as: Record<string, unknown>) {
  const res = await s.gql<{ gameAt: { seq: number; game: { clock: ClockJson | null } } }>(
    `query ($id: ID!, $seq: Int!, $as: ViewerInput!) {
       gameAt(gameId: $id, seq: $seq, as: $as) { seq game { clock { ${CLOCK_FIELDS} } } } }`,
    { id: gameId, seq, as },
    ADMIN,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.gameAt.game.clock;
}

/** A chess game with an increment, through every clock move, one second of database time apart. */
async function playedClockGame() {
  const g = await clockGame(s, { kind: 'CHESS', mainMs: 60_000, incrementMs: 2_000, onExpire: 'FLAG' });
  const steps: [Parameters<typeof clockMove>[1], Record<string, unknown>, string][] = [
    ['startClock', { playerId: g.a }, g.referee],
    ['passClock', {}, g.tokenA],
    ['addClockTime', { playerId: g.b, ms: 10_000 }, ADMIN],
    ['pauseClock', { reason: 'judge call' }, g.referee],
    ['resumeClock', { reason: 'resolved' }, g.referee],
    ['passClock', {}, g.tokenB],
  ];
  for (const [name, input, token] of steps) {
    await pinAt(now + 1_000);
    expect((await clockMove(s, name, { gameId: g.id, ...input }, token)).codes, name).toEqual([]);
  }
  await pinAt(now + 1_500);
  return g;
}

describe('clocks in gameAt, export and import', () => {
  it('gameAt(seq) shows the clocks each event recorded, to the admin, a seat and a spectator', async () => {
    const g = await playedClockGame();
    const log = await clockLog(s, g.id);
    expect(log.filter((e) => e.kind === 'CLOCK_CHANGED').map((e) => e.clockChange!.op)).toEqual([
      'START',
      'PASS',
      'ADD_TIME',
      'PAUSE',
      'RESUME',
      'PASS',
    ]);
    let last: ClockJson | null = null;
    for (const event of log) {
      if (event.clock) last = event.clock;
      for (const as of [{ kind: 'ADMIN' }, { kind: 'PLAYER', playerId: g.b }, { kind: 'SPECTATOR' }]) {
        const clock = await gameAtClock(g.id, event.seq, as);
        if (last) expect(clock, `seq ${event.seq} as ${as.kind}`).toEqual(last);
        else expect(clock, `seq ${event.seq}: not started`).toMatchObject({ started: false, ticking: false });
      }
    }
    // The values are the arithmetic's: A ran 1 s, passed with a 2 s increment, and runs again for
    // 1.5 s; B ran 3 s (the paused second not counted), was given 10 s, and passed with 2 s.
    const final = (await viewClock(s, g.id)).clock!;
    expect(seatOf(final, g.a).remainingMs).toBe(60_000 - 1_000 + 2_000 - 1_500);
    expect(seatOf(final, g.b).remainingMs).toBe(60_000 - 3_000 + 10_000 + 2_000);
    expect(final).toMatchObject({ runningPlayerId: g.a, ticking: true, asOfMs: now });
  });

  it('export carries the clocks as of the export; the import has them stopped, the same times, until a judge starts them', async () => {
    const g = await playedClockGame();
    const before = (await viewClock(s, g.id)).clock!;
    const exported = await s.gql<{ exportGame: unknown }>(
      'query ($id: ID!) { exportGame(gameId: $id) }',
      { id: g.id },
      ADMIN,
    );
    expect(exported.errors, JSON.stringify(exported.errors)).toBeUndefined();
    const imported = await s.gql<{
      importGame: { game: { id: string }; seats: { player: { id: string; seat: number } }[] };
    }>(
      `mutation ($data: JSON!) { importGame(data: $data) { game { id } seats { player { id seat } } } }`,
      { data: exported.data!.exportGame },
      ADMIN,
    );
    expect(imported.errors, JSON.stringify(imported.errors)).toBeUndefined();
    const copy = imported.data!.importGame;
    const [a, b] = [...copy.seats].sort((x, y) => x.player.seat - y.player.seat).map((x) => x.player.id);
    // Time passes after the import: the copy's clocks stand still.
    await pinAt(now + 5_000);
    const stopped = (await viewClock(s, copy.game.id)).clock!;
    expect(stopped).toMatchObject({ kind: 'CHESS', started: false, ticking: false, deadlineMs: null });
    expect(seatOf(stopped, a!).remainingMs).toBe(seatOf(before, g.a).remainingMs);
    expect(seatOf(stopped, b!).remainingMs).toBe(seatOf(before, g.b).remainingMs);
    expect(stopped.seats.map((x) => x.playerId).sort()).toEqual([a, b].sort());
    // A judge starts them: A's runs on from where it was.
    const start = await clockMove(s, 'startClock', { gameId: copy.game.id, playerId: a }, ADMIN);
    expect(start.codes).toEqual([]);
    await pinAt(now + 1_000);
    const running = (await viewClock(s, copy.game.id)).clock!;
    expect(running).toMatchObject({ started: true, ticking: true, runningPlayerId: a });
    expect(seatOf(running, a!).remainingMs).toBe(seatOf(before, g.a).remainingMs - 1_000);
  });
});
