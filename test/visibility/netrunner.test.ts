/**
 * Android: Netrunner: who sees what, through the real GraphQL API. NR rule_secret_zone:
 * HQ and the Grip are secret to their owner; rule_deck_hidden: R&D and the Stack are hidden even
 * from their owner; facedown installed cards are known to their controller.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { byName, c, objectById, openTable, secret, zoneOf, type Table } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

async function table(): Promise<Table> {
  return openTable(server, 'netrunner', [
    [
      c(secret('C-D1'), ['agenda']),
      c(secret('C-D2'), ['ice']),
      c(secret('C-D3'), ['operation']),
      c(secret('C-H1'), ['operation'], { zone: 'hand' }),
      c(secret('C-H2'), ['agenda'], { zone: 'hand' }),
      c(secret('C-ICE'), ['ice'], { zone: 'play', faceUp: false }),
    ],
    [
      c(secret('R-D1'), ['event']),
      c(secret('R-D2'), ['program']),
      c(secret('R-H1'), ['event'], { zone: 'hand' }),
      c(secret('R-P1'), ['program'], { zone: 'play' }),
    ],
  ]);
}

describe('Netrunner visibility through the API', () => {
  it('HQ is secret to the Corp; the Runner and spectators see only how many cards it holds', async () => {
    const t = await table();
    const corp = t.playerId[0]!;
    const mine = zoneOf(await t.view(t.seat[0]!), 'hand', corp);
    expect(mine.name).toBe('HQ');
    expect(mine.objects.map((o) => o.card?.name).sort()).toEqual([secret('C-H1'), secret('C-H2')]);
    for (const token of [t.seat[1]!, t.spectator]) {
      const hq = zoneOf(await t.view(token), 'hand', corp);
      expect(hq.count).toBe(2);
      expect(hq.objects.every((o) => o.card === null)).toBe(true);
      expect(await t.viewText(token)).not.toContain(secret('C-H'));
    }
  });

  it('R&D and the Stack are hidden even from their owners', async () => {
    const t = await table();
    const [corp, runner] = t.playerId;
    for (const token of [t.seat[0]!, t.seat[1]!, t.spectator]) {
      const view = await t.view(token);
      const rnd = zoneOf(view, 'deck', corp);
      const stack = zoneOf(view, 'deck', runner);
      expect(rnd.name).toBe('R&D');
      expect(stack.name).toBe('Stack');
      expect([rnd.count, stack.count]).toEqual([3, 2]);
      expect([...rnd.objects, ...stack.objects].every((o) => o.card === null)).toBe(true);
      const text = await t.viewText(token);
      expect(text).not.toContain(secret('C-D'));
      expect(text).not.toContain(secret('R-D'));
    }
  });

  it('a facedown installed card is known to the Corp only; rezzed, it is public under a new id', async () => {
    const t = await table();
    const ice = byName(await t.view(t.admin), secret('C-ICE'));
    expect(objectById(await t.view(t.seat[0]!), ice.id)?.card?.name).toBe(secret('C-ICE'));
    expect(objectById(await t.view(t.seat[1]!), ice.id)?.card).toBeNull();
    expect(objectById(await t.view(t.spectator), ice.id)?.card).toBeNull();
    const rezzed = await t.ok('turnFace', { objectIds: [ice.id], faceUp: true }, t.seat[0]!);
    const id = rezzed.objects[0]!.id;
    expect(id).not.toBe(ice.id);
    expect(objectById(await t.view(t.seat[1]!), id)?.card?.name).toBe(secret('C-ICE'));
  });

  it('an accessed card revealed to the Runner only stays secret from spectators', async () => {
    const t = await table();
    const [corp, runner] = t.playerId;
    const admin = await t.view(t.admin);
    const res = await t.ok(
      'revealObjects',
      { select: { zoneId: zoneOf(admin, 'deck', corp).id, from: 'TOP', count: 1 }, toPlayerIds: [runner] },
      t.seat[0]!,
    );
    const id = res.objects[0]!.id;
    expect(objectById(await t.view(t.seat[1]!), id)?.card?.name).toBe(secret('C-D1'));
    expect(objectById(await t.view(t.seat[0]!), id)?.card, 'R&D stays hidden from the Corp').toBeNull();
    expect(objectById(await t.view(t.spectator), id)?.card).toBeNull();
    expect((await t.history(t.spectator)).text).not.toContain(secret('C-D1'));
    expect((await t.history(t.seat[0]!)).text).not.toContain(secret('C-D1'));
  });
});
