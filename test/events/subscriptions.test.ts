/**
 * Live events through the real API and a real graphql-ws client: per-viewer redaction for player,
 * opponent, spectator and admin (the same on the subscription and the HTTP history), replay then
 * live without gaps or duplicates, zone filtering, resume after a disconnect, and refusals that
 * leak nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, deck, draw, loadGame, zoneOf, type Created, type ZoneT } from '../api/helpers.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { EVENT_FIELDS, wsClient, type EventT, type WsClient } from './ws-client.js';

let s: TestServer;

/** `subscriptions_active` from the server's /metrics: counted once the hub registered one. */
async function activeSubscriptions(): Promise<number> {
  const text = await (await fetch(s.url.replace(/\/graphql$/, '/metrics'))).text();
  return Number(/^subscriptions_active (\S+)$/m.exec(text)?.[1] ?? 0);
}
let game: Created;
let gameId: string;
let alice: string;
let bob: string;
let aliceId: string;
let zones: { libA: ZoneT; handA: ZoneT; libB: ZoneT; handB: ZoneT };
const clients: WsClient[] = [];

function client(token?: string): WsClient {
  const c = wsClient(s.wsUrl, token);
  clients.push(c);
  return c;
}

async function lastSeq(): Promise<number> {
  return (await loadGame(s, gameId, TEST_ADMIN_TOKEN)).lastSeq;
}

