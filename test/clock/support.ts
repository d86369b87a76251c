/**
 * Clock games through the real service (issue 40): a two-seat game with a clock, its clocks as a
 * view shows them, its log, and the database's clock, read and pinned the way the service reads it.
 */
import pg from 'pg';
import { expect } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../support/process.js';
import { gqlAt, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { deck } from '../api/helpers.js';
import { until } from '../support/wait.js';

export interface SeatClockJson {
  playerId: string | null;
  remainingMs: number;
  periodsLeft: number;
  flagged: boolean;
  stopped: boolean;
}
export interface ClockJson {
  kind: string;
  asOfMs: number;
  runningPlayerId: string | null;
  ticking: boolean;
  started: boolean;
  paused: boolean;
  pauseReason: string | null;
  stopped: boolean;
  deadlineMs: number | null;
  seats: SeatClockJson[];
  timeCalledTurn: number | null;
  lastTurn: number | null;
}
export interface ClockEventJson {
  seq: number;
  kind: string;
  clock: ClockJson | null;
  clockChange: { op: string; playerId: string | null; toPlayerId: string | null; ms: number | null } | null;
  concededPlayerId: string | null;
  result: { winners: { id: string }[]; draw: boolean } | null;
}

const CLOCK_FIELDS = `kind asOfMs runningPlayerId ticking started paused pauseReason stopped deadlineMs
  seats { playerId remainingMs periodsLeft flagged stopped } timeCalledTurn lastTurn`;

export const ADMIN = TEST_ADMIN_TOKEN;

/** What the helpers below need of a service: its GraphQL endpoint (an in-process server or a process). */
export type Gql = Pick<TestServer, 'gql'>;

export { gqlAt };

export interface ClockGame {
  id: string;
  a: string;
  b: string;
  tokenA: string;
  tokenB: string;
  referee: string;
}

/** Creates a two-seat Magic game with `clock` (a ClockInput). */
export async function clockGame(s: Gql, clock: Record<string, unknown>): Promise<ClockGame> {
  const res = await s.gql<{
    createGame: {
      game: { id: string };
      seats: { player: { id: string }; token: string }[];
      refereeToken: string;
    };
  }>(
    `mutation ($input: CreateGameInput!) { createGame(input: $input) {
       game { id } seats { player { id } token } refereeToken } }`,
    {
      input: {
        ruleset: 'mtg',
        players: [
          { name: 'A', deck: deck('Alpha', 3) },
          { name: 'B', deck: deck('Beta', 3) },
        ],
        clock,
      },
    },
  );
  expect(res.errors).toBeUndefined();
  const c = res.data!.createGame;
  return {
    id: c.game.id,
    a: c.seats[0]!.player.id,
    b: c.seats[1]!.player.id,
    tokenA: c.seats[0]!.token,
    tokenB: c.seats[1]!.token,
    referee: c.refereeToken,
  };
}

/** Runs a clock mutation; answers the errors' codes and reasons (empty: committed). */
export async function clockMove(
  s: Gql,
  name: 'startClock' | 'passClock' | 'pauseClock' | 'resumeClock' | 'addClockTime' | 'advanceTurn',
  input: Record<string, unknown>,
  token: string,
): Promise<{ codes: string[]; events: ClockEventJson[] }> {
  const type = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
  const res = await s.gql<Record<string, { events: ClockEventJson[] }>>(
    `mutation ($input: ${name === 'resumeClock' ? 'PauseClockInput' : type}!) { ${name}(input: $input) {
       events { seq kind clock { ${CLOCK_FIELDS} } clockChange { op playerId toPlayerId ms } concededPlayerId
         result { winners { id } draw } } } }`,
    { input },
    token,
  );
  return {
    codes: (res.errors ?? []).map((e) => String(e.extensions?.['reason'] ?? e.extensions?.code)),
    events: res.data?.[name]?.events ?? [],
  };
}

/** The game's clocks as a view shows them now, and its status. */
export async function viewClock(s: Gql, id: string, token = ADMIN) {
  const res = await s.gql<{ game: { status: string; clock: ClockJson | null } }>(
    `query ($id: ID!) { game(id: $id) { status clock { ${CLOCK_FIELDS} } } }`,
    { id },
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.game;
}

/** The game's whole log (clock events and what followed). */
export async function clockLog(s: Gql, id: string, token = ADMIN): Promise<ClockEventJson[]> {
  const res = await s.gql<{ gameEvents: ClockEventJson[] }>(
    `query ($id: ID!) { gameEvents(gameId: $id, afterSeq: 0, first: 40) {
       seq kind clock { ${CLOCK_FIELDS} } clockChange { op playerId toPlayerId ms } concededPlayerId
       result { winners { id } draw } } }`,
    { id },
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.gameEvents;
}

/** The database's time now (epoch ms), as the service reads it: `zk_now()`. */
export async function databaseNow(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ ms: number }>(
      `SELECT floor(extract(epoch FROM zk_now()) * 1000)::float8 AS ms`,
    );
    return r.rows[0]!.ms;
  } finally {
    await c.end();
  }
}

/** Moves the database's clock by `offsetMs` (`zk_time.offset_ms`, the one setting `zk_now()` reads). */
export async function shiftDatabaseClock(url: string, offsetMs: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `INSERT INTO zk_time (id, offset_ms) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET offset_ms = $1`,
      [offsetMs],
    );
  } finally {
    await c.end();
  }
}

