/** Property tests: random move sequences on every ruleset keep the invariants and leak nothing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  plan,
  type CardProps,
  type Destination,
  type GameState,
  type Move,
  type Placement,
  type RulesetId,
} from '../../src/rules/index.js';
import { card, newGame, spec, testCtx } from './helpers.js';
import { checkState, checkStep } from './invariants.js';

const RUNS = Number(process.env.FC_RUNS ?? 60);

const POOL: Record<RulesetId, CardProps[]> = {
  mtg: [
    card('Bear', ['creature']),
    card('Bolt', ['instant']),
    card('Wrath', ['sorcery']),
    card('Plane', ['plane']),
    card('Land', ['land']),
  ],
  fab: [
    card('Attack', ['action'], ['attack']),
    card('Hero', ['hero']),
    card('Sword', ['weapon'], ['sword', '1H']),
    card('Greatsword', ['weapon'], ['sword', '2H']),
    card('Shield', ['equipment'], ['off-hand']),
    card('Helm', ['equipment'], ['head']),
    card('Gloves', ['equipment'], ['arms']),
    card('Aura', ['action'], ['aura']),
  ],
  netrunner: [
    card('Hedge Fund', ['operation']),
    card('Ice Wall', ['ice']),
    card('Agenda', ['agenda']),
    card('Virus', ['program']),
  ],
};

type Seed = { kind: number; a: number; b: number; c: number; d: number; f: number };
const seedArb = fc.record({
  kind: fc.nat(19),
  a: fc.nat(1000),
  b: fc.nat(1000),
  c: fc.nat(1000),
  d: fc.nat(1000),
  f: fc.nat(255),
});

function pick<T>(list: readonly T[], n: number): T | undefined {
  return list.length === 0 ? undefined : list[n % list.length];
}

/** Turns a numeric seed into a (mostly valid) move against the current state. */
function toMove(id: RulesetId, s: GameState, x: Seed): Move {
  const sp = spec(id);
  const objs = s.objects;
  const oid = (n: number) => pick(objs, n)?.publicId ?? 'missing';
  const zone = (n: number) => pick(s.zones, n)?.id ?? 'missing';
  const player = (n: number) => pick(s.players, n)?.id ?? 'p0';
  const by = x.f & 1 ? 'rule' : 'effect';
  const placement: Placement = [
    { kind: 'top' } as const,
    { kind: 'bottom' } as const,
    { kind: 'index', index: x.d % 3 } as const,
  ][x.c % 3]!;
  const types = sp.zoneTypes.map((t) => t.type).concat(id === 'fab' ? ['arena'] : []);
  const dest: Destination =
    x.f & 2
      ? { kind: 'zone', zoneId: zone(x.b) }
      : { kind: 'type', type: pick(types, x.b)!, ownerId: x.f & 4 ? null : player(x.d) };
  const count = 1 + (x.c % 3);
  const someIds = Array.from(new Set(Array.from({ length: count }, (_, i) => oid(x.a + i * 7))));
  const sel =
    x.f & 8
      ? ({ kind: 'ids', ids: someIds } as const)
      : ({
          kind: (['top', 'bottom', 'random'] as const)[x.c % 3]!,
          zoneId: zone(x.a),
          count: x.d % 7 === 0 ? 0 : 1 + (x.d % 3),
        } as const);
  const cardProps = pick(POOL[id], x.d)!;
  switch (x.kind) {
    case 0:
    case 1:
      return {
        kind: 'moveObjects',
        select: sel,
        to: dest,
        placement,
        by,
        ...(x.f & 16 ? { faceUp: (x.f & 32) !== 0 } : {}),
        ...(x.f & 64 && sel.kind === 'ids' ? { order: [...sel.ids].reverse() } : {}),
        ...(x.f & 128 ? { replacedFrom: { kind: 'zone', zoneId: zone(x.c) }, requiresAttribute: true } : {}),
      };
    case 2:
      return { kind: 'turnFace', select: sel, faceUp: (x.f & 16) !== 0 };
    case 3:
      return { kind: 'reveal', select: sel, to: x.f & 16 ? 'all' : [player(x.d)] };
    case 4:
      return { kind: 'endReveal', select: sel };
    case 5:
      return { kind: 'shuffle', zoneId: zone(x.a) };
    case 6: {
      const zid = zone(x.a);
      const top = s.objects
        .filter((o) => o.zoneId === zid && o.hostKey === null)
        .sort((p, q) => p.sortKey - q.sortKey);
      return {
        kind: 'reorder',
        zoneId: zid,
        order: top
          .slice(0, 1 + (x.d % 3))
          .map((o) => o.publicId)
          .reverse(),
        by,
      };
    }
    case 7:
      return {
        kind: 'createToken',
        card: cardProps,
        to: dest,
        placement,
        ownerId: player(x.c),
        count: 1 + (x.d % 2),
      };
    case 8:
      return { kind: 'attach', select: sel, hostId: oid(x.b), by };
    case 9:
      return { kind: 'detach', select: sel, to: dest, placement, by };
    case 10:
      return {
        kind: 'createZone',
        type: pick(sp.zoneTypes, x.a)!.type,
        ownerId: pick(sp.zoneTypes, x.a)!.scope === 'shared' ? null : player(x.b),
      };
    case 11:
      return { kind: 'removeZone', zoneId: zone(x.a) };
    case 12:
      return { kind: 'addLayer', card: cardProps, controllerId: player(x.a) };
    case 13:
      return { kind: 'removeLayer', layerId: oid(x.a), by, ...(x.f & 16 ? { to: dest } : {}) };
    case 14:
    case 15:
      return {
        kind: 'bringIntoGame',
        cards: [cardProps, pick(POOL[id], x.a)!],
        ownerId: player(x.c),
        to: dest,
        placement,
        ...(x.f & 16 ? { faceUp: true } : {}),
      };
    case 16:
      return { kind: 'removeFromGame', select: sel };
    case 17: {
      // Attach a top-level object to a top-level object of a public zone, so hosts are common.
      const top = objs.filter((o) => o.hostKey === null && o.kind !== 'layer');
      const publicZones = new Set(
        s.zones
          .filter((z) => sp.zoneTypes.find((t) => t.type === z.type)?.visibility === 'public')
          .map((z) => z.id),
      );
      const host = pick(
        top.filter((o) => publicZones.has(o.zoneId)),
        x.b,
      );
      const guest = pick(
        top.filter((o) => o.key !== host?.key),
        x.a,
      );
      return {
        kind: 'attach',
        select: { kind: 'ids', ids: [guest?.publicId ?? 'missing'] },
        hostId: host?.publicId ?? 'missing',
        by,
      };
    }
    case 18: {
      // Move, turn or remove a host: what it carries must never follow it where it may not be.
      const hosts = objs.filter((o) => objs.some((h) => h.hostKey === o.key));
      const host = pick(hosts, x.a)?.publicId ?? oid(x.a);
      if (x.f & 16)
        return { kind: 'turnFace', select: { kind: 'ids', ids: [host] }, faceUp: (x.f & 32) !== 0 };
      if ((x.f & 96) === 96) return { kind: 'removeFromGame', select: { kind: 'ids', ids: [host] } };
      return { kind: 'moveObjects', select: { kind: 'ids', ids: [host] }, to: dest, placement, by };
    }
    default:
      // Deliberately invalid input.
      return [
        { kind: 'moveObjects', select: { kind: 'ids', ids: ['nope'] }, to: dest, placement, by },
        { kind: 'moveObjects', select: { kind: 'ids', ids: [oid(1), oid(1)] }, to: dest, placement, by },
        {
          kind: 'moveObjects',
          select: { kind: 'top', zoneId: zone(x.a), count: -1 },
          to: dest,
          placement: { kind: 'index', index: -2 },
          by,
        },
        { kind: 'reorder', zoneId: zone(x.a), order: ['nope'], by },
        { kind: 'reveal', select: sel, to: ['ghost'] },
      ][x.d % 5] as Move;
  }
}

