/**
 * Every statement the service sends on the move, view, event-page and subscription paths names the
 * game it touches: each game table it reads or writes is filtered by (or inserted with) its
 * distribution column, `game_id` (`game.id`), and the commit passes the game id as the first
 * argument of `zk_commit_move`. On a database distributed by game (Citus) each such statement is
 * routed to the one node holding the game; one that is not would fan out to every node.
 *
 * The statements are recorded by wrapping the `pg` driver's `Client.prototype.query` in this
 * process, under Prisma (which runs on `pg` through its driver adapter) and the direct driver calls
 * alike, while two in-process instances serve real GraphQL and graphql-ws requests.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, deck, loadGame, mutate, ok, zoneOf, type Created } from '../api/helpers.js';
import { wsClient, type WsClient } from '../events/ws-client.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';

/** Tables distributed by game, and the column each is distributed by. */
const GAME_TABLES: Record<string, string> = {
  game: 'id',
  player: 'game_id',
  zone: 'game_id',
  game_object: 'game_id',
  game_event: 'game_id',
  game_checkpoint: 'game_id',
  idempotency_record: 'game_id',
};

const KEYWORDS = new Set([
  'where',
  'on',
  'join',
  'left',
  'right',
  'inner',
  'set',
  'values',
  'order',
  'group',
  'limit',
  'for',
  'using',
  'select',
  'returning',
  'offset',
]);

/**
 * Why a statement does not name its game, or null when it does (or touches no game table). Quotes
 * and the `public.` schema are dropped first, so Prisma's `"public"."zone"."game_id"` reads as
 * `zone.game_id`.
 */
