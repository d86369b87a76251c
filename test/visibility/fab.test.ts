/**
 * Flesh and Blood: who sees what, through the real GraphQL API. FAB
 * rule:object_visibility: a private object may be seen by the player who owns it or owns its zone,
 * unless it is in a deck, where nobody sees it; public (face-up) objects are seen by all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { byName, c, objectById, openTable, secret, shownNames, zoneOf, type Table } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

async function table(): Promise<Table> {
  const deck = (seat: number) => [
    c(secret(`${seat}-HERO`), ['hero'], { zone: 'hero' }),
    c(secret(`${seat}-ARMS`), ['equipment'], { subtypes: ['arms'], zone: 'arms' }),
    c(secret(`${seat}-D1`), ['action'], { subtypes: ['attack'] }),
    c(secret(`${seat}-D2`), ['action'], { subtypes: ['attack'] }),
    c(secret(`${seat}-D3`), ['action']),
    c(secret(`${seat}-H1`), ['action'], { zone: 'hand' }),
    c(secret(`${seat}-H2`), ['instant'], { zone: 'hand' }),
    c(secret(`${seat}-A1`), ['action'], { subtypes: ['attack'], zone: 'arsenal', faceUp: false }),
  ];
  return openTable(server, 'fab', [deck(0), deck(1)]);
}

describe('FAB visibility through the API', () => {
  it('a face-down banished card is private to the opponent and visible to its owner', async () => {
    const t = await table();
    const me = t.playerId[0]!;
    const h1 = byName(await t.view(t.admin), secret('0-H1'));
    const moved = await t.ok(
      'moveObjects',
      { objectIds: [h1.id], to: { type: 'banished', ownerId: me }, faceUp: false },
      t.seat[0]!,
    );
    const id = moved.objects[0]!.id;
    expect(moved.objects[0]!.card?.name).toBe(secret('0-H1'));
    expect(objectById(await t.view(t.seat[0]!), id)?.card?.name).toBe(secret('0-H1'));
    for (const token of [t.seat[1]!, t.spectator]) {
      const view = await t.view(token);
      expect(zoneOf(view, 'banished', me).count).toBe(1);
      expect(objectById(view, id)?.card).toBeNull();
      expect((await t.viewText(token)) + (await t.history(token)).text).not.toContain(secret('0-H1'));
    }
    // Turned face up, it is public: a new id for everyone, since the opponent saw nothing before.
    const up = await t.ok('turnFace', { objectIds: [id], faceUp: true }, t.seat[0]!);
    const upId = up.objects[0]!.id;
    expect(upId).not.toBe(id);
    expect(objectById(await t.view(t.seat[1]!), upId)?.card?.name).toBe(secret('0-H1'));
    expect(objectById(await t.view(t.spectator), upId)?.card?.name).toBe(secret('0-H1'));
  });

  it('the owner sees their hand and face-down arsenal but never their deck; the opponent sees neither', async () => {
    const t = await table();
    const me = t.playerId[0]!;
    const mine = await t.view(t.seat[0]!);
    expect(
      zoneOf(mine, 'hand', me)
        .objects.map((o) => o.card?.name)
        .sort(),
    ).toEqual([secret('0-H1'), secret('0-H2')]);
    expect(zoneOf(mine, 'arsenal', me).objects.map((o) => o.card?.name)).toEqual([secret('0-A1')]);
    expect(zoneOf(mine, 'deck', me).count).toBe(3);
    expect(zoneOf(mine, 'deck', me).objects.every((o) => o.card === null)).toBe(true);
    expect(await t.viewText(t.seat[0]!)).not.toContain(secret('0-D'));
    for (const token of [t.seat[1]!, t.spectator]) {
      const view = await t.view(token);
      for (const type of ['hand', 'arsenal', 'deck']) {
        expect(zoneOf(view, type, me).objects.every((o) => o.card === null)).toBe(true);
      }
      expect(zoneOf(view, 'hand', me).count).toBe(2);
      // Hero and equipment are public.
      expect(shownNames(view)).toEqual(expect.arrayContaining([secret('0-HERO'), secret('0-ARMS')]));
      const text = await t.viewText(token);
      for (const n of ['0-H1', '0-H2', '0-A1', '0-D1']) expect(text).not.toContain(secret(n));
    }
  });

  it('a face-up arsenal card is public; turned face down it is private again, under a new id', async () => {
    const t = await table();
    const a1 = byName(await t.view(t.admin), secret('0-A1'));
    const up = await t.ok('turnFace', { objectIds: [a1.id], faceUp: true }, t.seat[0]!);
    const upId = up.objects[0]!.id;
    expect(objectById(await t.view(t.seat[1]!), upId)?.card?.name).toBe(secret('0-A1'));
    const down = await t.ok('turnFace', { objectIds: [upId], faceUp: false }, t.seat[0]!);
    const downId = down.objects[0]!.id;
    expect(downId, 'the opponent lost sight of it: new id').not.toBe(upId);
    expect(objectById(await t.view(t.seat[1]!), downId)?.card).toBeNull();
    expect(objectById(await t.view(t.seat[0]!), downId)?.card?.name).toBe(secret('0-A1'));
  });

  it('a card returned to the deck is hidden from its owner too, under an id nobody has seen', async () => {
    const t = await table();
    const me = t.playerId[0]!;
    const h2 = byName(await t.view(t.admin), secret('0-H2'));
    const res = await t.ok(
      'moveObjects',
      { objectIds: [h2.id], to: { type: 'deck', ownerId: me }, position: 'BOTTOM' },
      t.seat[0]!,
    );
    const id = res.objects[0]!.id;
    expect(id).not.toBe(h2.id);
    expect(res.objects[0]!.card, 'not even the payload shows the owner a deck card').toBeNull();
    expect(
      res.events.flatMap((e) => e.changes).some((ch) => ch.previousId === h2.id && ch.objectId === id),
    ).toBe(false);
    for (const token of [t.seat[0]!, t.seat[1]!, t.spectator]) {
      const deck = zoneOf(await t.view(token), 'deck', me);
      expect(deck.count).toBe(4);
      expect(deck.objects.at(-1)?.id).toBe(id);
      expect(deck.objects.every((o) => o.card === null)).toBe(true);
    }
  });
});

describe('FAB sub-cards share their top-card visibility (rule:under_definition)', () => {
  it('a sub-card under a face-up card is public; when the top-card turns face down the opponent loses it under a new id', async () => {
    const t = await table();
    const me = t.playerId[0]!;
    const admin = await t.view(t.admin);
    const arms = byName(admin, secret('0-ARMS'));
    const h1 = byName(admin, secret('0-H1'));
    const attached = await t.ok('attachObjects', { objectIds: [h1.id], hostId: arms.id }, t.seat[0]!);
    const opp = await t.view(t.seat[1]!);
    const sub = zoneOf(opp, 'arms', me).objects.find((o) => o.host !== null);
    expect(sub, `attached: ${JSON.stringify(attached.objects.map((o) => o.id))}`).toBeDefined();
    expect(sub!.card?.name, 'under a public top-card, the sub-card is public').toBe(secret('0-H1'));

    const host = zoneOf(opp, 'arms', me).objects.find((o) => o.host === null)!;
    await t.ok('turnFace', { objectIds: [host.id], faceUp: false }, t.seat[0]!);
    for (const token of [t.seat[1]!, t.spectator]) {
      const after = zoneOf(await t.view(token), 'arms', me);
      expect(
        after.objects.every((o) => o.card === null),
        'top-card and sub-card are private now',
      ).toBe(true);
      expect(
        after.objects.map((o) => o.id),
        'the sub-card the opponent saw is not followable',
      ).not.toContain(sub!.id);
    }
    const mine = await t.view(t.seat[0]!);
    // FAB rule:become_new_object: the top-card's previous existence ceased, so its sub-card was
    // cleared (rule:under_definition) to its owner's graveyard, where it is public under a new id.
    expect(zoneOf(mine, 'arms', me).objects.map((o) => o.card?.name)).toEqual([secret('0-ARMS')]);
    const cleared = zoneOf(mine, 'graveyard', me).objects.find((o) => o.card?.name === secret('0-H1'));
    expect(cleared, 'the sub-card is cleared to the graveyard').toBeDefined();
    expect(cleared!.id).not.toBe(sub!.id);
  });
});