async function history(token: string, afterSeq: number): Promise<EventT[]> {
  const res = await s.gql<{ gameEvents: EventT[] }>(
    `query H($gameId: ID!, $afterSeq: Int) { gameEvents(gameId: $gameId, afterSeq: $afterSeq) { ${EVENT_FIELDS} } }`,
    { gameId, afterSeq },
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.gameEvents;
}

beforeAll(async () => {
  s = await startTestServer();
  game = await createGame(s, 'mtg', [
    { name: 'Alice', deck: deck('Alpha', 12) },
    { name: 'Bob', deck: deck('Beta', 12) },
  ]);
  gameId = game.game.id;
  [alice, bob] = game.seats.map((x) => x.token) as [string, string];
  aliceId = game.seats[0]!.player.id;
  const bobId = game.seats[1]!.player.id;
  const g = await loadGame(s, gameId, TEST_ADMIN_TOKEN);
  zones = {
    libA: zoneOf(g, 'library', aliceId),
    handA: zoneOf(g, 'hand', aliceId),
    libB: zoneOf(g, 'library', bobId),
    handB: zoneOf(g, 'hand', bobId),
  };
  return async () => {
    await Promise.all(clients.map((c) => c.close()));
  };
});

describe('gameEvents subscription', () => {
  it('gives each viewer its own redaction of a draw, the same as the HTTP history', async () => {
    const after = await lastSeq();
    const viewers = { player: alice, opponent: bob, spectator: game.spectatorToken, admin: TEST_ADMIN_TOKEN };
    const subs = Object.fromEntries(
      Object.entries(viewers).map(([k, token]) => [
        k,
        client(token).subscribe('gameEvents', { gameId, afterSeq: after }),
      ]),
    );
    await draw(s, gameId, zones.libA, zones.handA, 2, alice);
    await Promise.all(Object.values(subs).map((sub) => sub.waitForCount(1)));

    const arrivals = (e: EventT) => e.changes.filter((c) => c.toZoneId === zones.handA.id && c.objectId);
    const names = (e: EventT) =>
      arrivals(e)
        .map((c) => c.object?.card?.name ?? null)
        .sort();
    const [player, opponent, spectator, admin] = ['player', 'opponent', 'spectator', 'admin'].map(
      (k) => subs[k]!.events[0]!,
    ) as [EventT, EventT, EventT, EventT];
    for (const e of [player, opponent, spectator, admin]) {
      expect(e.seq).toBe(after + 1);
      expect(e.kind).toBe('OBJECTS_MOVED');
      expect(arrivals(e)).toHaveLength(2);
    }
    // The drawing player sees the cards drawn; so does an admin, with internal keys.
    expect(names(player)).toEqual(['Alpha 1', 'Alpha 2']);
    expect(names(admin)).toEqual(['Alpha 1', 'Alpha 2']);
    expect(arrivals(admin).every((c) => c.object?.internalKey)).toBe(true);
    expect(arrivals(player).every((c) => c.object?.internalKey === null)).toBe(true);
    // The opponent and a spectator see two cards leave that library and two arrive in that hand,
    // under new ids, unlinked, and nothing about what they are.
    for (const [k, e] of [
      ['opponent', opponent],
      ['spectator', spectator],
    ] as const) {
      expect(names(e)).toEqual([null, null]);
      const left = e.changes.filter((c) => c.fromZoneId === zones.libA.id);
      expect(left).toHaveLength(2);
      expect(e.changes.every((c) => !(c.previousId && c.objectId))).toBe(true);
      const previous = new Set(left.map((c) => c.previousId));
      expect(arrivals(e).some((c) => previous.has(c.objectId))).toBe(false);
      expect(subs[k]!.texts.join('')).not.toMatch(/Alpha/);
    }
    // The HTTP history gives each viewer exactly what its subscription gave.
    for (const [k, token] of Object.entries(viewers))
      expect(await history(token, after)).toEqual(subs[k]!.events);
  });

  it('replays after afterSeq, then continues live: every seq once, in order', async () => {
    const sub = client(game.spectatorToken).subscribe('gameEvents', { gameId, afterSeq: 0 });
    const before = await lastSeq();
    await sub.waitForCount(before);
    for (let i = 0; i < 3; i++) {
      await draw(s, gameId, zones.libA, zones.handA, 1, alice);
      await draw(s, gameId, zones.libB, zones.handB, 1, bob);
    }
    const end = await lastSeq();
    await sub.waitForCount(end);
    // A marker: one more event. It arrives after anything sent twice or late, which would show here.
    await draw(s, gameId, zones.libA, zones.handA, 1, alice);
    await sub.waitForCount(end + 1);
    expect(sub.seqs).toEqual(Array.from({ length: end + 1 }, (_, i) => i + 1));
  });

  it('without afterSeq, starts from the current lastSeq', async () => {
    const before = await activeSubscriptions();
    const c = client(bob);
    const sub = c.subscribe('gameEvents', { gameId });
    // Wait until the subscription is registered: it starts at the lastSeq it found then.
    const deadline = Date.now() + 10_000;
    while ((await activeSubscriptions()) <= before && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    expect(await activeSubscriptions(), 'subscription registered').toBeGreaterThan(before);
    const from = await lastSeq();
    await draw(s, gameId, zones.libB, zones.handB, 1, bob);
    await sub.waitForCount(1);
    expect(sub.seqs[0]).toBe(from + 1);
  });

  it('resumes after a disconnect with exactly the missed events', async () => {
    const start = await lastSeq();
    const first = client(alice);
    const sub = first.subscribe('gameEvents', { gameId, afterSeq: start });
    await draw(s, gameId, zones.libA, zones.handA, 1, alice);
    await sub.waitForCount(1);
    await first.close();
    const seen = sub.seqs.at(-1)!;
    for (let i = 0; i < 3; i++) await draw(s, gameId, zones.libB, zones.handB, 1, bob);
    const resumed = client(alice).subscribe('gameEvents', { gameId, afterSeq: seen });
    await resumed.waitForCount(3);
    await draw(s, gameId, zones.libA, zones.handA, 1, alice);
    await resumed.waitForCount(4);
    // A marker: one more event, after which nothing sent twice can still be on its way.
    await draw(s, gameId, zones.libB, zones.handB, 1, bob);
    await resumed.waitForCount(5);
    expect(resumed.seqs).toEqual([seen + 1, seen + 2, seen + 3, seen + 4, seen + 5]);
  });
});

describe('zoneEvents subscription', () => {
  it('delivers only the events that touch the zone', async () => {
    const after = await lastSeq();
    const sub = client(alice).subscribe('zoneEvents', { gameId, zoneId: zones.handB.id, afterSeq: after });
    await draw(s, gameId, zones.libA, zones.handA, 1, alice);
    await draw(s, gameId, zones.libB, zones.handB, 1, bob);
    await draw(s, gameId, zones.libA, zones.handA, 1, alice);
    // A marker that touches the zone: the two events that do not were due before it.
    await draw(s, gameId, zones.libB, zones.handB, 1, bob);
    await sub.waitForCount(2);
    expect(sub.seqs).toEqual([after + 2, after + 4]);
    expect(sub.events.every((e) => e.zoneIds.includes(zones.handB.id))).toBe(true);
    // Alice may not see Bob's hand.
    expect(sub.texts.join('')).not.toMatch(/Beta/);
  });
});

describe('refusals', () => {
  const SUB = (id: string) => ({ gameId: id, afterSeq: 0 });

  it('answers a game the caller may not see exactly like an unknown one: NOT_FOUND', async () => {
    const other = await createGame(s, 'mtg', [
      { name: 'C', deck: deck('Gamma', 3) },
      { name: 'D', deck: deck('Delta', 3) },
    ]);
    const c = client(alice);
    const foreign = c.subscribe('gameEvents', SUB(other.game.id));
    const unknown = c.subscribe('gameEvents', SUB('00000000-0000-4000-8000-000000000000'));
    const malformed = c.subscribe('gameEvents', SUB('not-a-uuid'));
    const errs = await Promise.all([foreign, unknown, malformed].map((x) => x.waitForError()));
    expect(errs[0]).toEqual(errs[1]);
    expect(errs[0]).toEqual(errs[2]);
    expect(errs[0]).toMatchObject({ message: 'Game not found.', extensions: { code: 'NOT_FOUND' } });
    expect(JSON.stringify(errs)).not.toMatch(/Gamma|Delta/);
    const http = await s.gql(`{ gameEvents(gameId: "${other.game.id}") { seq } }`, {}, alice);
    expect(http.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses zoneEvents for a zone that is not in the game', async () => {
    const c = client(alice);
    const err = await c
      .subscribe('zoneEvents', { gameId, zoneId: '00000000-0000-4000-8000-000000000000' })
      .waitForError();
    expect(err).toMatchObject({ message: 'Zone not found.', extensions: { code: 'NOT_FOUND' } });
  });

  it('refuses an anonymous subscription with UNAUTHENTICATED', async () => {
    const err = await client().subscribe('gameEvents', SUB(gameId)).waitForError();
    expect(err).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses an invalid token at connection_init with close code 4401 (UNAUTHENTICATED)', async () => {
    const c = client('zk_not_a_real_token');
    const err = (await c.subscribe('gameEvents', SUB(gameId)).waitForError()) as { code?: number };
    expect(err.code).toBe(4401);
  });
});
