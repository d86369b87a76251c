/**
 * Spectators and admins. A spectator sees public information only and cannot mutate
 * anything; an admin sees everything, internal keys included, and its actions are logged with the
 * admin as the actor.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectedView, mayView, truthOf, type RulesetName } from '../leak/model.js';
import { decksFor } from '../leak/moves.js';
import { openTable, zoneOf, GAME_MUTATIONS, type Table } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

const RULESETS: RulesetName[] = ['mtg', 'fab', 'netrunner'];

/** A plausible input for every game mutation, naming real ids of the game. */
async function inputs(t: Table): Promise<Record<string, Record<string, unknown>>> {
  const admin = await t.view(t.admin);
  const anyObject = admin.zones.flatMap((z) => z.objects)[0]!;
  const zone = admin.zones.find((z) => z.objects.length > 0)!;
  const me = t.playerId[0]!;
  const token = { name: 'Spectator-Token', types: [] };
  return {
    moveObjects: { objectIds: [anyObject.id], to: { zoneId: admin.zones[0]!.id } },
    shuffleZone: { zoneId: zone.id },
    reorderZone: { zoneId: zone.id, order: zone.objects.map((o) => o.id) },
    turnFace: { objectIds: [anyObject.id], faceUp: true },
    revealObjects: { objectIds: [anyObject.id], toAll: true },
    endReveal: { objectIds: [anyObject.id] },
    createToken: { token, to: { zoneId: zone.id }, ownerId: me },
    attachObjects: { objectIds: [anyObject.id], hostId: zone.objects.at(-1)!.id },
    detachObjects: { objectIds: [anyObject.id], to: { zoneId: zone.id } },
    createZone: { type: admin.zones[0]!.type, ownerId: me },
    removeZone: { zoneId: zone.id },
    addStackLayer: { layer: token, controllerId: me },
    removeStackLayer: { layerId: anyObject.id },
    bringIntoGame: { cards: [token], ownerId: me, to: { zoneId: zone.id } },
    removeFromGame: { objectIds: [anyObject.id] },
  };
}

describe.each(RULESETS)('spectators and admins: %s', (ruleset) => {
  it('a spectator is refused every mutation with FORBIDDEN, and nothing changes', async () => {
    const t = await openTable(server, ruleset, decksFor(ruleset, 2));
    const before = await t.view(t.admin);
    const all = await inputs(t);
    expect(Object.keys(all).sort()).toEqual([...GAME_MUTATIONS].sort());
    for (const field of GAME_MUTATIONS) {
      const res = await t.mutate(field, all[field]!, t.spectator);
      expect(res.errors?.[0]?.extensions?.code, `${field}: ${res.text}`).toBe('FORBIDDEN');
      expect(res.data).toBeNull();
      expect(res.text).not.toContain('Secret-');
    }
    const after = await t.view(t.admin);
    expect(after.version).toBe(before.version);
    expect(after.lastSeq).toBe(before.lastSeq);
  });

  it('a spectator sees exactly the public information', async () => {
    const t = await openTable(server, ruleset, decksFor(ruleset, 2));
    const admin = await t.view(t.admin);
    const spectator = await t.view(t.spectator);
    expect(spectator.viewer).toEqual({ kind: 'SPECTATOR', player: null });
    let hidden = 0;
    for (const [zi, zone] of spectator.zones.entries()) {
      const truth = admin.zones[zi]!;
      expect(zone.count).toBe(truth.count);
      for (const [oi, obj] of zone.objects.entries()) {
        const t0 = truth.objects[oi]!;
        const visible = mayView(ruleset, { kind: 'spectator' }, truthOf(t0));
        if (!visible) hidden++;
        expect(obj).toEqual(expectedView(ruleset, t0, visible));
      }
    }
    expect(hidden, 'decks and hands are hidden from spectators').toBeGreaterThan(4);
    const { events, text } = await t.history(t.spectator);
    expect(events[0]?.kind).toBe('GAME_CREATED');
    for (const o of admin.zones.flatMap((z) => z.objects)) {
      if (!mayView(ruleset, { kind: 'spectator' }, truthOf(o))) expect(text).not.toContain(o.card!.name);
    }
  });

  it('an admin sees everything; its moves are logged with actor ADMIN, and players see that', async () => {
    const t = await openTable(server, ruleset, decksFor(ruleset, 2));
    const admin = await t.view(t.admin);
    expect(admin.viewer.kind).toBe('ADMIN');
    const objects = admin.zones.flatMap((z) => z.objects);
    expect(objects.every((o) => o.card !== null && o.internalKey !== null && o.history !== null)).toBe(true);
    for (const token of [...t.seat, t.spectator]) {
      const view = await t.view(token);
      expect(view.zones.flatMap((z) => z.objects).every((o) => o.internalKey === null)).toBe(true);
      const text = (await t.viewText(token)) + (await t.history(token)).text;
      for (const o of objects) expect(text).not.toContain(o.internalKey!);
    }

    const deckZone = ruleset === 'mtg' ? 'library' : 'deck';
    const deck = zoneOf(admin, deckZone, t.playerId[0]!);
    const res = await t.ok('shuffleZone', { zoneId: deck.id }, t.admin);
    expect(res.events.length).toBeGreaterThan(0);
    for (const token of [t.admin, ...t.seat, t.spectator]) {
      const last = (await t.history(token)).events.at(-1)!;
      expect(last.kind).toBe('ZONE_SHUFFLED');
      expect(last.actor).toEqual({ kind: 'ADMIN', playerId: null, onBehalfOf: null });
    }
    // The admin's own payload is unredacted.
    expect(res.events[0]!.changes.every((ch) => ch.object?.internalKey && ch.object.card)).toBe(true);
  });
});
