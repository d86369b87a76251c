/**
 * Clocks in the twin-world suite (issue 40: "the twin-world suite compares clocks like every other
 * field"). Both worlds' games keep the same clock, started by the referee with the same seat
 * running; among V's actions are clock moves (V passing its clock, or aiming at a seat's; V trying
 * the referee's start, pause, resume and time extension: REFEREE_ONLY), and between them the
 * referee's own (start, pass, pause, resume, add time), sent alike to both worlds. V's responses are
 * compared whole, as every other action's, and V's view of the clocks and the clocks of every event
 * in V's history are compared at the start and the end of each pair.
 *
 * Time: the database's clock is pinned (`zk_time.pinned`, the one value `zk_now()` reads) to the
 * same instant while both worlds take an action, and moved on by {@link STEP_MS} after it, so the
 * clocks run between actions and a view's `asOfMs` is the same in both worlds. The clock sweep is off
 * (CLOCK_SWEEP_MS=0): with the time pinned there is no outage to give back and, with the times below,
 * no flag falls.
 */
import fc from 'fast-check';
import pg from 'pg';
import { post } from '../support/game-api.js';
import { TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';

/** How far the database's clock moves between two actions. */
const STEP_MS = 1_000;

/** Every kind (issue 40), with times no pair of games uses up at {@link STEP_MS} an action. */
const CLOCKS: readonly Record<string, unknown>[] = [
  { kind: 'CHESS', mainMs: 600_000, incrementMs: 2_000, onExpire: 'LOSE' },
  { kind: 'CHESS', mainMs: 600_000, delayMs: 1_500, onExpire: 'FLAG' },
  { kind: 'BYO_YOMI', mainMs: 8_000, periods: 5, periodMs: 60_000, onExpire: 'LOSE' },
  { kind: 'HOURGLASS', mainMs: 300_000, onExpire: 'LOSE' },
  { kind: 'TURN', limitMs: 600_000, onExpire: 'FLAG' },
  { kind: 'ROUND', roundMs: 3_000_000, additionalTurns: 5 },
];

/** The clock of the `pair`th pair of games (both worlds alike). */
export const clockFor = (pair: number): Record<string, unknown> => CLOCKS[pair % CLOCKS.length]!;

const CLOCK_FIELDS = `kind asOfMs runningPlayerId ticking started paused pauseReason stopped deadlineMs
  seats { playerId remainingMs periodsLeft flagged stopped } timeCalledTurn lastTurn`;
const CHANGE_FIELDS = 'op playerId toPlayerId ms reason consequence';

const OPS = ['start', 'pass', 'pause', 'resume', 'addTime'] as const;

/** A clock move: who sends it (V, or the referee), and whom it names (a seat by number, or none). */
export interface ClockChoice {
  readonly op: (typeof OPS)[number];
  readonly byReferee: boolean;
  readonly seat: number | null;
  readonly ms: number;
}

export const clockChoiceArb: fc.Arbitrary<ClockChoice> = fc.record({
  op: fc.constantFrom(...OPS),
  byReferee: fc.boolean(),
  seat: fc.option(fc.nat({ max: 3 }), { nil: null }),
  ms: fc.integer({ min: 1, max: 60_000 }),
});

const INPUT_TYPES: Record<ClockChoice['op'], [field: string, type: string]> = {
  start: ['startClock', 'StartClockInput'],
  pass: ['passClock', 'PassClockInput'],
  pause: ['pauseClock', 'PauseClockInput'],
  resume: ['resumeClock', 'PauseClockInput'],
  addTime: ['addClockTime', 'AddClockTimeInput'],
};

/**
 * The mutation of a clock choice in a game whose seats are `players` (ids by seat): V's responses
 * are compared whole, so the selection is everything a payload says of the clocks.
 */
export function toClockMutation(
  choice: ClockChoice,
  gameId: string,
  players: readonly string[],
): { field: string; document: string; input: Record<string, unknown> } {
  const [field, type] = INPUT_TYPES[choice.op];
  // A seat number past the last seat names an id no seat has (UNKNOWN_PLAYER).
  const seat = choice.seat === null ? null : (players[choice.seat] ?? '00000000-0000-4000-8000-000000000000');
  const named = seat === null ? {} : choice.op === 'pass' ? { toPlayerId: seat } : { playerId: seat };
  const input: Record<string, unknown> = { gameId };
  if (choice.op === 'pause' || choice.op === 'resume') input['reason'] = `reason ${choice.ms}`;
  else Object.assign(input, named);
  if (choice.op === 'addTime') input['ms'] = choice.ms;
  const document = `mutation ($input: ${type}!) { ${field}(input: $input) {
    version events { seq kind rules clock { ${CLOCK_FIELDS} } clockChange { ${CHANGE_FIELDS} } } } }`;
  return { field, document, input };
}

/** What V observes of a game's clocks: its view's, and those of every event of its history. */
export async function clocksSeenBy(server: TestServer, gameId: string, token: string): Promise<unknown> {
  const view = await post<{ game: { clock: unknown } }>(
    server,
    `query ($id: ID!) { game(id: $id) { clock { ${CLOCK_FIELDS} } } }`,
    { id: gameId },
    token,
  );
  const events: unknown[] = [];
  for (let after = 0; ;) {
    const page = await post<{ gameEvents: { seq: number }[] }>(
      server,
      `query ($id: ID!, $after: Int) { gameEvents(gameId: $id, afterSeq: $after, first: 100) {
        seq kind clock { ${CLOCK_FIELDS} } clockChange { ${CHANGE_FIELDS} } } }`,
      { id: gameId, after },
      token,
    );
    if (!page.data) throw new Error(`gameEvents failed: ${page.text}`);
    events.push(...page.data.gameEvents);
    if (page.data.gameEvents.length < 100) break;
    after = page.data.gameEvents.at(-1)!.seq;
  }
  return { clock: view.data?.game.clock ?? view.errors, events };
}

/** The referee starts a game's clocks, `seat` running (both worlds alike). */
export async function startClocks(server: TestServer, gameId: string, playerId: string): Promise<void> {
  const m = toClockMutation({ op: 'start', byReferee: true, seat: 0, ms: 0 }, gameId, [playerId]);
  const res = await post<unknown>(server, m.document, { input: m.input }, TEST_ADMIN_TOKEN);
  if (res.errors) throw new Error(`startClock failed: ${res.text}`);
}

/** The database's clock, pinned: the same instant for both worlds' action, then moved on. */
export class PinnedTime {
  #at = Math.floor(Date.now() / 1000) * 1000;

  private constructor(private readonly client: pg.Client) {}

  static async open(databaseUrl: string): Promise<PinnedTime> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const time = new PinnedTime(client);
    await time.#pin();
    return time;
  }

  async #pin(): Promise<void> {
    await this.client.query(
      `INSERT INTO zk_time (id, pinned) VALUES (1, to_timestamp($1::float8 / 1000))
       ON CONFLICT (id) DO UPDATE SET pinned = excluded.pinned`,
      [this.#at],
    );
  }

  /** Moves the clock on by one step (between two actions, never within one). */
  async advance(): Promise<void> {
    this.#at += STEP_MS;
    await this.#pin();
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
