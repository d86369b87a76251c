/**
 * Platform identity over the service (issue 33): seats bound to platform users at createGame, a
 * verified JWT playing its seat over HTTP and graphql-ws like the seat token, the refusals answered
 * UNAUTHENTICATED with their documented message, a token without a seat answered as a missing game,
 * the standing claim, key-set outages, and expiry on open connections and cached principals.
 * The identity provider is a key set on loopback (test/support/jwks.ts).
 */
import { createHmac, createPublicKey } from 'node:crypto';
import { createClient } from 'graphql-ws';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createZonekeeperClient, type GameEvent } from '../../client/index.js';
import { REFUSAL } from '../../src/auth/jwt.js';
import { ENTROPY_BURST } from '../../src/authority/entropy-limit.js';
import { ZkCloseCode } from '../../src/server/close-codes.js';
import { EventCollector } from '../support/game-api.js';
import { docExample } from '../support/doc-example.js';
import { startJwks, TEST_ISSUER, until, type TestJwks } from '../support/jwks.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { CREATE, deck, draw, loadGame, mutate, zoneOf, type Created, type GameT } from './helpers.js';

const CLAIM = 'https://zonekeeper.test/standing';
const TOLERANCE_S = 1;
let jwks: TestJwks;
let s: TestServer;

beforeAll(async () => {
  jwks = await startJwks();
  s = await startTestServer(
    jwks.env({
      AUTH_CLOCK_TOLERANCE_S: String(TOLERANCE_S),
      AUTH_JWKS_COOLDOWN_S: '1',
      AUTH_STANDING_CLAIM: CLAIM,
    }),
  );
});

let users = 0;
/** A fresh platform user id, so that tests do not share bindings. */
const newUser = () => `user-${++users}-${Math.random().toString(36).slice(2, 8)}`;

async function boundGame(alice: string | null, bob: string | null = null, token = TEST_ADMIN_TOKEN) {
  const bind = (sub: string | null) => (sub ? { externalUser: { issuer: TEST_ISSUER, subject: sub } } : {});
  return s.gql<{ createGame: Created }>(
    CREATE,
    {
      input: {
        ruleset: 'mtg',
        players: [
          { name: 'Alice', deck: deck('Alpha', 30), ...bind(alice) },
          { name: 'Bob', deck: deck('Beta', 30), ...bind(bob) },
        ],
      },
    },
    token,
  );
}

async function created(alice: string | null, bob: string | null = null): Promise<Created> {
  const res = await boundGame(alice, bob);
  expect(res.errors).toBeUndefined();
  return res.data!.createGame;
}

const WHOAMI = 'query { whoami { kind gameId playerId } }';

