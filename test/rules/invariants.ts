/** State invariants and leak checks shared by the property tests. */
import { expect } from 'vitest';
import {
  admitStartingLayout,
  canSee,
  canSeeSnapshot,
  isTwoHanded,
  nonAdminViewers,
  redactEvent,
  viewGame,
  zoneObjects,
  type GameState,
  type Plan,
  type RulesetSpec,
} from '../../src/rules/index.js';

/** Every structural invariant of a state. */
export function checkState(spec: RulesetSpec, s: GameState): void {
  const zoneIds = new Set(s.zones.map((z) => z.id));
  expect(zoneIds.size).toBe(s.zones.length);
  const keys = new Set<string>();
  const pubs = new Set<string>();
  const byKey = new Map(s.objects.map((o) => [o.key, o]));
  for (const o of s.objects) {
    expect(zoneIds.has(o.zoneId), `object ${o.key} in a missing zone`).toBe(true);
    expect(keys.has(o.key)).toBe(false);
    expect(pubs.has(o.publicId), `duplicate public id ${o.publicId}`).toBe(false);
    keys.add(o.key);
    pubs.add(o.publicId);
    if (o.hostKey !== null) {
      const host = byKey.get(o.hostKey);
      expect(host, `sub-card ${o.key} without its top-card`).toBeDefined();
      expect(host?.zoneId).toBe(o.zoneId);
      expect(host?.hostKey).toBeNull();
    }
    if (o.kind === 'layer')
      expect(
        spec.zoneTypes.find((t) => t.type === s.zones.find((z) => z.id === o.zoneId)?.type)?.isStack,
      ).toBe(true);
  }
  for (const z of s.zones) {
    const top = zoneObjects(s, z.id);
    const sortKeys = top.map((o) => o.sortKey);
    expect(new Set(sortKeys).size, `sort keys distinct in ${z.id}`).toBe(sortKeys.length);
    expect(sortKeys.every(Number.isSafeInteger)).toBe(true);
    const t = spec.zoneTypes.find((x) => x.type === z.type);
    expect(t).toBeDefined();
    if (t !== undefined && t.capacity !== null)
      expect(top.length, `capacity of ${z.id}`).toBeLessThanOrEqual(t.capacity);
  }
  // No object sits where its owner's rules forbid it (the admission checks of moves and createGame).
  expect(admitStartingLayout(spec, s), 'an object in a zone its rules forbid').toBeNull();
  // Every viewer's view: count = the top-level objects listed, each with a position; zones that are
  // not public hold no hosted object, so their count is every object in them.
  for (const v of [...nonAdminViewers(s), { kind: 'admin' } as const]) {
    for (const z of viewGame(spec, s, v).zones) {
      const top = z.objects.filter((o) => o.hostId === null);
      expect(top.length, `count of ${z.id}`).toBe(z.count);
      expect(top.every((o) => o.position !== null)).toBe(true);
      expect(z.objects.filter((o) => o.hostId !== null).every((o) => o.position === null)).toBe(true);
      const visibility = spec.zoneTypes.find((t) => t.type === z.type)?.visibility;
      if (visibility !== 'public') expect(z.objects.length, `objects in ${z.id}`).toBe(z.count);
    }
  }
  if (spec.id === 'fab') {
    for (const p of s.players) {
      const weapons = s.zones.filter((z) => z.type === 'weapon' && z.ownerId === p.id);
      const inWeapons = s.objects.filter((o) => o.hostKey === null && weapons.some((w) => w.id === o.zoneId));
      const used = inWeapons.reduce((n, o) => n + (isTwoHanded(o) ? 2 : 1), 0);
      expect(used, '2H occupies both weapon zones').toBeLessThanOrEqual(weapons.length);
    }
  }
}

/** Checks one accepted step: keys kept, ids re-minted when tracking is lost, no leaks in views or events. */
export function checkStep(spec: RulesetSpec, before: GameState, p: Plan): void {
  const after = p.state;
  const viewers = nonAdminViewers(before);
  const afterByKey = new Map(after.objects.map((o) => [o.key, o]));
  for (const b of before.objects) {
    const a = afterByKey.get(b.key);
    if (!a || a.publicId !== b.publicId) continue;
    // Same id: every viewer saw it on both sides, or it did not change at all (beyond renumbering).
    const tracked = viewers.every((v) => canSee(spec, before, v, b) && canSee(spec, after, v, a));
    if (!tracked) expect({ ...a, sortKey: 0 }).toEqual({ ...b, sortKey: 0 });
  }
  // Transitions cover every changed object.
  const touched = new Set(p.events.flatMap((e) => e.transitions.map((t) => (t.before ?? t.after)!.key)));
  const beforeByKey = new Map(before.objects.map((o) => [o.key, o]));
  for (const k of new Set([...beforeByKey.keys(), ...afterByKey.keys()])) {
    const b = beforeByKey.get(k);
    const a = afterByKey.get(k);
    if (JSON.stringify(b) !== JSON.stringify(a))
      expect(touched.has(k), `change of ${k} without a transition`).toBe(true);
  }
  for (const v of viewers) {
    const gv = viewGame(spec, after, v);
    for (const z of gv.zones) {
      expect(z.count).toBe(zoneObjects(after, z.id).length);
      for (const o of z.objects) {
        expect(o.key).toBeNull();
        const real = after.objects.find((x) => x.publicId === o.id)!;
        if (!canSee(spec, after, v, real)) {
          expect(o.card).toBeNull();
          expect(o.history).toBeNull();
        }
      }
    }
    for (const e of p.events) {
      const ev = redactEvent(spec, e, v);
      for (const t of e.transitions) {
        if (
          t.after &&
          t.afterContext &&
          !canSeeSnapshot(spec, v, { obj: t.after, context: t.afterContext })
        ) {
          const change = ev.changes.find((c) => c.objectId === t.after!.publicId);
          expect(change?.object?.card ?? null).toBeNull();
        }
        if (t.before && t.after && t.before.publicId !== t.after.publicId) {
          const linked = ev.changes.find(
            (c) => c.previousId === t.before!.publicId && c.objectId === t.after!.publicId,
          );
          if (linked) {
            expect(canSeeSnapshot(spec, v, { obj: t.before, context: t.beforeContext! })).toBe(true);
            expect(canSeeSnapshot(spec, v, { obj: t.after, context: t.afterContext! })).toBe(true);
          }
        }
      }
      for (const c of ev.changes) expect(c.object?.key ?? null).toBeNull();
    }
  }
}
