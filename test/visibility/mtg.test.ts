/**
 * Magic: who sees what, through the real GraphQL API. Hand: its owner (MTG 402.3);
 * library: nobody, not even its owner (401.2); face-down exile: nobody (406.3); a reveal to one
 * player shows the card to that player only, and ending it gives a new id; a card that changes zones
 * is a new object (400.7) with a new id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EventCollector } from '../support/game-api.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  allIds,
  byName,
  c,
  objectById,
  openTable,
  secret,
  shownNames,
  zoneOf,
  type Table,
} from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

/** Three seats: 0 and 1 play against each other, 2 is a third player for one-player reveals. */
async function table(): Promise<Table> {
  const deck = (seat: number) => [
    c(secret(`${seat}-L1`), ['creature']),
    c(secret(`${seat}-L2`), ['land']),
    c(secret(`${seat}-L3`), ['instant']),
    c(secret(`${seat}-L4`), ['sorcery']),
    c(secret(`${seat}-H1`), ['creature'], { zone: 'hand' }),
    c(secret(`${seat}-H2`), ['instant'], { zone: 'hand' }),
    c(secret(`${seat}-B1`), ['creature'], { zone: 'battlefield' }),
  ];
  return openTable(server, 'mtg', [deck(0), deck(1), deck(2)]);
}

