/**
 * When a move reads the database's time (issue 40, point 5: "a move with a running clock costs at
 * most 1.1× one without"). A move of a game with clocks that leaves them as they are (a phase set,
 * a card moved) reads no time: no round trip beside its commit. A move that changes the clocks
 * (a pass) is decided as of `zk_now()`: against the service's cached state it reads the time once;
 * under the game row lock the time comes with the state's load, after the lock, so a pass that
 * waited for the lock is decided as of the time it got it.
 *
 * Statements are recorded by wrapping the `pg` driver's `Client.prototype.query` in this process
 * (Prisma's driver adapter and the commit's pool both go through it); the time is pinned
 * (`zk_time.pinned`, the one value `zk_now()` then reads) so each decision's time is known.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';
import {
  ADMIN,
  clockGame,
  clockMove,
  databaseNow,
  onStatements,
  viewClock,
  type ClockGame,
} from './support.js';

let recording: string[] | null = null;

let restore: (() => void) | undefined;

beforeAll(() => {
  restore = onStatements((text) => recording?.push(text));
});

afterAll(() => {
  restore?.();
});

/** The statements `fn` sends from this process. */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  recording = [];
  try {
    await fn();
    return recording;
  } finally {
    recording = null;
  }
}

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** Pins the database's clock at `ms` (epoch ms). */
const pinClock = (url: string, ms: number) =>
  sql(
    url,
    `INSERT INTO zk_time (id, pinned) VALUES (1, to_timestamp($1::float8 / 1000))
     ON CONFLICT (id) DO UPDATE SET pinned = excluded.pinned`,
    [ms],
  );

const setPhase = (s: TestServer, gameId: string, phase: string) =>
  s.gql(
    `mutation ($input: SetPhaseInput!) { setPhase(input: $input) { version } }`,
    { input: { gameId, phase } },
    ADMIN,
  );

/** A statement that reads `zk_now()` and nothing else (the time read on its own). */
const timeAlone = (text: string) => /zk_now\(\)/.test(text) && !/\bFROM\s+game\b/i.test(text);
const commits = (texts: readonly string[]) => texts.filter((t) => /zk_commit_move/.test(t));

let s1: TestServer;
let s2: TestServer;
let g: ClockGame;
let pinned: number;

beforeAll(async () => {
  // No sweep: every statement recorded is the move's.
  s1 = await startTestServer({ CLOCK_SWEEP_MS: '0' });
  s2 = await startTestServer({ CLOCK_SWEEP_MS: '0' }, { databaseUrl: s1.databaseUrl });
  pinned = (await databaseNow(s1.databaseUrl)) + 1_000;
  await pinClock(s1.databaseUrl, pinned);
  g = await clockGame(s1, { kind: 'CHESS', mainMs: 600_000, onExpire: 'LOSE' });
  expect((await clockMove(s1, 'startClock', { gameId: g.id, playerId: g.a }, g.referee)).codes).toEqual([]);
});

describe('the time a move of a game with clocks reads', () => {
  it('a move that leaves the clocks reads none; a pass reads it once, as the database pins it', async () => {
    // The service's cache holds the game as the start left it: each move is its one commit.
    const phase = await statementsOf(async () => {
      expect((await setPhase(s1, g.id, 'upkeep')).errors).toBeUndefined();
    });
    expect(commits(phase)).toHaveLength(1);
    expect(phase.filter(timeAlone), 'time read by a move that leaves the clocks').toEqual([]);

    pinned += 2_000;
    await pinClock(s1.databaseUrl, pinned);
    let pass: Awaited<ReturnType<typeof clockMove>> | null = null;
    const passing = await statementsOf(async () => {
      pass = await clockMove(s1, 'passClock', { gameId: g.id }, g.tokenA);
    });
    expect(pass!.codes).toEqual([]);
    expect(commits(passing)).toHaveLength(1);
    expect(passing.filter(timeAlone)).toHaveLength(1);
    expect(pass!.events[0]!.clock!.asOfMs).toBe(pinned);
  });

  it('under the game row lock, a pass is decided as of the time it got the lock', async () => {
    // The other instance's cache holds the game: its move below is its one commit.
    expect((await setPhase(s2, g.id, 'draw')).errors).toBeUndefined();
    let exercised = 0;
    for (let attempt = 0; attempt < ATTEMPTS && exercised === 0; attempt++) {
      const seen = await passUnderLock(attempt % 2 ? 'draw' : 'upkeep');
      if (seen === 'raced') continue;
      exercised += 1;
      expect(seen.asOfMs, 'the pass’s time: the one pinned while it waited for the lock').toBe(seen.pinnedMs);
      // Under the lock the load read the state and the time together: no statement of its own.
      const lock = seen.statements.findIndex((t) => /FOR UPDATE/.test(t));
      expect(lock, 'the pass took the game row lock').toBeGreaterThanOrEqual(0);
      expect(seen.statements.slice(lock).filter(timeAlone)).toEqual([]);
    }
    expect(exercised, 'a pass that waited for the game row lock under it').toBe(1);
  });
});

