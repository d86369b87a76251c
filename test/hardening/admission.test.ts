/**
 * Requests in flight per credential (REQUEST_LIMIT_PER_PRINCIPAL and
 * REQUEST_QUEUE_PER_PRINCIPAL, src/server/admission.ts): past the limit a request waits its turn;
 * past the queue it is refused at once with RATE_LIMITED, HTTP 429 and a retry hint. Other
 * credentials are not affected, and a slot passes on when a request ends.
 *
 * A request takes its place once its body has arrived. These tests hold a seat's places with moves
 * that wait for the game's row, which the test locks in its own transaction: the move is admitted
 * and stays in flight until the test lets go (or its client goes away), which makes "in flight"
 * deterministic without timing. Then slow clients: stalled bodies, seated and anonymous, hold no
 * place and are answered 408 and closed in seconds, so they cannot keep a game's spectators from
 * being answered; connections are capped per address, and graphql-ws connections per credential.
 * Fairness among the clients of one credential, and the body byte budget: shared-credential.test.ts.
 */
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREATE_GAME, createGame, post, type CreatedGame, NO_SEAT_ENTROPY } from '../support/game-api.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { eventually, within } from '../events/log-rows.js';
import { wsClient } from '../events/ws-client.js';
import { until } from '../support/wait.js';
import {
  heldRequest,
  inFlight,
  lockGameRow,
  lockGameTable,
  ROLL,
  settle,
  stalledRequest,
} from './admission-support.js';

const LIMIT = 2;
const QUEUE = 1;
const CREATE = {
  query: CREATE_GAME,
  variables: {
    input: {
      ruleset: 'mtg',
      players: [
        { name: 'A', deck: [] },
        { name: 'B', deck: [] },
      ],
    },
  },
};
const GAME_VERSION = /* GraphQL */ `
  query Version($id: ID!) {
    game(id: $id) {
      version
    }
  }
`;

describe('requests in flight per credential', () => {
  let server: TestServer;
  let game: CreatedGame;
  beforeAll(async () => {
    server = await startTestServer({
      REQUEST_LIMIT_PER_PRINCIPAL: String(LIMIT),
      REQUEST_QUEUE_PER_PRINCIPAL: String(QUEUE),
    });
    game = await createGame(server, 'mtg', [[], []], undefined, NO_SEAT_ENTROPY);
  });

  it('queues one more, refuses the next with RATE_LIMITED (429, Retry-After), serves other seats, and passes a slot on when a request ends', async () => {
    const [alice, bob] = game.players.map((p) => p.token) as [string, string];
    const ask = (token: string) =>
      post<{ game: { version: number } }>(server, GAME_VERSION, { id: game.gameId }, token);

    // Bob's moves wait for the game's row: each holds one of his places.
    const lock = await lockGameRow(server, game.gameId);
    const held = Array.from({ length: LIMIT }, () => heldRequest(server, ROLL(game.gameId), bob));
    await settle(server, LIMIT);
    // The limit is taken: the next request waits for a slot, the one after it has no room to wait.
    let waitedAnswer: Awaited<ReturnType<typeof ask>> | null = null;
    const waited = ask(bob).then((a) => (waitedAnswer = a));
    await settle(server, LIMIT, 1);
    expect(waitedAnswer, 'a request over the limit waits its turn').toBeNull();
    const refused = await ask(bob);
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0]?.extensions?.code, refused.text).toBe('RATE_LIMITED');
    expect(refused.errors?.[0]?.extensions?.['retryAfterMs']).toBeGreaterThan(0);
    expect(refused.data).toBeNull();

    // Another seat and the game's spectators have their own limits.
    const other = await ask(alice);
    expect(other.errors, other.text).toBeUndefined();
    expect(other.data?.game.version).toBe(1);
    const spectator = await ask(game.spectatorToken);
    expect(spectator.errors, spectator.text).toBeUndefined();

    // One held request ends (its client goes away): its slot goes to the waiting request.
    held[0]!.abort();
    const answer = await waited;
    expect(answer.errors, answer.text).toBeUndefined();
    expect(answer.data?.game.version).toBe(1);
    // And Bob, with one request still held, has a free slot again.
    const again = await ask(bob);
    expect(again.errors, again.text).toBeUndefined();
    await lock.release();
    for (const h of held) h.abort();
  });

  it('does not count requests without a game credential (game creation has its own rate limit)', async () => {
    // Games are created under a lock that holds every new game row back: each creation stays in flight.
    const lock = await lockGameTable(server);
    const held = Array.from({ length: LIMIT + QUEUE + 1 }, () => heldRequest(server, CREATE));
    // Every one of them admitted at once: none waits, none is refused.
    await settle(server, LIMIT + QUEUE + 1);
    await lock.release();
    await until(() => held.every((h) => h.seen.closed), 'the held creations answered');
    expect(held.map((h) => h.seen.status)).toEqual(held.map(() => 200));
  });
});

