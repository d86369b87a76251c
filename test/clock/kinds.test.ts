/**
 * One test per clock kind through the service (issue 40, done-when 1): a chess clock with a Fischer
 * increment and with a Bronstein delay, byo-yomi, an hourglass, a per-turn limit, and a round clock
 * with additional turns (MTR 2.5). Times are real but scaled down (hundreds of milliseconds to a few
 * seconds); every wait is on a condition (a view's instant, a game's status, a log entry), never a
 * fixed sleep. Each view's remaining times are checked two ways: exactly, against what the clock's
 * last event stated and the time elapsed on the database's clock between that event's instant and
 * the view's; and the view's instant against `zk_now()` read right after it, within
 * {@link VIEW_TOLERANCE_MS}. The expected values are worked out here from the conventions, not with
 * the service's own arithmetic.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';
import {
  ADMIN,
  clockGame,
  clockLog,
  clockMove,
  databaseNow,
  expectExpiriesWithin,
  seatOf,
  viewClock,
  type ClockGame,
  type ClockJson,
} from './support.js';

/**
 * How far a view's instant may lie before the database's time read right after it: two requests
 * on a busy 2-core machine (other test files and helpers share it).
 */
const VIEW_TOLERANCE_MS = 2_000;
/** How late a CLOCK_EXPIRED may be recorded after its deadline (the sweep runs every 20 ms here). */
const EXPIRY_LATENESS_MS = 1_500;

/** A view of the game's clock once it has run `ms` since `since` (database time), checked against `zk_now()`. */
async function viewAfter(s: TestServer, g: ClockGame, since: number, ms: number): Promise<ClockJson> {
  let view: ClockJson | null = null;
  await until(
    async () => {
      view = (await viewClock(s, g.id)).clock!;
      return view.asOfMs >= since + ms;
    },
    () => `the clock of game ${g.id} to run ${ms} ms (last view as of ${view?.asOfMs} since ${since})`,
  );
  const now = await databaseNow(s.databaseUrl);
  expect(now - view!.asOfMs, 'the view is stated as of the database time').toBeGreaterThanOrEqual(0);
  expect(now - view!.asOfMs, `within ${VIEW_TOLERANCE_MS} ms of zk_now()`).toBeLessThanOrEqual(
    VIEW_TOLERANCE_MS,
  );
  return view!;
}

async function move(
  s: TestServer,
  name: Parameters<typeof clockMove>[1],
  input: Record<string, unknown>,
  token: string,
): Promise<ClockJson> {
  const res = await clockMove(s, name, input, token);
  expect(res.codes).toEqual([]);
  return res.events.at(-1)!.clock!;
}

const start = (s: TestServer, g: ClockGame) =>
  move(s, 'startClock', { gameId: g.id, playerId: g.a }, g.referee);

const remaining = (clock: ClockJson, playerId: string | null) =>
  playerId === null ? clock.seats[0]!.remainingMs : seatOf(clock, playerId).remainingMs;

async function turnNumber(s: TestServer, id: string): Promise<number> {
  const res = await s.gql<{ game: { turn: { number: number } } }>(
    `query ($id: ID!) { game(id: $id) { turn { number } } }`,
    { id },
    ADMIN,
  );
  return res.data!.game.turn.number;
}