describe('MTG visibility through the API', () => {
  it("the opponent sees the hand's count, but every card is null; the owner sees their hand (402.3)", async () => {
    const t = await table();
    const [me, opp] = t.playerId;
    const mine = zoneOf(await t.view(t.seat[0]!), 'hand', me);
    expect(mine.count).toBe(2);
    expect(mine.objects.map((o) => o.card?.name).sort()).toEqual([secret('0-H1'), secret('0-H2')]);
    for (const token of [t.seat[1]!, t.spectator]) {
      const theirs = zoneOf(await t.view(token), 'hand', me);
      expect(theirs.count).toBe(2);
      expect(theirs.objects).toHaveLength(2);
      expect(
        theirs.objects.every((o) => o.card === null && o.history === null && o.internalKey === null),
      ).toBe(true);
      expect(await t.viewText(token)).not.toContain(secret('0-H'));
    }
    // The seat's own view of the opponent's hand is just as blind.
    const oppHand = zoneOf(await t.view(t.seat[0]!), 'hand', opp);
    expect(oppHand.objects.every((o) => o.card === null)).toBe(true);
  });

  it('nobody sees a library, not even its owner (401.2), but its count is open (401.3)', async () => {
    const t = await table();
    const me = t.playerId[0]!;
    for (const token of [t.seat[0]!, t.seat[1]!, t.spectator]) {
      const lib = zoneOf(await t.view(token), 'library', me);
      expect(lib.count).toBe(4);
      expect(lib.objects.every((o) => o.card === null)).toBe(true);
      expect(await t.viewText(token)).not.toContain(secret('0-L'));
    }
    const adminLib = zoneOf(await t.view(t.admin), 'library', me);
    expect(adminLib.objects.map((o) => o.card?.name)).toEqual([1, 2, 3, 4].map((i) => secret(`0-L${i}`)));
  });

  it('a face-down exiled card is hidden from everyone, its owner included (406.3); a face-up one from nobody', async () => {
    const t = await table();
    const admin0 = await t.view(t.admin);
    const h1 = byName(admin0, secret('0-H1'));
    const h2 = byName(admin0, secret('0-H2'));
    const exile = zoneOf(admin0, 'exile');
    await t.ok('moveObjects', { objectIds: [h1.id], to: { zoneId: exile.id }, faceUp: false }, t.seat[0]!);
    await t.ok('moveObjects', { objectIds: [h2.id], to: { zoneId: exile.id }, faceUp: true }, t.seat[0]!);
    for (const token of [t.seat[0]!, t.seat[1]!, t.seat[2]!, t.spectator]) {
      const view = await t.view(token);
      const ex = zoneOf(view, 'exile');
      expect(ex.count).toBe(2);
      expect(shownNames(view)).not.toContain(secret('0-H1'));
      expect(shownNames(view)).toContain(secret('0-H2'));
      // Its owner saw it in hand earlier, so only the others' history must never name it.
      const history = token === t.seat[0] ? '' : (await t.history(token)).text;
      expect((await t.viewText(token)) + history).not.toContain(secret('0-H1'));
    }
    expect(shownNames(await t.view(t.admin))).toContain(secret('0-H1'));
  });

  it('a reveal to one player shows the card to that player only; ending it gives a new id', async () => {
    const t = await table();
    const [owner, shown] = t.playerId;
    const h1 = byName(await t.view(t.admin), secret('0-H1'));
    const revealed = await t.ok('revealObjects', { objectIds: [h1.id], toPlayerIds: [shown] }, t.seat[0]!);
    const revealedId = revealed.objects[0]!.id;
    expect(revealedId, 'a reveal is a change the others could not see: new id').not.toBe(h1.id);

    const seen = objectById(await t.view(t.seat[1]!), revealedId);
    expect(seen?.card?.name).toBe(secret('0-H1'));
    expect(seen?.revealedTo.map((p) => p.id)).toEqual([shown]);
    for (const token of [t.seat[2]!, t.spectator]) {
      expect(objectById(await t.view(token), revealedId)?.card).toBeNull();
      expect((await t.viewText(token)) + (await t.history(token)).text).not.toContain(secret('0-H1'));
    }
    expect(objectById(await t.view(t.seat[0]!), revealedId)?.card?.name).toBe(secret('0-H1'));

    const ended = await t.ok('endReveal', { objectIds: [revealedId] }, t.seat[0]!);
    const endedId = ended.objects[0]!.id;
    expect(endedId, 'ending a reveal gives a new id').not.toBe(revealedId);
    const after = await t.view(t.seat[1]!);
    expect(objectById(after, revealedId)).toBeUndefined();
    expect(objectById(after, endedId)?.card).toBeNull();
    expect(zoneOf(after, 'hand', owner).objects.every((o) => o.card === null)).toBe(true);
    // Seat 1's event for the end of the reveal does not link the two ids.
    const last = (await t.history(t.seat[1]!)).events.at(-1)!;
    expect(last.kind).toBe('REVEAL_ENDED');
    expect(last.changes.some((ch) => ch.previousId === revealedId && ch.objectId === endedId)).toBe(false);
  });

  it('a shuffled library has only new ids, for every viewer', async () => {
    const t = await table();
    const me = t.playerId[0]!;
    const before = zoneOf(await t.view(t.seat[0]!), 'library', me).objects.map((o) => o.id);
    await t.ok('shuffleZone', { zoneId: zoneOf(await t.view(t.admin), 'library', me).id }, t.seat[0]!);
    for (const token of [t.seat[0]!, t.seat[1]!, t.spectator, t.admin]) {
      const after = zoneOf(await t.view(token), 'library', me).objects.map((o) => o.id);
      expect(after).toHaveLength(4);
      expect(after.filter((id) => before.includes(id))).toEqual([]);
    }
    for (const token of [t.seat[0]!, t.seat[1]!, t.spectator]) {
      const ev = (await t.history(token)).events.at(-1)!;
      expect(ev.kind).toBe('ZONE_SHUFFLED');
      expect(ev.changes.every((ch) => ch.previousId === null || ch.objectId === null)).toBe(true);
    }
  });

  it('a drawn card arrives under a new id; the opponent learns only that one card left and one arrived', async () => {
    const t = await table();
    const me = t.playerId[0]!;
    const admin0 = await t.view(t.admin);
    const libraryTop = zoneOf(admin0, 'library', me).objects[0]!;
    const payload = await t.ok(
      'moveObjects',
      {
        select: { zoneId: zoneOf(admin0, 'library', me).id, from: 'TOP', count: 1 },
        to: { type: 'hand', ownerId: me },
      },
      t.seat[0]!,
    );
    const drawn = payload.objects[0]!;
    expect(drawn.id).not.toBe(libraryTop.id);
    expect(drawn.card?.name).toBe(secret('0-L1'));
    const oppEvent = (await t.history(t.seat[1]!)).events.at(-1)!;
    expect(oppEvent.changes).toEqual([
      {
        previousId: libraryTop.id,
        objectId: null,
        fromZoneId: zoneOf(admin0, 'library', me).id,
        toZoneId: null,
        object: null,
      },
      expect.objectContaining({
        previousId: null,
        objectId: drawn.id,
        fromZoneId: null,
        object: expect.objectContaining({ card: null }),
      }),
    ]);
    expect(JSON.stringify(oppEvent)).not.toContain(secret('0-L1'));
  });

  it('a card changing zones is a new object with a new id, linked for those who saw it (400.7)', async () => {
    const t = await table();
    const me = t.playerId[0]!;
    const b1 = byName(await t.view(t.admin), secret('0-B1'));
    const moved = await t.ok(
      'moveObjects',
      { objectIds: [b1.id], to: { type: 'graveyard', ownerId: me } },
      t.seat[0]!,
    );
    const newId = moved.objects[0]!.id;
    expect(newId).not.toBe(b1.id);
    for (const token of [t.seat[1]!, t.spectator]) {
      const ev = (await t.history(token)).events.at(-1)!;
      expect(ev.changes).toEqual([expect.objectContaining({ previousId: b1.id, objectId: newId })]);
      expect(ev.changes[0]!.object?.card?.name).toBe(secret('0-B1'));
    }
  });

  it('errors about hidden cards name ids and zones, never the card', async () => {
    const t = await table();
    const admin0 = await t.view(t.admin);
    const oppHand = zoneOf(admin0, 'hand', t.playerId[1]!).objects.map((o) => o.id);
    const myLibrary = zoneOf(admin0, 'library', t.playerId[0]!);
    const attempts: [string, Record<string, unknown>][] = [
      [
        'reorderZone',
        { zoneId: myLibrary.id, order: myLibrary.objects.map((o) => o.id).reverse(), by: 'RULE' },
      ],
      ['moveObjects', { objectIds: oppHand, to: { zoneId: myLibrary.id }, index: -1 }],
      ['attachObjects', { objectIds: [oppHand[0]], hostId: oppHand[1] }],
      ['moveObjects', { objectIds: [oppHand[0]], to: { type: 'stack' }, position: 'BOTTOM' }],
      ['moveObjects', { objectIds: [oppHand[0], oppHand[0]], to: { type: 'nowhere' } }],
      ['turnFace', { objectIds: [myLibrary.objects[0]!.id], faceUp: true }],
      ['removeStackLayer', { layerId: oppHand[0] }],
    ];
    let errors = 0;
    for (const [field, input] of attempts) {
      const res = await t.mutate(field, input, t.seat[0]!);
      if (res.errors) errors++;
      expect(res.text, `${field}: ${res.text}`).not.toMatch(/Secret-Card-XYZ-(1-H|0-L)/);
    }
    expect(errors, 'most of these moves are refused').toBeGreaterThanOrEqual(4);
    expect(allIds(await t.view(t.admin)).length).toBeGreaterThan(0);
  });
});