describe('a request that waits for its turn', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REQUEST_LIMIT_PER_PRINCIPAL: '1', REQUEST_QUEUE_PER_PRINCIPAL: '1' });
  });

  it('is dropped from the queue when its client goes away, and holds no slot', async () => {
    const game = await createGame(server, 'mtg', [[], []], undefined, NO_SEAT_ENTROPY);
    const bob = game.players[1]!.token;
    const lock = await lockGameRow(server, game.gameId);
    const holder = heldRequest(server, ROLL(game.gameId), bob);
    await settle(server, 1);
    // Waits (the queue's one place), then its client gives up.
    const waiter = heldRequest(server, ROLL(game.gameId), bob);
    await settle(server, 1, 1);
    waiter.abort();
    await settle(server, 1, 0);
    // Its place is free again: this one may wait, and is answered once the holder ends.
    const asked = post<{ game: { version: number } }>(server, GAME_VERSION, { id: game.gameId }, bob);
    await settle(server, 1, 1);
    holder.abort();
    const answer = await asked;
    expect(answer.errors, answer.text).toBeUndefined();
    expect(answer.data?.game.version).toBe(1);
    await lock.release();
  });
});

describe('slow clients', () => {
  const BODY_SECONDS = 2;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      REQUEST_BODY_TIMEOUT_SECONDS: String(BODY_SECONDS),
      MAX_CONNECTIONS_PER_ADDRESS: '64',
      WS_CONNECTIONS_PER_CREDENTIAL: '2',
    });
  });

  it('eight stalled spectator bodies and eight stalled anonymous ones do not keep another spectator waiting', async () => {
    // As many as the default REQUEST_LIMIT_PER_PRINCIPAL (8): were places taken before the body,
    // the stalled bodies would hold every spectator place until their time ran out.
    const game = await createGame(server, 'mtg', [[], []], undefined, NO_SEAT_ENTROPY);
    const stalled = [
      ...Array.from({ length: 8 }, () => stalledRequest(server, { token: game.spectatorToken })),
      ...Array.from({ length: 8 }, () => stalledRequest(server)),
    ];
    // All sixteen are being read (or, on a machine slow
    // enough, their bodies' time already ran out, which frees nothing sooner than this test expects).
    await until(
      async () => stalled.some((h) => h.seen.closed) || (await inFlight(server)).reading === 16,
      'the sixteen stalled requests being read',
    );
    const answer = await within(
      30_000,
      "another spectator's answer",
      post<{ game: { version: number } }>(server, GAME_VERSION, { id: game.gameId }, game.spectatorToken),
    );
    expect(answer.errors, answer.text).toBeUndefined();
    expect(answer.data?.game.version).toBe(1);
    // Each stalled request was answered 408 and closed by the server.
    await eventually(() => stalled.every((h) => h.seen.closed), 30_000, 'stalled requests closed');
    expect(stalled.map((h) => h.seen.status)).toEqual(stalled.map(() => 408));
  }, 60_000);

  it('caps connections from one address: one past the cap is closed unanswered, and a freed place is usable again', async () => {
    const url = new URL(server.url);
    const open = (): Promise<net.Socket> =>
      new Promise((resolve, reject) => {
        const s = net.connect(Number(url.port), url.hostname, () => resolve(s));
        s.on('error', reject);
      });
    const held: net.Socket[] = [];
    // Every place of this address (the test client's other connections may hold a few).
    for (let i = 0; i < 64; i++) held.push(await open());
    const closed = held.map(() => false);
    held.forEach((s, i) => s.once('close', () => (closed[i] = true)));
    await eventually(() => closed.some(Boolean), 30_000, 'a connection past the cap closed');
    const refused = closed.filter(Boolean).length;
    expect(refused).toBeGreaterThan(0);
    for (const s of held) s.destroy();
    await eventually(() => closed.every(Boolean), 30_000, 'all closed');
    const game = await within(
      30_000,
      'a request after the flood',
      createGame(server, 'mtg', [[], []], undefined, NO_SEAT_ENTROPY),
    );
    expect(game.gameId).toBeTruthy();
  }, 60_000);

  it('caps graphql-ws connections per credential: one past the cap is closed with 4030', async () => {
    const game = await createGame(server, 'mtg', [[], []], undefined, NO_SEAT_ENTROPY);
    const clients = [1, 2, 3].map(() => wsClient(server.wsUrl, game.spectatorToken));
    const subs = clients.map((c) => c.subscribe('gameEvents', { gameId: game.gameId, afterSeq: 0 }));
    try {
      await eventually(() => clients.some((c) => c.closeCodes.includes(4030)), 30_000, 'a 4030 close');
      expect(clients.filter((c) => c.closeCodes.includes(4030))).toHaveLength(1);
      await Promise.all(
        subs.filter((_, i) => !clients[i]!.closeCodes.length).map((s) => s.waitForCount(1, 30_000)),
      );
      // A place given back is taken again.
      const closedOne = clients.findIndex((c) => !c.closeCodes.length);
      await clients[closedOne]!.close();
      const again = wsClient(server.wsUrl, game.spectatorToken);
      clients.push(again);
      await again.subscribe('gameEvents', { gameId: game.gameId, afterSeq: 0 }).waitForCount(1, 30_000);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  }, 60_000);
});
