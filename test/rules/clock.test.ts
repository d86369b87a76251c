/**
 * The clock arithmetic of issue 40, pure: each kind's countdown, the pass bookkeeping (Fischer
 * increment, Bronstein delay, byo-yomi periods), hourglass flow, turn limits, the round clock's
 * additional turns (MTR 2.5), refusals, and one expiry per running out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addClockTime,
  checkClockConfig,
  clockOnNewTurn,
  deadlineOf,
  expireClock,
  giveBackOutage,
  haltClock,
  newClock,
  passClock,
  pauseClock,
  readClock,
  resumeClock,
  ROUND_KEY,
  settle,
  startClock,
  stopAllClocks,
  stopSeatClock,
  type ClockConfig,
  type ClockOutcome,
  type ClockState,
} from '../../src/rules/clock/index.js';

const SEATS = ['a', 'b', 'c'];

function ok(outcome: ClockOutcome): ClockState {
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal.code} ${outcome.refusal.message}`);
  return outcome.clock;
}

function started(config: ClockConfig, seats = SEATS.slice(0, 2), followsTurn = true): ClockState {
  return ok(startClock(newClock({ config, followsTurn }, seats, 0), 0, 'a', null));
}

const remaining = (clock: ClockState, now: number, key: string) => settle(clock, now).seats[key]?.remainingMs;

describe('chess clock', () => {
  it('Fischer increment: the time used is charged and the increment added on passing', () => {
    const c = started({ kind: 'chess', mainMs: 10_000, incrementMs: 2_000, onExpire: 'lose' });
    expect(c.deadline).toBe(10_000);
    const passed = ok(passClock(c, 3_000, 'a', null));
    expect(passed.seats.a?.remainingMs).toBe(9_000);
    expect(passed.running).toBe('b');
    expect(passed.deadline).toBe(13_000);
    expect(remaining(passed, 4_000, 'a')).toBe(9_000);
    expect(remaining(passed, 4_000, 'b')).toBe(9_000);
  });

  it('Bronstein delay: the time used is given back up to the delay, and a short clock still flags', () => {
    const c = started({ kind: 'chess', mainMs: 10_000, delayMs: 2_000, onExpire: 'flag' });
    const quick = ok(passClock(c, 1_500, 'a', 'b'));
    expect(quick.seats.a?.remainingMs).toBe(10_000);
    const slow = ok(passClock(ok(passClock(quick, 2_000, 'b', 'a')), 7_000, 'a', 'b'));
    expect(slow.seats.a?.remainingMs).toBe(7_000);
    const low = started({ kind: 'chess', mainMs: 1_000, delayMs: 5_000, onExpire: 'flag' });
    expect(low.deadline).toBe(1_000);
    expect(passClock(low, 1_000, 'a', 'b')).toMatchObject({ ok: false, refusal: { code: 'CLOCK_RAN_OUT' } });
  });
});

describe('byo-yomi', () => {
  const config: ClockConfig = { kind: 'byoYomi', mainMs: 1_000, periods: 3, periodMs: 500, onExpire: 'lose' };

  it('uses main time, then whole periods; a pass within a period keeps it whole', () => {
    const c = started(config);
    expect(c.deadline).toBe(2_500);
    expect(settle(c, 1_200).seats.a).toMatchObject({ remainingMs: 300, periodsLeft: 3, inPeriods: true });
    expect(settle(c, 1_800).seats.a).toMatchObject({ remainingMs: 200, periodsLeft: 2, inPeriods: true });
    const passed = ok(passClock(c, 1_800, 'a', 'b'));
    expect(passed.seats.a).toMatchObject({ remainingMs: 500, periodsLeft: 2 });
    const back = ok(passClock(passed, 2_000, 'b', 'a'));
    expect(back.deadline).toBe(2_000 + 500 + 500);
    expect(settle(back, 3_000).seats.a).toMatchObject({ remainingMs: 0, periodsLeft: 0 });
  });

  it('a clock with no main time starts in its periods', () => {
    const c = started({ ...config, mainMs: 0 });
    expect(c.seats.a).toMatchObject({ inPeriods: true, remainingMs: 500, periodsLeft: 3 });
    expect(c.deadline).toBe(1_500);
  });
});

describe('hourglass', () => {
  it('the time a seat uses flows to the others, the total kept', () => {
    const c = started({ kind: 'hourglass', mainMs: 10_000, onExpire: 'lose' }, SEATS);
    const at = settle(c, 3_001);
    expect([at.seats.a?.remainingMs, at.seats.b?.remainingMs, at.seats.c?.remainingMs]).toEqual([
      6_999, 11_501, 11_500,
    ]);
    const passed = ok(passClock(c, 3_001, 'a', 'c'));
    expect(passed.deadline).toBe(3_001 + 11_500);
    expect(settle(c, 50_000).seats.a?.remainingMs).toBe(0);
    const total = Object.values(settle(c, 50_000).seats).reduce((n, s) => n + s.remainingMs, 0);
    expect(total).toBe(30_000);
  });
});

describe('turn limit', () => {
  it('advanceTurn gives every seat its limit again and the new active seat runs', () => {
    const c = started({ kind: 'turn', limitMs: 5_000, onExpire: 'flag' });
    const next = clockOnNewTurn(c, 4_000, 'b');
    expect(next.running).toBe('b');
    expect(next.seats.a?.remainingMs).toBe(5_000);
    expect(next.deadline).toBe(9_000);
  });

  it('a game that keeps the clock across turns leaves it with the running seat', () => {
    const c = started({ kind: 'chess', mainMs: 5_000, onExpire: 'flag' }, ['a', 'b'], false);
    expect(clockOnNewTurn(c, 1_000, 'b')).toBe(c);
  });
});

describe('round clock (MTR 2.5)', () => {
  it('time called: the turn in progress is turn 0, then the additional turns; an extension applies', () => {
    const c = started({ kind: 'round', roundMs: 10_000, additionalTurns: 5 });
    expect(c.deadline).toBe(10_000);
    const extended = ok(addClockTime(c, 5_000, ROUND_KEY, 3_000));
    expect(extended.deadline).toBe(13_000);
    expect(expireClock(extended, 12_999, 7)).toBeNull();
    const expiry = expireClock(extended, 13_000, 7);
    expect(expiry?.consequence).toEqual({
      kind: 'additionalTurns',
      timeCalled: { turnZero: 7, lastTurn: 12 },
    });
    expect(expiry?.clock.deadline).toBeNull();
    expect(expiry?.clock.expiries).toBe(1);
    expect(expireClock(expiry!.clock, 20_000, 8)).toBeNull();
    expect(readClock(expiry!.clock, 20_000).timeCalled).toEqual({ turnZero: 7, lastTurn: 12 });
  });
});

describe('who may do what, and when', () => {
  const c = started({ kind: 'chess', mainMs: 10_000, onExpire: 'lose' });

  it('refuses a pass by a seat whose clock does not run, and after the deadline', () => {
    expect(passClock(c, 1_000, 'b', 'a')).toMatchObject({ ok: false, refusal: { code: 'NOT_RUNNING_SEAT' } });
    expect(passClock(c, 10_000, 'a', 'b')).toMatchObject({ ok: false, refusal: { code: 'CLOCK_RAN_OUT' } });
    expect(passClock(c, 9_999, 'a', 'b').ok).toBe(true);
    expect(passClock(c, 1, 'a', 'z')).toMatchObject({ ok: false, refusal: { code: 'UNKNOWN_PLAYER' } });
  });

  it('pauses with a reason and resumes; the paused time is not used', () => {
    const paused = ok(pauseClock(c, 2_000, 'judge call'));
    expect(paused.deadline).toBeNull();
    expect(remaining(paused, 9_000, 'a')).toBe(8_000);
    expect(pauseClock(paused, 3_000, 'again')).toMatchObject({
      ok: false,
      refusal: { code: 'CLOCK_PAUSED' },
    });
    expect(passClock(paused, 3_000, 'a', 'b')).toMatchObject({
      ok: false,
      refusal: { code: 'CLOCK_PAUSED' },
    });
    const resumed = ok(resumeClock(paused, 9_000));
    expect(resumed.deadline).toBe(17_000);
    expect(resumeClock(resumed, 9_500)).toMatchObject({ ok: false, refusal: { code: 'CLOCK_NOT_PAUSED' } });
  });

  it('starts once; an export halts the clocks with their values and a judge restarts them', () => {
    expect(startClock(c, 1, null, null)).toMatchObject({
      ok: false,
      refusal: { code: 'CLOCK_ALREADY_STARTED' },
    });
    const halted = haltClock(c, 4_000);
    expect(halted).toMatchObject({ started: false, deadline: null, running: 'a' });
    expect(remaining(halted, 100_000, 'a')).toBe(6_000);
    expect(ok(startClock(halted, 50_000, null, null)).deadline).toBe(56_000);
  });

  it('a pass is refused on clocks never started, and stopped ones', () => {
    const fresh = newClock(
      { config: { kind: 'turn', limitMs: 10, onExpire: 'flag' }, followsTurn: true },
      ['a'],
      0,
    );
    expect(passClock(fresh, 1, 'a', null)).toMatchObject({
      ok: false,
      refusal: { code: 'CLOCK_NOT_STARTED' },
    });
    expect(passClock(stopAllClocks(c, 1), 2, 'a', null)).toMatchObject({
      ok: false,
      refusal: { code: 'CLOCK_STOPPED' },
    });
  });
});

describe('expiry', () => {
  it('records one expiry per running out: the flag falls, the clock stops at zero, the next seat runs', () => {
    const c = started({ kind: 'chess', mainMs: 1_000, onExpire: 'lose' });
    expect(expireClock(c, 999, 1)).toBeNull();
    const expiry = expireClock(c, 1_250, 1);
    expect(expiry?.consequence).toEqual({ kind: 'lose', playerId: 'a' });
    expect(expiry?.clock.seats.a).toMatchObject({ remainingMs: 0, flagged: true, stopped: true });
    expect(expiry?.clock.running).toBe('b');
    // B's clock ran from the instant A's flag fell (1 000), not from when the fall was recorded.
    expect(expiry?.clock.deadline).toBe(2_000);
    expect(expiry?.clock.asOf).toBe(1_250);
    expect(expiry?.clock.seats.b?.remainingMs).toBe(750);
    expect(expireClock(expiry!.clock, 1_300, 1)).toBeNull();
  });

  it('a flag-only seat given time by a judge runs again', () => {
    const c = started({ kind: 'chess', mainMs: 1_000, onExpire: 'flag' });
    const flagged = expireClock(c, 1_000, 1)!.clock;
    const given = ok(addClockTime(flagged, 1_100, 'a', 5_000));
    expect(given.seats.a).toMatchObject({ remainingMs: 5_000, flagged: false, stopped: false });
    expect(ok(passClock(given, 1_200, 'b', 'a')).deadline).toBe(6_200);
  });

  it("a conceded seat's clock stops and the next seat's runs; the game's end stops every clock", () => {
    const c = started({ kind: 'chess', mainMs: 5_000, onExpire: 'lose' }, SEATS);
    const left = stopSeatClock(c, 1_000, 'a');
    expect(left.seats.a).toMatchObject({ remainingMs: 4_000, stopped: true });
    expect(left.running).toBe('b');
    expect(addClockTime(left, 1_100, 'a', 1)).toMatchObject({
      ok: false,
      refusal: { code: 'CLOCK_STOPPED' },
    });
    const ended = stopAllClocks(left, 2_000);
    expect(ended).toMatchObject({ stopped: true, deadline: null });
    expect(ended.seats.b?.remainingMs).toBe(4_000);
    expect(readClock(ended, 99_000).seats.map((s) => s.remainingMs)).toEqual([4_000, 4_000, 5_000]);
  });

  it('an outage is given back: the clock stood still from its start to the service coming back', () => {
    const c = started({ kind: 'chess', mainMs: 10_000, onExpire: 'lose' });
    const back = giveBackOutage(c, 2_000, 7_000);
    expect(remaining(back, 7_000, 'a')).toBe(8_000);
    expect(back.deadline).toBe(15_000);
  });
});

describe('configuration', () => {
  it('refuses times that are not whole, positive and bounded', () => {
    expect(checkClockConfig({ kind: 'chess', mainMs: 0, onExpire: 'lose' })?.code).toBe('BAD_CLOCK_TIME');
    expect(checkClockConfig({ kind: 'chess', mainMs: 1.5, onExpire: 'lose' })?.code).toBe('BAD_CLOCK_TIME');
    expect(
      checkClockConfig({ kind: 'chess', mainMs: 1, incrementMs: 1, delayMs: 1, onExpire: 'lose' })?.code,
    ).toBe('BAD_CLOCK_TIME');
    expect(
      checkClockConfig({ kind: 'byoYomi', mainMs: 0, periods: 0, periodMs: 5, onExpire: 'lose' }),
    ).not.toBeNull();
    expect(checkClockConfig({ kind: 'round', roundMs: 60_000, additionalTurns: 101 })).not.toBeNull();
    expect(checkClockConfig({ kind: 'round', roundMs: 60_000, additionalTurns: 5 })).toBeNull();
  });
});

describe('properties', () => {
  const configs: fc.Arbitrary<ClockConfig> = fc.oneof(
    fc.record({
      kind: fc.constant('chess' as const),
      mainMs: fc.integer({ min: 1, max: 10_000 }),
      incrementMs: fc.integer({ min: 0, max: 1_000 }),
      onExpire: fc.constant('lose' as const),
    }),
    fc.record({
      kind: fc.constant('chess' as const),
      mainMs: fc.integer({ min: 1, max: 10_000 }),
      delayMs: fc.integer({ min: 0, max: 1_000 }),
      onExpire: fc.constant('flag' as const),
    }),
    fc.record({
      kind: fc.constant('byoYomi' as const),
      mainMs: fc.integer({ min: 1, max: 10_000 }),
      periods: fc.integer({ min: 0, max: 5 }),
      periodMs: fc.integer({ min: 1, max: 1_000 }),
      onExpire: fc.constant('lose' as const),
    }),
    fc.record({
      kind: fc.constant('hourglass' as const),
      mainMs: fc.integer({ min: 1, max: 10_000 }),
      onExpire: fc.constant('lose' as const),
    }),
    fc.record({
      kind: fc.constant('turn' as const),
      limitMs: fc.integer({ min: 1, max: 10_000 }),
      onExpire: fc.constant('flag' as const),
    }),
  );

  it('the deadline is the instant the ticking clock reads zero, and expiry happens there and only there', () => {
    fc.assert(
      fc.property(
        configs,
        fc.array(fc.integer({ min: 0, max: 3_000 }), { maxLength: 8 }),
        (config, steps) => {
          let c = started(config, SEATS);
          let now = 0;
          for (const step of steps) {
            now += step;
            const passed = passClock(c, now, c.running!, null);
            if (!passed.ok) break;
            c = passed.clock;
          }
          const deadline = deadlineOf(c)!;
          expect(deadline).toBeGreaterThan(c.asOf);
          expect(settle(c, deadline - 1).seats[c.running!]?.remainingMs).toBeGreaterThan(0);
          expect(settle(c, deadline).seats[c.running!]?.remainingMs).toBe(0);
          expect(expireClock(c, deadline - 1, 1)).toBeNull();
          expect(expireClock(c, deadline, 1)?.clock.expiries).toBe(1);
          if (config.kind === 'hourglass') {
            const total = Object.values(settle(c, deadline).seats).reduce((n, s) => n + s.remainingMs, 0);
            expect(total).toBe(3 * config.mainMs);
          }
        },
      ),
    );
  });
});
