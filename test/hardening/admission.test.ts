/**
 * Requests in flight per game credential (REQUEST_LIMIT_PER_PRINCIPAL and
 * REQUEST_QUEUE_PER_PRINCIPAL, src/server/admission.ts): past the limit a request waits its turn;
 * past the queue it is refused at once with RATE_LIMITED, HTTP 429 and a retry hint, before its
 * body is read. Other credentials are not affected, and a slot passes on when a request ends.
 *
 * A request whose body never arrives stays in flight (it is admitted before its body is read),
 * which makes "in flight" deterministic here without timing.
 */
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, post, type CreatedGame } from '../support/game-api.js';
import { startTestServer, type TestServer } from '../support/server.js';

const LIMIT = 2;
const QUEUE = 1;
const GAME_VERSION = /* GraphQL */ `
  query Version($id: ID!) {
    game(id: $id) {
      version
    }
  }
`;

/** Sends headers and half a body, then waits: the request stays in flight until `abort`. */
function hangingRequest(server: TestServer, token?: string) {
  const url = new URL(server.url);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': '1000',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  req.on('error', () => undefined);
  req.write('{"query":');
  return { abort: () => req.destroy() };
}

/** Waits until the server has taken the hanging requests (their headers are parsed). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('requests in flight per credential', () => {
  let server: TestServer;
  let game: CreatedGame;
  beforeAll(async () => {
    server = await startTestServer({
      REQUEST_LIMIT_PER_PRINCIPAL: String(LIMIT),
      REQUEST_QUEUE_PER_PRINCIPAL: String(QUEUE),
    });
    game = await createGame(server, 'mtg', [[], []]);
  });

  it('queues one more, refuses the next with RATE_LIMITED (429, Retry-After), serves other seats, and passes a slot on when a request ends', async () => {
    const [alice, bob] = game.players.map((p) => p.token) as [string, string];
    const ask = (token: string) =>
      post<{ game: { version: number } }>(server, GAME_VERSION, { id: game.gameId }, token);

    const hanging = Array.from({ length: LIMIT }, () => hangingRequest(server, bob));
    await settle();
    // The limit is taken: the next request waits for a slot, the one after it has no room to wait.
    let waitedAnswer: Awaited<ReturnType<typeof ask>> | null = null;
    const waited = ask(bob).then((a) => (waitedAnswer = a));
    await settle();
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

    // One hanging request ends: its slot goes to the waiting request, which is answered.
    hanging[0]!.abort();
    const answer = await waited;
    expect(answer.errors, answer.text).toBeUndefined();
    expect(answer.data?.game.version).toBe(1);
    // And Bob, with one request still hanging, has a free slot again.
    const again = await ask(bob);
    expect(again.errors, again.text).toBeUndefined();
    for (const h of hanging) h.abort();
  });

  it('does not count requests without a game credential (game creation has its own rate limit)', async () => {
    const hanging = Array.from({ length: LIMIT + QUEUE + 1 }, () => hangingRequest(server));
    await settle();
    const created = await createGame(server, 'mtg', [[], []]);
    expect(created.gameId).toBeTruthy();
    for (const h of hanging) h.abort();
  });
});

describe('a request that waits for its turn', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REQUEST_LIMIT_PER_PRINCIPAL: '1', REQUEST_QUEUE_PER_PRINCIPAL: '1' });
  });

  it('is dropped from the queue when its client goes away, and holds no slot', async () => {
    const game = await createGame(server, 'mtg', [[], []]);
    const bob = game.players[1]!.token;
    const holder = hangingRequest(server, bob);
    await settle();
    // Waits (the queue's one place), then its client gives up.
    const waiter = hangingRequest(server, bob);
    await settle();
    waiter.abort();
    await settle();
    // Its place is free again: this one may wait, and is answered once the holder ends.
    const asked = post<{ game: { version: number } }>(server, GAME_VERSION, { id: game.gameId }, bob);
    await settle();
    holder.abort();
    const answer = await asked;
    expect(answer.errors, answer.text).toBeUndefined();
    expect(answer.data?.game.version).toBe(1);
  });
});
