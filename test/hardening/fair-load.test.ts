/**
 * One principal's load does not starve another's (`src/authority/work-limit.ts`): a client's
 * expensive reads run `WORK_LIMIT_PER_CLIENT` (1) at a time, its next ones wait in its own queue,
 * and that queue holds no other principal's request and no move. While one seat holds its slot and
 * has more pages waiting, the other seat's game view and move are answered, and the waiting pages
 * are then answered in turn, none refused. The queue and the wait are bounded: past either,
 * RATE_LIMITED with a retry hint.
 *
 * Every wait is on a condition (an answer, the limiter's own count of waiting requests); nothing
 * is timed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { principalKey, WorkLimiter } from '../../src/authority/index.js';
import { ErrorCode } from '../../src/errors.js';
import { createGame, drawCards, post, type DeckCard } from '../support/game-api.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

const PAGE = /* GraphQL */ `
  query Page($gameId: ID!, $afterSeq: Int!, $first: Int!) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {
      seq
    }
  }
`;

const deck = (n: number): DeckCard[] =>
  Array.from({ length: 8 }, (_, i) => ({ name: `Card ${n}-${i}`, types: ['Land'] }));

/** Resolves 'queued' as soon as `check` holds, unless `stop` was called first (then never). */
function whenever(check: () => boolean): { readonly seen: Promise<'queued'>; stop(): void } {
  let stopped = false;
  const seen = new Promise<'queued'>((resolve) => {
    const look = () => {
      if (stopped) return;
      if (check()) resolve('queued');
      else setTimeout(look, 5);
    };
    look();
  });
  return { seen, stop: () => (stopped = true) };
}

describe('a burst of expensive reads from one seat', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });

  it("waits in that seat's own queue: the other seat's view and move are answered meanwhile, then the burst in turn", async () => {
    const game = await createGame(server, 'mtg', [deck(0), deck(1)]);
    const [alice, bob] = game.players as [(typeof game.players)[0], (typeof game.players)[0]];
    const work = server.app.service.work;
    // Bob's one slot, held here as a page in progress holds it (the test server's clients are 127.0.0.1).
    const bobKey = principalKey({ kind: 'player', playerId: bob.id, gameId: game.gameId });
    const held = await work.acquire(bobKey, '127.0.0.1');
    const pages = Array.from({ length: 3 }, () =>
      post<{ gameEvents: { seq: number }[] }>(
        server,
        PAGE,
        { gameId: game.gameId, afterSeq: 0, first: 100 },
        bob.token,
      ),
    );
    let settled = 0;
    for (const p of pages) void p.then(() => settled++);
    await until(() => work.waiting === 3, "Bob's three pages waiting for his slot");

    // Alice's game view (an expensive read) and her move: answered while Bob's pages still wait.
    const queued = whenever(() => work.waiting > 3);
    const drawn = drawCards(server, game.gameId, alice, 1);
    const first = await Promise.race([drawn.then(() => 'answered' as const), queued.seen]);
    queued.stop();
    expect(first, "Alice's view waited in Bob's queue").toBe('answered');
    expect(await drawn).toBeGreaterThan(0);
    expect(work.waiting).toBe(3);
    expect(settled).toBe(0);

    // Bob's slot given back: his pages are answered one after another, none refused.
    held();
    for (const answer of await Promise.all(pages)) {
      expect(answer.errors, answer.text).toBeUndefined();
      expect(answer.data!.gameEvents.length).toBeGreaterThan(0);
    }
    expect(work.waiting).toBe(0);
    await until(() => work.inUse === 0, 'every slot given back');
  });
});

describe("a client's queue of expensive work", () => {
  const refused = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (err: { extensions?: { code?: string; retryAfterMs?: number } }) => err,
    );

  it('refuses past its length with RATE_LIMITED and a retry hint', async () => {
    const work = new WorkLimiter(8, 32, 1, { queuePerClient: 2, maxWaitMs: 60_000 });
    const release = await work.acquire('player:a', 'A');
    const waiting = [work.acquire('player:a', 'A'), work.acquire('player:a', 'A')];
    const err = await refused(work.acquire('player:a', 'A'));
    expect(err?.extensions?.code).toBe(ErrorCode.RATE_LIMITED);
    expect(err?.extensions?.retryAfterMs).toBeGreaterThan(0);
    // Another principal on the same address has a queue of its own.
    const other = await work.acquire('player:b', 'A');
    release();
    (await waiting[0]!)();
    (await waiting[1]!)();
    other();
    expect(work.inUse).toBe(0);
  });

  it('refuses a request whose turn did not come within the longest wait', async () => {
    const work = new WorkLimiter(8, 32, 1, { queuePerClient: 4, maxWaitMs: 1 });
    const release = await work.acquire('player:a', 'A');
    const err = await refused(work.acquire('player:a', 'A'));
    expect(err?.extensions?.code).toBe(ErrorCode.RATE_LIMITED);
    expect(work.waiting).toBe(0);
    release();
    expect(work.inUse).toBe(0);
  });

  it("refuses at once when its principal's slots are all held by its other clients", async () => {
    const work = new WorkLimiter(1, 32, 1, { queuePerClient: 4, maxWaitMs: 60_000 });
    const a = await work.acquire('spectator:g', 'A');
    const err = await refused(work.acquire('spectator:g', 'B'));
    expect(err?.extensions?.code).toBe(ErrorCode.RATE_LIMITED);
    a();
    expect(work.inUse).toBe(0);
  });
});
