/**
 * Requests in flight per game credential (REQUEST_LIMIT_PER_PRINCIPAL, src/server/admission.ts):
 * one over the limit is refused at once with RATE_LIMITED, HTTP 429 and a retry hint, before its
 * body is read; other credentials are not affected, and the slot comes back when a request ends.
 *
 * A request whose body never arrives stays in flight (it is admitted before its body is read),
 * which makes "in flight" deterministic here without timing.
 */
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, post, type CreatedGame } from '../support/game-api.js';
import { startTestServer, type TestServer } from '../support/server.js';

const LIMIT = 2;
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
    server = await startTestServer({ REQUEST_LIMIT_PER_PRINCIPAL: String(LIMIT) });
    game = await createGame(server, 'mtg', [[], []]);
  });

  it('refuses one more with RATE_LIMITED (429, Retry-After), serves other seats, and frees the slot when a request ends', async () => {
    const [alice, bob] = game.players.map((p) => p.token) as [string, string];
    const ask = (token: string) =>
      post<{ game: { version: number } }>(server, GAME_VERSION, { id: game.gameId }, token);

    const hanging = Array.from({ length: LIMIT }, () => hangingRequest(server, bob));
    await settle();
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

    // One hanging request ends: Bob has a slot again.
    hanging[0]!.abort();
    await settle();
    const again = await ask(bob);
    expect(again.errors, again.text).toBeUndefined();
    expect(again.data?.game.version).toBe(1);
    for (const h of hanging) h.abort();
  });

  it('does not count requests without a game credential (game creation has its own rate limit)', async () => {
    const hanging = Array.from({ length: LIMIT + 1 }, () => hangingRequest(server));
    await settle();
    const created = await createGame(server, 'mtg', [[], []]);
    expect(created.gameId).toBeTruthy();
    for (const h of hanging) h.abort();
  });
});
