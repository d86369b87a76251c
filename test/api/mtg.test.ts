/**
 * A complete sample Magic game through the real HTTP endpoint and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { createGame, deck, draw, loadGame, ok, refused, zoneOf, type Created } from './helpers.js';

let s: TestServer;
let g: Created;
let alice: string;
let bob: string;
let aliceId: string;
let bobId: string;

beforeAll(async () => {
  s = await startTestServer();
  g = await createGame(s, 'mtg', [
    {
      name: 'Alice',
      deck: [...deck('Forest', 10, ['Land']), ...deck('Bear', 10), { name: 'Shock', types: ['Instant'] }],
    },
    { name: 'Bob', deck: deck('Island', 20, ['Land']) },
  ]);
  alice = g.seats[0]!.token;
  bob = g.seats[1]!.token;
  aliceId = g.seats[0]!.player.id;
  bobId = g.seats[1]!.player.id;
});

describe('MTG sample game', () => {
  it('creates the game at version 1 with decks in libraries', async () => {
    expect(g.game.version).toBe(1);
    expect(g.game.lastSeq).toBe(1);
    const game = await loadGame(s, g.game.id, alice);
    expect(zoneOf(game, 'library', aliceId).count).toBe(21);
    expect(zoneOf(game, 'library', bobId).count).toBe(20);
    // Libraries are hidden, even from their owner (MTG 401.2).
    expect(zoneOf(game, 'library', aliceId).objects!.every((o) => o.card === null)).toBe(true);
    expect(zoneOf(game, 'library', aliceId).objects!.map((o) => o.position)).toEqual([...Array(21).keys()]);
    expect(zoneOf(game, 'library', aliceId).objects!.every((o) => o.internalKey === null)).toBe(true);
  });

  it('draws seven: the owner sees the hand, the opponent sees only the count', async () => {
    const game = await loadGame(s, g.game.id, alice);
    const payload = await draw(
      s,
      g.game.id,
      zoneOf(game, 'library', aliceId),
      zoneOf(game, 'hand', aliceId),
      7,
      alice,
    );
    expect(payload.version).toBe(2);
    expect(payload.objects).toHaveLength(7);
    expect(payload.objects.map((o) => o.card?.name)).toEqual(deck('Forest', 7).map((c) => c.name));
    const mine = await loadGame(s, g.game.id, alice);
    expect(zoneOf(mine, 'hand', aliceId).objects!.map((o) => o.card?.name)).toContain('Forest 1');
    const theirs = await loadGame(s, g.game.id, bob);
    const hand = zoneOf(theirs, 'hand', aliceId);
    expect(hand.count).toBe(7);
    expect(hand.objects!.every((o) => o.card === null)).toBe(true);
    expect(zoneOf(theirs, 'library', aliceId).count).toBe(14);
  });

  it('plays a land to the battlefield and discards a card to the graveyard', async () => {
    const game = await loadGame(s, g.game.id, alice);
    const hand = zoneOf(game, 'hand', aliceId).objects!;
    const land = hand.find((o) => o.card?.name === 'Forest 1')!;
    const p1 = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [land.id], to: { type: 'battlefield' } },
      alice,
    );
    expect(p1.objects[0]!.zone.type).toBe('battlefield');
    expect(p1.objects[0]!.card?.name).toBe('Forest 1');
    const other = hand.find((o) => o.card?.name === 'Forest 2')!;
    const p2 = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [other.id], to: { type: 'graveyard', ownerId: aliceId }, by: 'RULE' },
      alice,
    );
    expect(p2.objects[0]!.zone.type).toBe('graveyard');
    const theirs = await loadGame(s, g.game.id, bob);
    expect(zoneOf(theirs, 'battlefield', null).objects!.map((o) => o.card?.name)).toEqual(['Forest 1']);
    expect(zoneOf(theirs, 'graveyard', aliceId).objects!.map((o) => o.card?.name)).toEqual(['Forest 2']);
  });

  it('shuffles a library: every id changes, count kept', async () => {
    const before = zoneOf(await loadGame(s, g.game.id, bob), 'library', bobId);
    const p = await ok(s, 'shuffleZone', 'ShuffleZoneInput', { gameId: g.game.id, zoneId: before.id }, bob);
    expect(p.events[0]!.kind).toBe('ZONE_SHUFFLED');
    const after = zoneOf(await loadGame(s, g.game.id, bob), 'library', bobId);
    expect(after.count).toBe(20);
    const old = new Set(before.objects!.map((o) => o.id));
    expect(after.objects!.some((o) => old.has(o.id))).toBe(false);
  });

  it('reveals the top card of a library to everyone, then ends the reveal', async () => {
    const lib = zoneOf(await loadGame(s, g.game.id, bob), 'library', bobId);
    const p = await ok(
      s,
      'revealObjects',
      'RevealObjectsInput',
      { gameId: g.game.id, select: { zoneId: lib.id, from: 'TOP', count: 1 }, toAll: true },
      bob,
    );
    expect(p.objects[0]!.revealedToAll).toBe(true);
    const seen = zoneOf(await loadGame(s, g.game.id, alice), 'library', bobId).objects![0]!;
    expect(seen.card?.name).toMatch(/^Island/);
    await ok(s, 'endReveal', 'EndRevealInput', { gameId: g.game.id, objectIds: [seen.id] }, bob);
    const hidden = zoneOf(await loadGame(s, g.game.id, alice), 'library', bobId).objects![0]!;
    expect(hidden.card).toBeNull();
  });

  it('keeps an instant out of the battlefield (MTG 400.4a) and refuses a library reorder (MTG 400.5)', async () => {
    const game = await loadGame(s, g.game.id, alice);
    const lib = zoneOf(game, 'library', aliceId);
    // Shock is the bottom card of Alice's library: reveal it to her to learn its id.
    const bottom = await ok(
      s,
      'revealObjects',
      'RevealObjectsInput',
      { gameId: g.game.id, select: { zoneId: lib.id, from: 'BOTTOM', count: 1 }, toPlayerIds: [aliceId] },
      alice,
    );
    expect(bottom.objects[0]!.card?.name).toBe('Shock');
    const shockId = bottom.objects[0]!.id;
    // 400.4a: an instant that would enter the battlefield remains in its previous zone.
    const stay = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [shockId], to: { type: 'battlefield' } },
      alice,
    );
    expect(stay.events[0]!.kind).toBe('NO_MOVE');
    expect(stay.events[0]!.rules).toContain('MTG 400.4a');
    const still = zoneOf(await loadGame(s, g.game.id, alice), 'library', aliceId);
    expect(still.objects!.at(-1)!.id).toBe(shockId);
    // 400.5: the owner may not rearrange a library by rule; a rejected move changes nothing.
    const version = stay.version;
    const order = still
      .objects!.slice(0, 2)
      .map((o) => o.id)
      .reverse();
    const err = await refused(
      s,
      'reorderZone',
      'ReorderZoneInput',
      { gameId: g.game.id, zoneId: lib.id, order, by: 'RULE' },
      alice,
      'INVALID_MOVE',
      'MTG 400.5',
    );
    expect(err.extensions?.['reason']).toBe('ORDER_LOCKED');
    expect(err.message).not.toContain('Shock');
    const after = await loadGame(s, g.game.id, alice);
    expect(after.version).toBe(version);
    expect(zoneOf(after, 'library', aliceId).objects!.map((o) => o.id)).toEqual(
      still.objects!.map((o) => o.id),
    );
  });

  it('creates a token and brings a card into the game; the admin sees internal keys', async () => {
    const p = await ok(
      s,
      'createToken',
      'CreateTokenInput',
      {
        gameId: g.game.id,
        token: { name: 'Soldier', types: ['Creature'] },
        to: { type: 'battlefield' },
        count: 2,
      },
      alice,
    );
    expect(p.objects.map((o) => o.kind)).toEqual(['TOKEN', 'TOKEN']);
    const admin = await loadGame(s, g.game.id, TEST_ADMIN_TOKEN);
    expect(
      zoneOf(admin, 'library', aliceId).objects!.every(
        (o) => typeof o.internalKey === 'string' && o.card !== null,
      ),
    ).toBe(true);
  });
});
