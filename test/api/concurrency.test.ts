/**
 * Many clients against one game at once, through one instance or two sharing the database, then
 * the invariants; a locked game does not block others.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeEvent } from '../../src/db/rows.js';
import { replay } from '../../src/rules/index.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';
import { createGame, deck, loadGame, mutate, ok, zoneOf, type Created, type GameT } from './helpers.js';

let s: TestServer;
/** A second instance on the same database: its state cache goes stale whenever `s` commits. */
let other: TestServer;

/** Requests of one credential in flight, and waiting their turn (src/server/admission.ts). */
const IN_FLIGHT = 8;
const WAITING = 256;

beforeAll(async () => {
  s = await startTestServer({
    DATABASE_POOL_SIZE: '10',
    REQUEST_LIMIT_PER_PRINCIPAL: String(IN_FLIGHT),
    REQUEST_QUEUE_PER_PRINCIPAL: String(WAITING),
    // Every client of this file sends from one address: each stands for a client of its own here.
    REQUEST_LIMIT_PER_CLIENT: String(IN_FLIGHT),
    REQUEST_QUEUE_PER_CLIENT: String(WAITING),
    // A request's wait for its turn counts against the body deadline (a queued request is answered
    // 408 when it passes it); the flood below holds its queue behind a locked game for as long as a
    // busy machine needs to send 300 requests, so the deadline here is far from that wait.
    REQUEST_BODY_TIMEOUT_SECONDS: '300',
  });
  other = await startTestServer({ DATABASE_POOL_SIZE: '10' }, { databaseUrl: s.databaseUrl });
});

const CLIENTS = 12;
const MOVES = 15;

async function twoPlayerGame(): Promise<Created> {
  return createGame(s, 'mtg', [
    { name: 'A', deck: deck('A', 40) },
    { name: 'B', deck: deck('B', 40) },
  ]);
}

describe('concurrent mutations on one game', () => {
  it('never lose or duplicate an object, keep positions contiguous, and count every success', async () => {
    await contendedGame([s]);
  }, 120_000);

  it('keep the same guarantees when the clients are spread over two instances', async () => {
    const retriesBefore = (await retries(s)) + (await retries(other));
    await contendedGame([s, other]);
    // The instances' caches went stale under each other: the conflict path was taken, not just the fast one.
    expect((await retries(s)) + (await retries(other)) - retriesBefore).toBeGreaterThan(0);
  }, 120_000);
});

/** `transaction_retries_total` of an instance: moves written again after a conflict. */
async function retries(server: TestServer): Promise<number> {
  const text = await (await fetch(server.url.replace(/\/graphql$/, '/metrics'))).text();
  return Number(/^transaction_retries_total (\S+)$/m.exec(text)?.[1] ?? NaN);
}

/**
 * CLIENTS clients make MOVES moves each on one new game, client c through `servers[c % n]`; then
 * every success is in the version, the log is gapless and replays to the stored rows, and every
 * zone's positions are contiguous.
 */