describe('MTG: zoneEvents is redacted like gameEvents', () => {
  it("the opponent's zoneEvents on a hand never names the cards drawn into it", async () => {
    const t = await table();
    const me = t.playerId[0]!;
    const admin = await t.view(t.admin);
    const hand = zoneOf(admin, 'hand', me);
    const library = zoneOf(admin, 'library', me);
    const watchers = [t.seat[1]!, t.spectator, t.seat[0]!].map(
      (token) => new EventCollector(server.wsUrl, token),
    );
    try {
      watchers.forEach((w) => w.start(t.gameId, 0, hand.id));
      await t.ok(
        'moveObjects',
        { select: { zoneId: library.id, from: 'TOP', count: 2 }, to: { zoneId: hand.id } },
        t.seat[0]!,
      );
      const lastSeq = (await t.view(t.admin)).lastSeq;
      await Promise.all(watchers.map((w) => w.waitFor(lastSeq)));
      for (const [i, w] of watchers.entries()) {
        const token = [t.seat[1]!, t.spectator, t.seat[0]!][i]!;
        const history = (await t.history(token)).events.filter((e) => e.zoneIds.includes(hand.id));
        expect(w.events, 'zoneEvents = gameEvents filtered by zone').toEqual(history);
        const text = w.texts.join('\n');
        if (i < 2) expect(text).not.toMatch(/Secret-Card-XYZ-0-(L|H)/);
        else expect(text).toContain(secret('0-L1'));
      }
    } finally {
      await Promise.all(watchers.map((w) => w.close()));
    }
  });
});