export const seatOf = (clock: ClockJson, playerId: string) =>
  clock.seats.find((x) => x.playerId === playerId)!;

/**
 * The log's CLOCK_EXPIRED events: one per flag that fell (`flags`, in order), none twice, each
 * recorded at or after its deadline and within the lateness bound.
 */
export async function expectExpiriesWithin(
  s: Gql,
  g: Pick<ClockGame, 'id'>,
  flags: readonly (string | null)[],
  latenessMs: number,
) {
  const log = await clockLog(s, g.id);
  const expiries = log.filter((e) => e.kind === 'CLOCK_EXPIRED');
  expect(expiries.map((e) => e.clockChange?.playerId)).toEqual(flags);
  for (const expired of expiries) {
    const before = log.filter((e) => e.seq < expired.seq && e.clock).at(-1)!.clock!;
    expect(expired.clock!.asOfMs).toBeGreaterThanOrEqual(before.deadlineMs!);
    expect(expired.clock!.asOfMs - before.deadlineMs!).toBeLessThanOrEqual(latenessMs);
  }
  return { log, expired: expiries[0]! };
}

/**
 * Creates `count` chess-clock games (`mainMs`, the seat loses on time) and starts each clock with
 * seat A running; answers them and their deadlines (database time), read one at a time: a client
 * of a credential holds a bounded number of work slots.
 */
export async function startedClockGames(s: Gql, count: number, mainMs: number) {
  const games = await Promise.all(
    Array.from({ length: count }, () => clockGame(s, { kind: 'CHESS', mainMs, onExpire: 'LOSE' })),
  );
  const deadlines: number[] = [];
  for (const g of games) {
    const started = await clockMove(s, 'startClock', { gameId: g.id, playerId: g.a }, g.referee);
    expect(started.codes).toEqual([]);
    deadlines.push((await viewClock(s, g.id)).clock!.deadlineMs!);
  }
  return { games, deadlines };
}

/**
 * A service process on `databaseUrl` for the crash tests, the compiled service (`node dist/main.js`:
 * call `buildDist` in the file's `beforeAll`), which a crash test starts again and again: its
 * sweep every 50 ms, no creation limit; `env` adds to or overrides these.
 */
export async function startClockService(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  return startServiceProcess(
    {
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      DATABASE_POOL_SIZE: '5',
      CLOCK_SWEEP_MS: '50',
      CREATE_GAME_RATE_PER_MINUTE: '1000000',
      CREATE_GAME_BURST: '1000000',
      ...env,
    },
    60_000,
    { via: 'dist' },
  );
}

/** How long before a round's first deadline (database time) the crash tests SIGKILL its instance. */
export const KILL_BEFORE_MS = 300;

/**
 * The crash tests' round: `count` clock games started on `service` (`mainMs` each), then `service`
 * SIGKILLed {@link KILL_BEFORE_MS} before the first deadline by the database's clock (the one the
 * deadlines use). Answers the games and the first and last deadline.
 */
export async function killBeforeFirstDeadline(
  databaseUrl: string,
  service: ServiceProcess,
  count: number,
  mainMs: number,
) {
  const { games, deadlines } = await startedClockGames(gqlAt(service.url), count, mainMs);
  const first = Math.min(...deadlines);
  const now = await databaseNow(databaseUrl);
  expect(first - now, 'the games were started with time to spare').toBeGreaterThan(KILL_BEFORE_MS);
  await until(
    async () => (await databaseNow(databaseUrl)) >= first - KILL_BEFORE_MS,
    'the moment just before the first deadline',
  );
  await service.stop('SIGKILL');
  return { games, first, last: Math.max(...deadlines) };
}

/**
 * A crashed round's game, read from `s`: it ends on time, its log holds exactly one CLOCK_EXPIRED
 * (seat A's, within `latenessMs` of its deadline) and seat A lost as configured.
 */
export async function expectOneFlag(s: Gql, g: ClockGame, latenessMs: number) {
  await until(async () => (await viewClock(s, g.id)).status === 'ENDED', `game ${g.id} to end on time`);
  const found = await expectExpiriesWithin(s, g, [g.a], latenessMs);
  expect(found.log.filter((e) => e.kind === 'PLAYER_CONCEDED').map((e) => e.concededPlayerId)).toEqual([g.a]);
  return found;
}

/**
 * Calls `onStatement` with each statement this process sends through the `pg` driver (under
 * Prisma's driver adapter and on the commit's pool alike) and the connection it is sent on, until
 * the function it answers puts the driver back.
 */
export function onStatements(
  onStatement: (text: string, values: readonly unknown[], client: pg.Client) => void,
): () => void {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [unknown, unknown];
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
    const values = Array.isArray(second) ? second : ((first as { values?: unknown[] } | null)?.values ?? []);
    if (typeof text === 'string') onStatement(text, values, this);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  return () => {
    pg.Client.prototype.query = original;
  };
}