async function contendedGame(servers: readonly TestServer[]): Promise<void> {
  {
    const g = await twoPlayerGame();
    const gameId = g.game.id;
    const ids = g.seats.map((x) => x.player.id);
    const layout = await loadGame(s, gameId, TEST_ADMIN_TOKEN);
    const zone = (type: string, owner: string | null) => zoneOf(layout, type, owner).id;
    let successes = 0;
    let tokens = 0;
    const codes = new Map<string, number>();

    async function client(c: number): Promise<void> {
      const api = servers[c % servers.length]!;
      const seat = c % 2;
      const token = c === 0 ? TEST_ADMIN_TOKEN : g.seats[seat]!.token;
      const me = ids[seat]!;
      const withVersion = c % 3 === 0;
      for (let m = 0; m < MOVES; m++) {
        const pick = (c * 31 + m * 7) % 6;
        const base: Record<string, unknown> = { gameId };
        let name = 'moveObjects';
        let type = 'MoveObjectsInput';
        let input: Record<string, unknown>;
        switch (pick) {
          case 0:
          case 1:
            input = {
              ...base,
              select: { zoneId: zone('library', me), from: 'TOP', count: 1 },
              to: { zoneId: zone('hand', me) },
            };
            break;
          case 2:
            input = {
              ...base,
              select: { zoneId: zone('hand', me), from: 'RANDOM', count: 1 },
              to: { zoneId: zone('graveyard', me) },
            };
            break;
          case 3:
            name = 'shuffleZone';
            type = 'ShuffleZoneInput';
            input = { ...base, zoneId: zone('library', me) };
            break;
          case 4:
            input = {
              ...base,
              select: { zoneId: zone('graveyard', me), from: 'TOP', count: 1 },
              to: { zoneId: zone('library', me) },
              position: 'BOTTOM',
            };
            break;
          default:
            name = 'createToken';
            type = 'CreateTokenInput';
            input = { ...base, token: { name: 'Spirit' }, to: { type: 'battlefield' }, ownerId: me };
        }
        for (let attempt = 0; attempt < 30; attempt++) {
          if (withVersion) {
            const v = await api.gql<{ game: { version: number } }>(
              `query($id: ID!) { game(id: $id) { version } }`,
              { id: gameId },
              token,
            );
            input = { ...input, expectedVersion: v.data!.game.version };
          }
          const res = await mutate(api, name, type, input, token);
          const code = res.errors?.[0]?.extensions?.code;
          if (!res.errors) {
            successes++;
            if (name === 'createToken') tokens++;
            break;
          }
          codes.set(String(code), (codes.get(String(code)) ?? 0) + 1);
          // Only version-checked clients may be told their state is stale; an empty hand is a fair refusal.
          if (code === 'STALE_STATE' && withVersion) continue;
          expect(code).toBe('INVALID_MOVE');
          break;
        }
      }
    }

    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    expect(codes.get('INTERNAL_SERVER_ERROR')).toBeUndefined();
    expect(successes).toBeGreaterThan(CLIENTS * MOVES * 0.5);

    const db = new pg.Client({ connectionString: s.databaseUrl });
    await db.connect();
    try {
      const game = (await db.query('SELECT version, last_seq FROM game WHERE id = $1', [gameId])).rows[0];
      expect(game.version).toBe(successes + 1);
      const seqs = (
        await db.query('SELECT seq, version, payload FROM game_event WHERE game_id = $1 ORDER BY seq', [
          gameId,
        ])
      ).rows;
      expect(seqs.map((r) => r.seq)).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      expect(game.last_seq).toBe(seqs.length);
      // Versions never decrease along the log and every version 1..n appears.
      expect([...new Set(seqs.map((r) => r.version))]).toEqual(
        Array.from({ length: successes + 1 }, (_, i) => i + 1),
      );

      const objects = (
        await db.query(
          'SELECT key, public_id, zone_id, sort_key, host_key FROM game_object WHERE game_id = $1',
          [gameId],
        )
      ).rows;
      expect(objects).toHaveLength(80 + tokens);
      expect(new Set(objects.map((o) => o.key)).size).toBe(objects.length);
      expect(new Set(objects.map((o) => o.public_id)).size).toBe(objects.length);
      const zoneIds = new Set(
        (await db.query('SELECT id FROM zone WHERE game_id = $1', [gameId])).rows.map((z) => z.id),
      );
      expect(objects.every((o) => zoneIds.has(o.zone_id))).toBe(true);
      // Sort keys are distinct within a zone: a total order, so positions are well defined.
      const keysByZone = new Map<string, number[]>();
      for (const o of objects)
        if (!o.host_key) keysByZone.set(o.zone_id, [...(keysByZone.get(o.zone_id) ?? []), o.sort_key]);
      for (const keys of keysByZone.values()) expect(new Set(keys).size).toBe(keys.length);

      // The log replays to exactly the stored state.
      const replayed = replay(
        'mtg',
        seqs.map((r) => decodeEvent(r.payload)),
      );
      const stored = new Map(objects.map((o) => [o.key, `${o.public_id}|${o.zone_id}|${o.sort_key}`]));
      expect(new Map(replayed.objects.map((o) => [o.key, `${o.publicId}|${o.zoneId}|${o.sortKey}`]))).toEqual(
        stored,
      );
    } finally {
      await db.end();
    }

    // Every zone's positions are 0..count-1, and each object is in exactly one zone.
    const view: GameT = await loadGame(s, gameId, TEST_ADMIN_TOKEN);
    const seen = new Set<string>();
    for (const z of view.zones) {
      const top = z.objects!.filter((o) => o.position !== null);
      expect(top.map((o) => o.position)).toEqual(Array.from({ length: z.count }, (_, i) => i));
      for (const o of z.objects!) {
        expect(seen.has(o.id)).toBe(false);
        seen.add(o.id);
      }
    }
    expect(seen.size).toBe(80 + tokens);
    // Every instance answers with the same state.
    for (const api of servers) expect(await loadGame(api, gameId, TEST_ADMIN_TOKEN)).toEqual(view);
  }
}

