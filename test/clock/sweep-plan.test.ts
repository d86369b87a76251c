/**
 * The clock sweep's cost does not grow with the clocks that run (issue 40, the bench's "the sweep
 * costs under 2% of one core at rest"): beside thousands of ticking games whose deadlines are far
 * off, every statement the sweep sends on the game table reads the deadline index as a range (no
 * scan of the ticking games, no row of theirs filtered out one by one), and a tick with nothing due
 * opens no claim at all.
 *
 * The statements are recorded by wrapping the `pg` driver's `Client.prototype.query` in this
 * process (under Prisma's driver adapter), then each is explained with its own values.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';
import { clockGame, clockLog, clockMove, onStatements } from './support.js';

/** Ticking games far from their deadlines: a plan that reads them one by one filters them all. */
const TICKING = 3_000;
/** Rows of the game table any one sweep statement may read and drop. */
const ROWS_REMOVED_AT_MOST = 50;

interface Recorded {
  readonly text: string;
  readonly values: readonly unknown[];
}

let recording: Recorded[] | null = null;
let restore: (() => void) | undefined;
let s: TestServer;

beforeAll(async () => {
  // Outages off: the synthetic games below have no seats, and a given-back outage would load them.
  s = await startTestServer({ CLOCK_SWEEP_MS: '50', CLOCK_OUTAGE_MS: '3600000' });
  const c = new pg.Client({ connectionString: s.databaseUrl });
  await c.connect();
  try {
    // The trigger sets each one's `clock_deadline` from its table's clock, an hour ahead.
    await c.query(
      `INSERT INTO game (id, ruleset, spectator_token_hash, table_state)
       SELECT gen_random_uuid(), 'mtg', 'x', jsonb_build_object('clock', jsonb_build_object(
         'deadline', floor(extract(epoch FROM now()) * 1000) + 3600000 + i))
       FROM generate_series(1, $1::int) i`,
      [TICKING],
    );
    await c.query('ANALYZE game');
  } finally {
    await c.end();
  }
  restore = onStatements((text, values) => {
    if (recording && /clock_deadline/.test(text)) recording.push({ text, values });
  });
});

afterAll(() => {
  restore?.();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The plan of a recorded statement, run with its values (in a transaction rolled back). */
async function explain(r: Recorded): Promise<PlanNode[]> {
  const c = new pg.Client({ connectionString: s.databaseUrl });
  await c.connect();
  try {
    await c.query('BEGIN');
    const res = await c.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${r.text}`, [...r.values]);
    await c.query('ROLLBACK');
    const plan = (res.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
    return nodes(plan);
  } finally {
    await c.end();
  }
}

describe('the clock sweep beside thousands of ticking games', () => {
  it('reads the deadline index as a range, and claims nothing on a tick with nothing due', async () => {
    recording = [];
    const g = await clockGame(s, { kind: 'CHESS', mainMs: 300, onExpire: 'LOSE' });
    expect((await clockMove(s, 'startClock', { gameId: g.id, playerId: g.a }, g.referee)).codes).toEqual([]);
    await until(
      async () => (await clockLog(s, g.id)).some((e) => e.kind === 'CLOCK_EXPIRED'),
      'the flag to fall',
    );
    const busy = recording;
    recording = [];
    // A tick opens with its read of the earliest deadline; what comes before the first such read
    // after the flag fell is the end of the tick that wrote it (its next claim finds nothing).
    const tickStart = (r: Recorded) => /min\(clock_deadline\)/i.test(r.text);
    await until(() => recording!.filter(tickStart).length >= 10, 'ten ticks with nothing due');
    const after = recording;
    recording = null;
    const rest = after.slice(after.findIndex(tickStart));
    busy.push(...after.slice(0, after.findIndex(tickStart)));

    const claims = (rs: readonly Recorded[]) => rs.filter((r) => /SKIP LOCKED/i.test(r.text));
    expect(claims(busy).length, 'the due game was claimed').toBeGreaterThan(0);
    expect(
      claims(rest).map((r) => r.text),
      'claims opened on ticks with nothing due',
    ).toEqual([]);

    const distinct = [...new Map([...busy, ...rest].map((r) => [r.text, r])).values()];
    for (const r of distinct) {
      const game = (await explain(r)).filter((n) => n['Relation Name'] === 'game');
      expect(game.length, r.text).toBeGreaterThan(0);
      expect(
        game.map((n) => n['Node Type']),
        r.text,
      ).not.toContain('Seq Scan');
      const removed = game.reduce((sum, n) => sum + (n['Rows Removed by Filter'] ?? 0), 0);
      expect(removed, `rows of the ticking games read and dropped by: ${r.text}`).toBeLessThanOrEqual(
        ROWS_REMOVED_AT_MOST,
      );
    }
  });
});