describe('each clock kind through the service, on the database clock', () => {
  it('chess with a Fischer increment: a pass adds the increment to the passing seat (FIDE 6)', async () => {
    const s = await startTestServer({ CLOCK_SWEEP_MS: '20' });
    const g = await clockGame(s, { kind: 'CHESS', mainMs: 3_000, incrementMs: 1_000, onExpire: 'LOSE' });
    const started = await start(s, g);
    expect(started).toMatchObject({
      ticking: true,
      runningPlayerId: g.a,
      deadlineMs: started.asOfMs + 3_000,
    });
    const view = await viewAfter(s, g, started.asOfMs, 200);
    expect(remaining(view, g.a)).toBe(3_000 - (view.asOfMs - started.asOfMs));
    expect(remaining(view, g.b)).toBe(3_000);
    const passed = await move(s, 'passClock', { gameId: g.id }, g.tokenA);
    const usedA = passed.asOfMs - started.asOfMs;
    expect(remaining(passed, g.a)).toBe(3_000 - usedA + 1_000);
    expect(passed).toMatchObject({ runningPlayerId: g.b, deadlineMs: passed.asOfMs + 3_000 });
    const viewB = await viewAfter(s, g, passed.asOfMs, 200);
    expect(remaining(viewB, g.b)).toBe(3_000 - (viewB.asOfMs - passed.asOfMs));
    expect(remaining(viewB, g.a)).toBe(remaining(passed, g.a));
    // B never passes: its flag falls once, at its deadline, and B loses.
    await until(async () => (await viewClock(s, g.id)).status === 'ENDED', 'B to lose on time');
    await expectExpiriesWithin(s, g, [g.b], EXPIRY_LATENESS_MS);
  });

  it('chess with a Bronstein delay: a pass gives back the time used, up to the delay (FIDE 6)', async () => {
    const s = await startTestServer({ CLOCK_SWEEP_MS: '20' });
    const g = await clockGame(s, { kind: 'CHESS', mainMs: 5_000, delayMs: 600, onExpire: 'FLAG' });
    const started = await start(s, g);
    // A short run: passed within the delay, A keeps its whole time (unless the machine stalled past it).
    await viewAfter(s, g, started.asOfMs, 100);
    const first = await move(s, 'passClock', { gameId: g.id }, g.tokenA);
    const used1 = first.asOfMs - started.asOfMs;
    expect(remaining(first, g.a)).toBe(5_000 - used1 + Math.min(used1, 600));
    // B's run, longer than the delay: only the delay comes back.
    const viewB = await viewAfter(s, g, first.asOfMs, 800);
    expect(remaining(viewB, g.b)).toBe(5_000 - (viewB.asOfMs - first.asOfMs));
    const second = await move(s, 'passClock', { gameId: g.id }, g.tokenB);
    const used2 = second.asOfMs - first.asOfMs;
    expect(used2).toBeGreaterThan(600);
    expect(remaining(second, g.b)).toBe(5_000 - used2 + 600);
    expect(remaining(second, g.a)).toBe(remaining(first, g.a));
    const viewA = await viewAfter(s, g, second.asOfMs, 150);
    expect(remaining(viewA, g.a)).toBe(remaining(first, g.a) - (viewA.asOfMs - second.asOfMs));
  });

  it('byo-yomi: main time, then periods; a pass within a period keeps it whole; the last one flags', async () => {
    const s = await startTestServer({ CLOCK_SWEEP_MS: '20' });
    const MAIN = 300;
    const PERIOD = 1_200;
    const g = await clockGame(s, {
      kind: 'BYO_YOMI',
      mainMs: MAIN,
      periods: 2,
      periodMs: PERIOD,
      onExpire: 'LOSE',
    });
    const started = await start(s, g);
    expect(started.deadlineMs).toBe(started.asOfMs + MAIN + 2 * PERIOD);
    expect(seatOf(started, g.a)).toMatchObject({ remainingMs: MAIN, periodsLeft: 2 });
    // Main time used up: the first period runs.
    const inPeriod = await viewAfter(s, g, started.asOfMs, MAIN + 100);
    const elapsed = inPeriod.asOfMs - started.asOfMs;
    if (elapsed < MAIN + PERIOD)
      expect(seatOf(inPeriod, g.a)).toMatchObject({ remainingMs: MAIN + PERIOD - elapsed, periodsLeft: 2 });
    const passed = await move(s, 'passClock', { gameId: g.id }, g.tokenA);
    const used = passed.asOfMs - started.asOfMs;
    // Passed within a period: that period is whole again for the next run.
    expect(seatOf(passed, g.a)).toMatchObject({
      remainingMs: PERIOD,
      periodsLeft: used < MAIN + PERIOD ? 2 : 1,
    });
    expect(seatOf(passed, g.b)).toMatchObject({ remainingMs: MAIN, periodsLeft: 2 });
    // B never passes: main time, the first period, then the last one runs out and B loses.
    const lastPeriod = await viewAfter(s, g, passed.asOfMs, MAIN + PERIOD + 100);
    const usedB = lastPeriod.asOfMs - passed.asOfMs;
    if (usedB < MAIN + 2 * PERIOD && lastPeriod.stopped === false)
      expect(seatOf(lastPeriod, g.b)).toMatchObject({
        remainingMs: MAIN + 2 * PERIOD - usedB,
        periodsLeft: 1,
      });
    await until(async () => (await viewClock(s, g.id)).status === 'ENDED', 'B to lose on time');
    const { expired } = await expectExpiriesWithin(s, g, [g.b], EXPIRY_LATENESS_MS);
    expect(seatOf(expired.clock!, g.b)).toMatchObject({ remainingMs: 0, periodsLeft: 0, flagged: true });
  });

  it('hourglass: the time the running seat uses flows to the other seat', async () => {
    const s = await startTestServer({ CLOCK_SWEEP_MS: '20' });
    const g = await clockGame(s, { kind: 'HOURGLASS', mainMs: 2_000, onExpire: 'LOSE' });
    const started = await start(s, g);
    const view = await viewAfter(s, g, started.asOfMs, 200);
    const e1 = view.asOfMs - started.asOfMs;
    expect(remaining(view, g.a)).toBe(2_000 - e1);
    expect(remaining(view, g.b)).toBe(2_000 + e1);
    const passed = await move(s, 'passClock', { gameId: g.id }, g.tokenA);
    const usedA = passed.asOfMs - started.asOfMs;
    expect(remaining(passed, g.a) + remaining(passed, g.b)).toBe(4_000);
    expect(remaining(passed, g.a)).toBe(2_000 - usedA);
    const viewB = await viewAfter(s, g, passed.asOfMs, 200);
    const e2 = viewB.asOfMs - passed.asOfMs;
    expect(remaining(viewB, g.b)).toBe(2_000 + usedA - e2);
    expect(remaining(viewB, g.a)).toBe(2_000 - usedA + e2);
    // B never passes: the sand runs out on B's side at its deadline, when A holds all of it; A's
    // clock runs from that instant (the flag fell then) until the expiry is recorded.
    await until(async () => (await viewClock(s, g.id)).status === 'ENDED', 'B to lose on time');
    const { expired } = await expectExpiriesWithin(s, g, [g.b], EXPIRY_LATENESS_MS);
    const deadline = passed.asOfMs + remaining(passed, g.b);
    expect(remaining(expired.clock!, g.a)).toBe(4_000 - (expired.clock!.asOfMs - deadline));
  });

  it('turn limit: advanceTurn gives every seat its limit again and the new active seat runs', async () => {
    const s = await startTestServer({ CLOCK_SWEEP_MS: '20' });
    const LIMIT = 1_500;
    const g = await clockGame(s, { kind: 'TURN', limitMs: LIMIT, onExpire: 'LOSE' });
    const started = await start(s, g);
    const view = await viewAfter(s, g, started.asOfMs, 200);
    expect(remaining(view, g.a)).toBe(LIMIT - (view.asOfMs - started.asOfMs));
    expect(remaining(view, g.b)).toBe(LIMIT);
    const advanced = await move(s, 'advanceTurn', { gameId: g.id }, g.tokenA);
    expect(advanced).toMatchObject({ runningPlayerId: g.b, deadlineMs: advanced.asOfMs + LIMIT });
    expect(remaining(advanced, g.a)).toBe(LIMIT);
    expect(remaining(advanced, g.b)).toBe(LIMIT);
    const viewB = await viewAfter(s, g, advanced.asOfMs, 200);
    expect(remaining(viewB, g.b)).toBe(LIMIT - (viewB.asOfMs - advanced.asOfMs));
    // B's turn outlasts its limit: B loses.
    await until(async () => (await viewClock(s, g.id)).status === 'ENDED', 'B to lose on time');
    await expectExpiriesWithin(s, g, [g.b], EXPIRY_LATENESS_MS);
  });

  it('round clock: time is called, turn 0 is the turn in progress, then the additional turns (MTR 2.5)', async () => {
    const s = await startTestServer({ CLOCK_SWEEP_MS: '20' });
    const ROUND = 1_200;
    const EXTENSION = 500;
    const g = await clockGame(s, { kind: 'ROUND', roundMs: ROUND, additionalTurns: 3 });
    const started = await start(s, g);
    expect(started).toMatchObject({ kind: 'ROUND', timeCalledTurn: null, lastTurn: null });
    const view = await viewAfter(s, g, started.asOfMs, 200);
    expect(remaining(view, null)).toBe(ROUND - (view.asOfMs - started.asOfMs));
    // The shared clock keeps running across turns.
    const advanced = await move(s, 'advanceTurn', { gameId: g.id }, g.tokenA);
    expect(remaining(advanced, null)).toBe(ROUND - (advanced.asOfMs - started.asOfMs));
    // A judge's time extension applies to the round clock.
    const extended = await move(s, 'addClockTime', { gameId: g.id, ms: EXTENSION }, ADMIN);
    expect(extended.deadlineMs).toBe(started.asOfMs + ROUND + EXTENSION);
    const turn = await turnNumber(s, g.id);
    await until(
      async () => (await clockLog(s, g.id)).some((e) => e.kind === 'CLOCK_EXPIRED'),
      'time to be called',
    );
    const { expired } = await expectExpiriesWithin(s, g, [null], EXPIRY_LATENESS_MS);
    expect(expired.clock).toMatchObject({ timeCalledTurn: turn, lastTurn: turn + 3, ticking: false });
    // The game goes on through the additional turns; time is called once.
    for (let i = 0; i < 3; i++) await move(s, 'advanceTurn', { gameId: g.id }, ADMIN);
    const after = await viewClock(s, g.id);
    expect(after.status).toBe('ACTIVE');
    expect(after.clock).toMatchObject({ timeCalledTurn: turn, lastTurn: turn + 3 });
    expect(await turnNumber(s, g.id)).toBe(turn + 3);
    expect((await clockLog(s, g.id)).filter((e) => e.kind === 'CLOCK_EXPIRED')).toHaveLength(1);
  });
});