const STATS: Record<string, number> = {};

/** The citation prefix of each ruleset: every cited rule is of the game being played (or `input`). */
const PREFIX: Record<RulesetId, string> = { mtg: 'MTG ', fab: 'FAB ', netrunner: 'NR ' };

function expectOwnRules(id: RulesetId, rules: readonly string[]): void {
  const foreign = rules.filter((r) => r !== 'input' && !r.startsWith(PREFIX[id]));
  expect(foreign, `rules cited in a ${id} game`).toEqual([]);
}

/** Cases run per ruleset, so that a property running fewer than asked fails. */
const CASES: Record<string, number> = {};

function run(id: RulesetId, seeds: Seed[], players: number): void {
  const sp = spec(id);
  let state = newGame(id, players);
  let n = 0;
  for (const x of seeds) {
    const move = toMove(id, state, x);
    const frozen = structuredClone(state);
    const r = plan(state, move, testCtx(pick(state.players, x.f)?.id ?? null, x.a + 1));
    expect(state).toEqual(frozen);
    if (process.env.FC_STATS)
      STATS[`${move.kind}:${r.ok ? 'ok' : r.rejection.code}`] =
        (STATS[`${move.kind}:${r.ok ? 'ok' : r.rejection.code}`] ?? 0) + 1;
    if (!r.ok) {
      expectOwnRules(id, [r.rejection.rule]);
      expect(typeof r.rejection.code).toBe('string');
      expect(r.rejection.message).not.toMatch(new RegExp(POOL[id].map((c) => c.name).join('|')));
      continue;
    }
    expectOwnRules(
      id,
      r.plan.events.flatMap((e) => e.rules),
    );
    expectOwnRules(
      id,
      r.plan.state.objects.flatMap((o) => o.history.map((h) => h.reason)),
    );
    checkState(sp, r.plan.state);
    checkStep(sp, state, r.plan);
    state = r.plan.state;
    n++;
  }
  expect(n).toBeGreaterThanOrEqual(0);
}

function property(id: RulesetId): void {
  // Seed the game with cards first so later moves have material.
  const seeding = fc.array(
    fc.record({
      kind: fc.constant(14),
      a: fc.nat(1000),
      b: fc.nat(1000),
      c: fc.nat(1000),
      d: fc.nat(1000),
      f: fc.nat(255),
    }),
    { minLength: 3, maxLength: 8 },
  );
  fc.assert(
    fc.property(seeding, fc.array(seedArb, { maxLength: 25 }), (seed, steps) => {
      CASES[id] = (CASES[id] ?? 0) + 1;
      run(id, [...seed, ...steps], id === 'mtg' ? 3 : 2);
    }),
    { numRuns: RUNS },
  );
  expect(CASES[id]).toBe(RUNS);
  if (process.env.FC_STATS) console.log(id, JSON.stringify(STATS));
}

describe('random move sequences keep invariants and leak nothing', () => {
  it('property: mtg random moves', () => property('mtg'), 120_000);
  it('property: fab random moves', () => property('fab'), 120_000);
  it('property: netrunner random moves', () => property('netrunner'), 120_000);
});