describe('a flood of moves on one game', () => {
  it('queues a bounded number, refuses the rest with RATE_LIMITED, and applies each accepted one once', async () => {
    const g = await twoPlayerGame();
    const library = g.game.zones.find((z) => z.type === 'library' && z.owner?.id === g.seats[0]!.player.id)!;
    const input = { gameId: g.game.id, zoneId: library.id };
    const FLOOD = 300;
    const bound = IN_FLIGHT + WAITING;
    // The game row stays locked while the flood arrives, so no move can finish and free a slot
    // however slowly the requests come in: the seat's first requests take its slots, the next wait
    // their turn, and every one past the bound is refused at once.
    const locker = new pg.Client({ connectionString: s.databaseUrl });
    await locker.connect();
    let results: Awaited<ReturnType<typeof mutate>>[];
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM game WHERE id = $1 FOR UPDATE', [g.game.id]);
      let refused = 0;
      const flood = Array.from({ length: FLOOD }, () =>
        mutate(s, 'shuffleZone', 'ShuffleZoneInput', input, g.seats[0]!.token).then((r) => {
          if (r.errors?.[0]?.extensions?.code === 'RATE_LIMITED') refused++;
          return r;
        }),
      );
      await expect.poll(() => refused, { timeout: 60_000, interval: 50 }).toBe(FLOOD - bound);
      await locker.query('COMMIT');
      results = await Promise.all(flood);
    } finally {
      await locker.end();
    }
    const codes = results.map((r) => r.errors?.[0]?.extensions?.code ?? 'OK');
    const accepted = codes.filter((c) => c === 'OK').length;
    expect(new Set(codes)).toEqual(new Set(['OK', 'RATE_LIMITED']));
    expect(accepted).toBe(bound);
    const after = await loadGame(s, g.game.id, TEST_ADMIN_TOKEN);
    expect(after.version).toBe(1 + accepted);
  }, 120_000);
});

describe('locks are per game', () => {
  it('a mutation on game B completes while game A is locked; A waits for the lock', async () => {
    const a = await twoPlayerGame();
    const b = await twoPlayerGame();
    const lib = (g: Created) =>
      g.game.zones.find((z) => z.type === 'library' && z.owner?.id === g.seats[0]!.player.id)!.id;
    const hand = (g: Created) =>
      g.game.zones.find((z) => z.type === 'hand' && z.owner?.id === g.seats[0]!.player.id)!.id;
    const drawIn = (g: Created) =>
      mutate(
        s,
        'moveObjects',
        'MoveObjectsInput',
        { gameId: g.game.id, select: { zoneId: lib(g), from: 'TOP', count: 1 }, to: { zoneId: hand(g) } },
        g.seats[0]!.token,
      );

    const locker = new pg.Client({ connectionString: s.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM game WHERE id = $1 FOR UPDATE', [a.game.id]);
      let aDone = false;
      const onA = drawIn(a).then((r) => {
        aDone = true;
        return r;
      });
      // A's move is in PostgreSQL, blocked by the locker's row lock.
      const lockerPid = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await until(
        async () =>
          (
            await locker.query('SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [
              lockerPid,
            ])
          ).rowCount! > 0,
        "A's move waiting for the lock",
      );
      const t0 = Date.now();
      const onB = await drawIn(b);
      expect(onB.errors).toBeUndefined();
      expect(onB.data!.version).toBe(2);
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect(aDone).toBe(false);
      await locker.query('COMMIT');
      const resA = await onA;
      expect(resA.errors).toBeUndefined();
      expect(resA.data!.version).toBe(2);
    } finally {
      await locker.end();
    }
  });
});

describe('idempotency under concurrency', () => {
  it('concurrent duplicates apply once and all return the first response', async () => {
    const g = await twoPlayerGame();
    const me = g.seats[0]!.player.id;
    const input = {
      gameId: g.game.id,
      select: {
        zoneId: g.game.zones.find((z) => z.type === 'library' && z.owner?.id === me)!.id,
        from: 'TOP',
        count: 3,
      },
      to: { type: 'hand', ownerId: me },
      idempotencyKey: 'draw-3-once',
    };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => ok(s, 'moveObjects', 'MoveObjectsInput', input, g.seats[0]!.token)),
    );
    const first = JSON.stringify(results[0]);
    for (const r of results) expect(JSON.stringify(r)).toBe(first);
    const game = await loadGame(s, g.game.id, g.seats[0]!.token);
    expect(game.version).toBe(2);
    expect(zoneOf(game, 'hand', me).count).toBe(3);
  });
});