function unroutedReason(sql: string): string | null {
  const s = sql
    .replace(/"/g, '')
    .replace(/\bpublic\./gi, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
  if (/\bzk_commit_move\s*\(/.test(s)) {
    return /\bzk_commit_move\s*\(\s*\$\d+::uuid\s*,/.test(s)
      ? null
      : 'zk_commit_move is called without the game id first';
  }
  const names = Object.keys(GAME_TABLES).join('|');
  const refs = [
    ...s.matchAll(
      new RegExp(`\\b(from|join|into|update)\\s+(${names})\\b(?:\\s+(?:as\\s+)?([a-z_][a-z0-9_]*))?`, 'g'),
    ),
  ].map((m) => ({
    verb: m[1]!,
    table: m[2]!,
    alias: m[3] && !KEYWORDS.has(m[3]) ? m[3] : null,
    at: m.index,
  }));
  if (refs.length === 0) return null;
  for (const ref of refs) {
    const key = GAME_TABLES[ref.table]!;
    if (ref.verb === 'into') {
      // INSERT: the row carries its game, from which a distributed database routes it.
      const columns = /^\s*\(([^)]*)\)/.exec(s.slice(ref.at + `into ${ref.table}`.length))?.[1] ?? '';
      if (!columns.split(',').some((c) => c.trim() === key))
        return `INSERT INTO ${ref.table} without its ${key} column`;
      continue;
    }
    const qualifiers = [ref.table, ...(ref.alias ? [ref.alias] : [])];
    const only = refs.length === 1;
    const compared = (q: string | null) =>
      new RegExp(`(^|[^a-z0-9_.])${q ? `${q}\\.` : ''}${key}\\s*(=|in\\s*\\()`).test(s);
    if (!qualifiers.some((q) => compared(q)) && !(only || key === 'game_id' ? compared(null) : false))
      return `${ref.table} is read or written without a condition on ${key}`;
  }
  return null;
}

/** Statements recorded while `recording` is set. */
let recording: string[] | null = null;
const originalQuery = pg.Client.prototype.query;

let a: TestServer;
let b: TestServer;
const clients: WsClient[] = [];

/**
 * The clock sweep is off here: its claim of due clocks (`src/db/clock.ts`) is the one statement
 * that reads across games by design, on none of the paths above; docs/scaling.md says how it is
 * to run on a distributed database.
 */
const NO_SWEEP = { CLOCK_SWEEP_MS: '0' };

beforeAll(async () => {
  a = await startTestServer(NO_SWEEP);
  // A second instance on the same database whose fanout listens and notifies in another database
  // of the server: neither instance hears the other's commits, so a cached state goes stale and the
  // next move takes the conflict path (the game row lock and a commit inside a transaction) for sure.
  const elsewhere = new URL(a.databaseUrl);
  elsewhere.pathname = '/postgres';
  b = await startTestServer(
    { ...NO_SWEEP, DIRECT_DATABASE_URL: elsewhere.toString() },
    { databaseUrl: a.databaseUrl },
  );
  (pg.Client.prototype as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (recording && text) recording.push(text);
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof originalQuery;
}, 60_000);

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await Promise.all(clients.map((c) => c.close()));
});

/** Runs `path` with the driver recorded; returns the statements that touched a game table. */
async function record(path: () => Promise<void>): Promise<{ all: string[]; unrouted: string[] }> {
  const seen: string[] = [];
  recording = seen;
  try {
    await path();
  } finally {
    recording = null;
  }
  const touching = seen.filter(touchesGame);
  return {
    all: touching,
    unrouted: touching.flatMap((sql) => {
      const why = unroutedReason(sql);
      return why ? [`${why}:\n${sql.trim()}`] : [];
    }),
  };
}

const touchesGame = (sql: string) =>
  new RegExp(`\\b(${Object.keys(GAME_TABLES).join('|')}|zk_commit_move)\\b`).test(
    sql
      .replace(/"/g, '')
      .replace(/\bpublic\./gi, '')
      .toLowerCase(),
  );

const newGame = (): Promise<Created> =>
  createGame(a, 'mtg', [
    { name: 'A', deck: deck('A', 20) },
    { name: 'B', deck: deck('B', 20) },
  ]);

const draw = (s: TestServer, g: Created, extra: Record<string, unknown> = {}) => {
  const me = g.seats[0]!.player.id;
  return ok(
    s,
    'moveObjects',
    'MoveObjectsInput',
    {
      gameId: g.game.id,
      select: { zoneId: zoneOf(g.game, 'library', me).id, from: 'TOP', count: 1 },
      to: { zoneId: zoneOf(g.game, 'hand', me).id },
      ...extra,
    },
    g.seats[0]!.token,
  );
};

describe('every statement on the game paths names its game', () => {
  it('the checker flags a statement that does not, and passes the forms the service uses', () => {
    expect(
      unroutedReason('SELECT count(*) FROM "public"."zone" WHERE ("public"."zone"."id" = $1) LIMIT $2'),
    ).toMatch(/zone is read or written without a condition on game_id/);
    expect(unroutedReason('SELECT key FROM game_object o WHERE o.public_id = $1')).not.toBeNull();
    expect(unroutedReason('SELECT id FROM player WHERE token_hash = $1')).not.toBeNull();
    expect(unroutedReason('SELECT zk_commit_move($1::jsonb) AS status')).not.toBeNull();
    expect(unroutedReason('INSERT INTO zone (id, type) VALUES ($1, $2)')).not.toBeNull();
    expect(unroutedReason('SELECT g.id FROM game g JOIN zone z ON z.id = $2 WHERE g.id = $1')).not.toBeNull();
    expect(unroutedReason('SELECT id FROM game WHERE id = $1::uuid FOR UPDATE')).toBeNull();
    expect(
      unroutedReason(
        'SELECT "public"."game_event"."seq" FROM "public"."game_event" WHERE ("public"."game_event"."game_id" IN ($1,$2))',
      ),
    ).toBeNull();
    expect(unroutedReason('SELECT zk_commit_move($1::uuid, $2::jsonb) AS status')).toBeNull();
    expect(unroutedReason('SELECT 1')).toBeNull();
  });

  it('a move: credential, plan, commit, the conflict path on a stale instance, an idempotent replay', async () => {
    const g = await newGame();
    const moves = await record(async () => {
      await draw(a, g);
      await draw(b, g);
      // `a`'s state is now stale: its next move conflicts and is made again under the row lock.
      await draw(a, g);
      const once = { idempotencyKey: 'routed-once' };
      const first = await draw(b, g, once);
      expect(await draw(a, g, once)).toEqual(first);
      // A refused move (nothing to draw from an empty zone is INVALID_MOVE) reads, never writes.
      const res = await mutate(
        a,
        'moveObjects',
        'MoveObjectsInput',
        {
          gameId: g.game.id,
          select: { zoneId: zoneOf(g.game, 'graveyard', g.seats[0]!.player.id).id, from: 'TOP', count: 1 },
          to: { type: 'hand', ownerId: g.seats[0]!.player.id },
        },
        g.seats[0]!.token,
      );
      expect(res.errors?.[0]?.extensions?.code).toBe('INVALID_MOVE');
    });
    expect(moves.unrouted).toEqual([]);
    expect(moves.all.some((sql) => /zk_commit_move/.test(sql))).toBe(true);
    expect(moves.all.some((sql) => /FOR UPDATE/i.test(sql))).toBe(true);
  }, 60_000);

  it('a view: the game as a seat, a spectator and the referee see it, on both instances, and a replay', async () => {
    const g = await newGame();
    await draw(a, g);
    const views = await record(async () => {
      await loadGame(b, g.game.id, g.seats[1]!.token);
      await loadGame(a, g.game.id, g.spectatorToken);
      await loadGame(b, g.game.id, g.refereeToken);
      // A replay to an earlier seq (admin): the nearest checkpoint and the events after it.
      const at = await a.gql<{ gameAt: { seq: number } }>(
        'query ($id: ID!) { gameAt(gameId: $id, seq: 1, as: { kind: SPECTATOR }) { seq } }',
        { id: g.game.id },
        TEST_ADMIN_TOKEN,
      );
      expect(at.data?.gameAt.seq).toBe(1);
    });
    expect(views.unrouted).toEqual([]);
    expect(views.all.length).toBeGreaterThan(0);
  });

  it('an event page', async () => {
    const g = await newGame();
    await draw(a, g);
    const pages = await record(async () => {
      const res = await b.gql<{ gameEvents: { seq: number }[] }>(
        'query ($id: ID!) { gameEvents(gameId: $id, afterSeq: 0, first: 10) { seq } }',
        { id: g.game.id },
        g.seats[0]!.token,
      );
      expect(res.data?.gameEvents.map((e) => e.seq)).toEqual([1, 2]);
    });
    expect(pages.unrouted).toEqual([]);
    expect(pages.all.length).toBeGreaterThan(0);
  });

  it('a subscription catching up from afterSeq, on the game and on one zone, then live', async () => {
    const g = await newGame();
    await draw(a, g);
    const hand = zoneOf(g.game, 'hand', g.seats[0]!.player.id).id;
    const catchUp = await record(async () => {
      const c = wsClient(b.wsUrl, g.seats[0]!.token);
      clients.push(c);
      const all = c.subscribe('gameEvents', { gameId: g.game.id, afterSeq: 0 });
      const zone = c.subscribe('zoneEvents', { gameId: g.game.id, zoneId: hand, afterSeq: 0 });
      await all.waitForCount(2, 15_000);
      await zone.waitForCount(1, 15_000);
      await draw(a, g);
      await all.waitForCount(3, 15_000);
      await zone.waitForCount(2, 15_000);
    });
    expect(catchUp.unrouted).toEqual([]);
    expect(catchUp.all.some((sql) => /game_event/.test(sql))).toBe(true);
  }, 60_000);
});