/** Tries of the locked pass below: one may find the row free when it asks (see `passUnderLock`). */
const ATTEMPTS = 5;

/** Row locks the bench database's sessions wait for now. */
const waitingLocks = async () =>
  (
    await sql<{ n: number }>(
      s1.databaseUrl,
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE NOT l.granted AND a.datname = current_database()`,
    )
  )[0]!.n;

/**
 * A pass of the running seat decided under the game row lock, while the time moves on. Queued for
 * the row in this order behind a first holder: the other instance's move (to `phase`), the pass,
 * a second holder. Let go, the move commits; the pass, planned on the version before it, finds
 * another version and is decided again under the game row lock, which the second holder has by
 * then, so the pass waits for it; the time is pinned anew while it waits. `raced`: the pass took
 * the row between the two holders (the second had not yet woken), and waited for nothing.
 */
async function passUnderLock(phase: string) {
  const running = (await viewClock(s1, g.id)).clock!.runningPlayerId;
  const token = running === g.a ? g.tokenA : g.tokenB;
  const [first, second] = [
    new pg.Client({ connectionString: s1.databaseUrl }),
    new pg.Client({ connectionString: s1.databaseUrl }),
  ];
  await first.connect();
  await second.connect();
  try {
    await first.query('BEGIN');
    await first.query('SELECT id FROM game WHERE id = $1 FOR UPDATE', [g.id]);
    await pinClock(s1.databaseUrl, (pinned += 1_000));
    const moving = setPhase(s2, g.id, phase);
    await until(async () => (await waitingLocks()) >= 1, 'the other instance’s move to wait for the row');
    const statements: string[] = [];
    recording = statements;
    let passed = false;
    const passing = clockMove(s1, 'passClock', { gameId: g.id }, token).finally(() => {
      passed = true;
    });
    await until(async () => (await waitingLocks()) >= 2, 'the pass to wait for the row');
    await second.query('BEGIN');
    const held = second.query('SELECT id FROM game WHERE id = $1 FOR UPDATE', [g.id]);
    await until(async () => (await waitingLocks()) >= 3, 'the second holder to wait for the row');
    await pinClock(s1.databaseUrl, (pinned += 1_000));
    await first.query('ROLLBACK');
    expect((await moving).errors).toBeUndefined();
    await held;
    await until(async () => passed || (await waitingLocks()) >= 1, 'the pass to wait for the game row lock');
    const raced = passed;
    // The time moves on while the pass waits for the lock.
    await pinClock(s1.databaseUrl, (pinned += 5_000));
    await second.query('ROLLBACK');
    const pass = await passing;
    recording = null;
    expect(pass.codes).toEqual([]);
    expect(pass.events[0]!.clockChange).toMatchObject({ op: 'PASS', playerId: running });
    if (raced) return 'raced' as const;
    return { asOfMs: pass.events[0]!.clock!.asOfMs, pinnedMs: pinned, statements };
  } finally {
    recording = null;
    await first.end();
    await second.end();
  }
}