describe('binding seats at createGame', () => {
  it('only the host or an admin binds; one user holds one seat; the issuer is AUTH_ISSUER', async () => {
    const u = newUser();
    // Anyone may create games on this server (HOST_TOKEN unset), but not bind seats.
    const anonymous = await boundGame(u, null, '');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const game = await created(u);
    const seat = await s.gql(WHOAMI, {}, game.seats[0]!.token);
    expect(seat.errors).toBeUndefined();
    const asSeat = await boundGame(newUser(), null, game.seats[0]!.token);
    expect(asSeat.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const twice = await boundGame(u, u);
    expect(twice.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'players.1.externalUser',
    });
    const wrongIssuer = await s.gql(
      CREATE,
      {
        input: {
          ruleset: 'mtg',
          players: [
            { name: 'A', deck: [], externalUser: { issuer: 'https://other.test/', subject: 'x' } },
            { name: 'B', deck: [] },
          ],
        },
      },
      TEST_ADMIN_TOKEN,
    );
    expect(wrongIssuer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('the binding is never shown: not in views, whoami or exports', async () => {
    const u = newUser();
    const game = await created(u);
    const token = await jwks.sign(u);
    const texts = [
      JSON.stringify(await s.gql(WHOAMI, {}, token)),
      JSON.stringify(await loadGame(s, game.game.id, game.seats[1]!.token)),
      JSON.stringify(await loadGame(s, game.game.id, TEST_ADMIN_TOKEN)),
      JSON.stringify(
        await s.gql('query ($id: ID!) { exportGame(gameId: $id) }', { id: game.game.id }, TEST_ADMIN_TOKEN),
      ),
    ];
    expect(texts[3]).toContain('"exportGame"');
    expect(JSON.parse(texts[3]!).errors).toBeUndefined();
    for (const text of texts) {
      expect(text).not.toContain(u);
      expect(text).not.toContain(TEST_ISSUER);
    }
    expect((await s.gql(WHOAMI, {}, token)).data).toEqual({
      whoami: { kind: 'EXTERNAL', gameId: null, playerId: null },
    });
  });
});

describe("the guide's binding", () => {
  it('as the host binds Erin, whose own platform token then plays her seat', async () => {
    const document = docExample('bind-platform-user');
    const [, issuer, subject] =
      /externalUser: \{ issuer: "([^"]+)", subject: "([^"]+)" \}/.exec(document) ?? [];
    expect(issuer && subject, 'the guide binds a platform user').toBeTruthy();
    // A service whose AUTH_ISSUER is the guide's provider.
    const readme = await startTestServer(jwks.env({ AUTH_ISSUER: issuer! }));
    // Anyone may create games here (HOST_TOKEN unset), but only the host or the admin binds.
    expect((await readme.gql(document)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const res = await readme.gql<{ createGame: { game: { id: string } } }>(document, {}, TEST_ADMIN_TOKEN);
    expect(res.errors).toBeUndefined();
    const gameId = res.data!.createGame.game.id;
    const jwt = await jwks.sign(subject!, { iss: issuer! });
    expect((await readme.gql(WHOAMI, {}, jwt)).data).toEqual({
      whoami: { kind: 'EXTERNAL', gameId: null, playerId: null },
    });
    const view = await readme.gql<{ game: { viewer: { kind: string; player: { name: string } } } }>(
      'query ($id: ID!) { game(id: $id) { viewer { kind player { name } } } }',
      { id: gameId },
      jwt,
    );
    expect(view.data).toEqual({ game: { viewer: { kind: 'PLAYER', player: { name: 'Erin' } } } });
  });
});

describe('a valid token plays its seat', () => {
  it('over HTTP: the same view and moves as the seat token', async () => {
    const u = newUser();
    const game = await created(u);
    const alice = game.seats[0]!;
    const token = await jwks.sign(u);
    const byJwt = await loadGame(s, game.game.id, token);
    expect(byJwt).toEqual(await loadGame(s, game.game.id, alice.token));
    const library = zoneOf(byJwt, 'library', alice.player.id);
    const hand = zoneOf(byJwt, 'hand', alice.player.id);
    const moved = await draw(s, game.game.id, library, hand, 1, token);
    expect(moved.events[0]).toMatchObject({ kind: 'OBJECTS_MOVED' });
    const events = await s.gql<{ gameEvents: { actor: { kind: string; playerId: string } }[] }>(
      'query ($id: ID!) { gameEvents(gameId: $id, afterSeq: 1) { actor { kind playerId } } }',
      { id: game.game.id },
      alice.token,
    );
    expect(events.data?.gameEvents).toEqual([{ actor: { kind: 'PLAYER', playerId: alice.player.id } }]);
  });

  it('over graphql-ws: the same events as the seat token', async () => {
    const u = newUser();
    const game = await created(u);
    const alice = game.seats[0]!;
    const byJwt = new EventCollector(s.wsUrl, await jwks.sign(u));
    const bySeat = new EventCollector(s.wsUrl, alice.token);
    byJwt.start(game.game.id);
    bySeat.start(game.game.id);
    const g = await loadGame(s, game.game.id, alice.token);
    await draw(
      s,
      game.game.id,
      zoneOf(g, 'library', alice.player.id),
      zoneOf(g, 'hand', alice.player.id),
      2,
      alice.token,
    );
    await byJwt.waitFor(2, 30_000);
    await bySeat.waitFor(2, 30_000);
    expect(byJwt.events).toEqual(bySeat.events);
    await byJwt.close();
    await bySeat.close();
  });
});

describe('refusals: UNAUTHENTICATED with the documented message', () => {
  it('alg none, HS256 with the public key, wrong issuer, wrong audience, expired, bad signature', async () => {
    const u = newUser();
    await created(u);
    const now = Math.floor(Date.now() / 1000);
    const kid = jwks.keys[0]!.kid;
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const claims = { iss: TEST_ISSUER, aud: 'zonekeeper-test', sub: u, exp: now + 60 };
    const pem = createPublicKey({ key: jwks.keys[0]!.publicJwk as never, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    const hsInput = `${b64({ alg: 'HS256', kid })}.${b64(claims)}`;
    const good = await jwks.sign(u);
    const [h, p, sig] = good.split('.') as [string, string, string];
    const cases: [string, string][] = [
      [`${b64({ alg: 'none', kid })}.${b64(claims)}.`, REFUSAL.ALGORITHM],
      [`${hsInput}.${createHmac('sha256', pem).update(hsInput).digest('base64url')}`, REFUSAL.ALGORITHM],
      [await jwks.sign(u, { iss: 'https://evil.test/' }), REFUSAL.ISSUER],
      [await jwks.sign(u, { aud: 'another-service' }), REFUSAL.AUDIENCE],
      [await jwks.sign(u, { exp: now - TOLERANCE_S - 5, iat: now - 60 }), REFUSAL.EXPIRED],
      [`${h}.${p}.${sig.slice(0, 20)}${sig[20] === 'A' ? 'B' : 'A'}${sig.slice(21)}`, REFUSAL.SIGNATURE],
    ];
    for (const [token, reason] of cases) {
      const res = await s.gql(WHOAMI, {}, token);
      expect(res.status).toBe(401);
      expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(res.errors?.[0]?.message).toContain(`The credential is not valid: ${reason}.`);
      expect(res.errors?.[0]?.message).not.toContain(kid);
    }
    expect((await s.gql(WHOAMI, {}, good)).errors).toBeUndefined();
  });
});

describe('hostile shapes (issue 37)', () => {
  it('a game id in any case is one game: one entropy window, one idempotency scope', async () => {
    const u = newUser();
    const game = await created(u);
    const token = await jwks.sign(u);
    const id = game.game.id;
    const spellings = [id, id.toUpperCase(), `${id.slice(0, 18).toUpperCase()}${id.slice(18)}`];
    const g = await loadGame(s, id, token);
    const alice = game.seats[0]!.player.id;
    const input = {
      select: { zoneId: zoneOf(g, 'library', alice).id, from: 'TOP', count: 1 },
      to: { zoneId: zoneOf(g, 'hand', alice).id },
      idempotencyKey: 'one-draw',
    };
    const drawn = await Promise.all(
      spellings.map((gameId) => mutate(s, 'moveObjects', 'MoveObjectsInput', { ...input, gameId }, token)),
    );
    // One draw, answered three times (the replay of one key), whatever the spelling.
    expect(drawn.map((d) => d.errors)).toEqual([undefined, undefined, undefined]);
    expect(new Set(drawn.map((d) => d.data!.version)).size).toBe(1);
    expect(zoneOf(await loadGame(s, id, token), 'hand', alice).count).toBe(1);

    const entropy = (gameId: string) =>
      mutate(s, 'addEntropy', 'AddEntropyInput', { gameId, data: 'ab' }, token);
    for (let i = 0; i < ENTROPY_BURST; i++)
      expect((await entropy(spellings[i % spellings.length]!)).errors).toBeUndefined();
    for (const gameId of spellings)
      expect((await entropy(gameId)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
  it('a sub that is not text (NUL, control characters, too long) is refused UNAUTHENTICATED, and cannot be bound', async () => {
    const game = await created(newUser());
    for (const sub of ['a\u0000b', 'x\u001b]52;c;cHduZWQ=\u0007', 'line\r\nforged', 'a'.repeat(256)]) {
      const token = await jwks.sign(sub);
      for (const [query, variables] of [
        [WHOAMI, {}],
        ['query ($id: ID!) { game(id: $id) { id } }', { id: game.game.id }],
      ] as const) {
        const res = await s.gql(query, variables, token);
        expect(res.status, JSON.stringify(sub)).toBe(401);
        expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
        expect(res.errors?.[0]?.message).toContain(`The credential is not valid: ${REFUSAL.SUBJECT}.`);
      }
      if (!sub.includes('\u0000')) {
        const bound = await boundGame(sub);
        expect(bound.errors?.[0]?.extensions).toMatchObject({
          code: 'BAD_USER_INPUT',
          field: 'players.0.externalUser.subject',
        });
      }
    }
  });
});

describe('no seat: the same answer as a missing game', () => {
  it('a valid token with no seat in a game gets exactly what a game that does not exist gets', async () => {
    const game = await created(newUser());
    const stranger = await jwks.sign(newUser());
    const missing = '00000000-0000-4000-8000-000000000000';
    const g = await loadGame(s, game.game.id, TEST_ADMIN_TOKEN);
    const strip = (r: {
      status: number;
      data: unknown;
      errors?: { message: string; extensions?: Record<string, unknown> }[];
    }) => ({
      status: r.status,
      data: r.data,
      errors: r.errors?.map((e) => ({ message: e.message, code: e.extensions?.['code'] })),
    });
    const ops = (id: string) => [
      s.gql('query ($id: ID!) { game(id: $id) { id } }', { id }, stranger),
      s.gql('query ($id: ID!) { gameEvents(gameId: $id) { seq } }', { id }, stranger),
      s.gql(
        'mutation ($input: MoveObjectsInput!) { moveObjects(input: $input) { version } }',
        {
          input: {
            gameId: id,
            objectIds: [g.zones[0]!.objects?.[0]?.id ?? 'x'],
            to: { zoneId: g.zones[0]!.id },
          },
        },
        stranger,
      ),
    ];
    const inGame = (await Promise.all(ops(game.game.id))).map(strip);
    const inMissing = (await Promise.all(ops(missing))).map(strip);
    expect(inGame).toEqual(inMissing);
    expect(inGame[0]!.errors?.[0]?.code).toBe('NOT_FOUND');
    // And over graphql-ws.
    const closes = async (id: string) => {
      const c = new EventCollector(s.wsUrl, stranger);
      c.start(id);
      await until(() => c.errors.length > 0, 30_000, 'the subscription refusal');
      await c.close();
      return JSON.stringify(c.errors).replaceAll(id, '<id>');
    };
    expect(await closes(game.game.id)).toBe(await closes(missing));
  });
});

describe('the standing claim', () => {
  it('grants spectator or judge standing in the games it names only', async () => {
    const a = await created(null);
    const b = await created(null);
    const u = newUser();
    const spectator = await jwks.sign(u, { [CLAIM]: { [a.game.id]: 'SPECTATOR' } });
    const viewer = 'query ($id: ID!) { game(id: $id) { viewer { kind } } }';
    expect((await s.gql(viewer, { id: a.game.id }, spectator)).data).toEqual({
      game: { viewer: { kind: 'SPECTATOR' } },
    });
    expect((await s.gql(viewer, { id: b.game.id }, spectator)).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    const judge = await jwks.sign(u, { [CLAIM]: { [b.game.id]: 'JUDGE' } });
    expect((await s.gql(viewer, { id: b.game.id }, judge)).data).toEqual({
      game: { viewer: { kind: 'REFEREE' } },
    });
    expect((await s.gql(viewer, { id: a.game.id }, judge)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('the key set unavailable', () => {
  it('answers SERVICE_UNAVAILABLE, never UNAUTHENTICATED, for a token that would verify', async () => {
    const u = newUser();
    await created(u);
    jwks.down = true;
    await jwks.rotate();
    const token = await jwks.sign(u);
    // The unknown kid makes the service fetch once the cooldown since its last fetch is over.
    await until(() => Date.now() > lastFetchAt() + 1_100, 10_000, 'the cooldown');
    const res = await s.gql(WHOAMI, {}, token);
    expect(res.status).toBe(503);
    expect(res.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    jwks.down = false;
    const failedAt = Date.now();
    await until(() => Date.now() > failedAt + 1_100, 10_000, 'the retry delay');
    expect((await s.gql(WHOAMI, {}, token)).errors).toBeUndefined();
  });
});

let fetchSeen = { count: -1, at: 0 };
function lastFetchAt(): number {
  if (jwks.fetches !== fetchSeen.count) fetchSeen = { count: jwks.fetches, at: Date.now() };
  return fetchSeen.at;
}

describe('expiry', () => {
  it('over HTTP, a cached principal is refused after its exp (plus the tolerance)', async () => {
    const u = newUser();
    const game = await created(u);
    const exp = Math.floor(Date.now() / 1000) + 3;
    const token = await jwks.sign(u, { exp });
    expect(
      (await s.gql('query ($id: ID!) { game(id: $id) { id } }', { id: game.game.id }, token)).errors,
    ).toBeUndefined();
    expect(
      (await s.gql('query ($id: ID!) { game(id: $id) { id } }', { id: game.game.id }, token)).errors,
    ).toBeUndefined();
    await until(() => Date.now() > (exp + TOLERANCE_S) * 1000 + 50, 20_000, 'exp + tolerance');
    const late = await s.gql('query ($id: ID!) { game(id: $id) { id } }', { id: game.game.id }, token);
    expect(late.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(late.errors?.[0]?.message).toContain(`The credential is not valid: ${REFUSAL.EXPIRED}.`);
  });

  it('an open subscription closes at exp + tolerance with the documented code', async () => {
    const u = newUser();
    const game = await created(u);
    const exp = Math.floor(Date.now() / 1000) + 3;
    let closed: { code: number; at: number } | undefined;
    const client = createClient({
      url: s.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${await jwks.sign(u, { exp })}` },
      retryAttempts: 0,
      on: { closed: (e) => (closed = { code: (e as { code: number }).code, at: Date.now() }) },
    });
    const errors: unknown[] = [];
    client.subscribe(
      {
        query: 'subscription ($id: ID!) { gameEvents(gameId: $id, afterSeq: 0) { seq } }',
        variables: { id: game.game.id },
      },
      { next: () => undefined, error: (e) => errors.push(e), complete: () => undefined },
    );
    // A generous deadline: the close is due at exp + tolerance; a busy machine may be late.
    await until(() => closed !== undefined, (exp + TOLERANCE_S) * 1000 - Date.now() + 30_000, 'the close');
    expect(closed!.code).toBe(ZkCloseCode.TokenExpired);
    expect(closed!.at).toBeGreaterThanOrEqual((exp + TOLERANCE_S) * 1000 - 5);
    await client.dispose();
  });

  it('the typed client refreshes its token and resumes: no event lost or repeated', async () => {
    const u = newUser();
    const game = await created(u);
    const alice = game.seats[0]!;
    const g: GameT = await loadGame(s, game.game.id, alice.token);
    const library = zoneOf(g, 'library', alice.player.id);
    const hand = zoneOf(g, 'hand', alice.player.id);
    let refreshed = 0;
    const shortLived = async () => jwks.sign(u, { exp: Math.floor(Date.now() / 1000) + 2 });
    const zk = createZonekeeperClient({
      url: s.url,
      token: await shortLived(),
      webSocketImpl: WebSocket,
      // The events counted are the moves' own; the seat adds no entropy of its own here.
      seatEntropy: false,
      retry: { minDelayMs: 50, maxDelayMs: 400 },
      refreshToken: async () => {
        refreshed++;
        return shortLived();
      },
    });
    const seen: GameEvent[] = [];
    const errors: unknown[] = [];
    const stop = zk.subscribeGameEvents(game.game.id, {
      afterSeq: 0,
      onEvent: (e) => seen.push(e),
      onError: (e) => errors.push(e),
    });
    // Moves go on (by the seat token) before, across and after two expiries of the client's token;
    // those right after an expiry land while the client reconnects, and come by replay.
    let moves = 0;
    const moveThree = async () => {
      for (let i = 0; i < 3; i++) {
        await draw(s, game.game.id, library, hand, 1, alice.token);
        moves++;
      }
    };
    for (const expiries of [1, 2]) {
      await moveThree();
      await until(() => refreshed >= expiries || errors.length > 0, 30_000, `expiry ${expiries}`);
    }
    await moveThree();
    await until(() => seen.length >= moves + 1 || errors.length > 0, 30_000, 'every event');
    expect(errors).toEqual([]);
    expect(seen.map((e) => e.seq)).toEqual(Array.from({ length: moves + 1 }, (_, i) => i + 1));
    expect(refreshed).toBeGreaterThanOrEqual(2);
    // The refreshed token also serves HTTP.
    expect((await zk.whoami()).whoami.kind).toBe('EXTERNAL');
    stop();
    await zk.dispose();
  }, 120_000);
});
