/**
 * Replay is faithful to the planner: on random move sequences of every ruleset, folding the events
 * of steps 1..k rebuilds exactly the planner's state after step k, and so every viewer's view.
 * This also proves the planner lists every changed object in its events' transitions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  plan,
  viewGame,
  type CardProps,
  type Destination,
  type DomainEvent,
  type GameState,
  type Move,
  type Placement,
  type RulesetId,
  type Viewer,
} from '../../src/rules/index.js';
import { applyEvent, replay, replaySteps, type EventWithPlayers } from '../../src/rules/index.js';
import { card, newGame, put, spec, testCtx } from './helpers.js';

const RUNS = Number(process.env.FC_RUNS ?? 40);

const POOL: Record<RulesetId, CardProps[]> = {
  mtg: [card('Bear', ['creature']), card('Bolt', ['instant']), card('Land', ['land'])],
  fab: [
    card('Attack', ['action'], ['attack']),
    card('Sword', ['weapon'], ['sword', '1H']),
    card('Helm', ['equipment'], ['head']),
    card('Aura', ['action'], ['aura']),
  ],
  netrunner: [card('Hedge Fund', ['operation']), card('Ice Wall', ['ice']), card('Agenda', ['agenda'])],
};

type Seed = { kind: number; a: number; b: number; c: number; d: number; f: number };
const seedArb: fc.Arbitrary<Seed> = fc.record({
  kind: fc.nat(16),
  a: fc.nat(1000),
  b: fc.nat(1000),
  c: fc.nat(1000),
  d: fc.nat(1000),
  f: fc.nat(255),
});

function pick<T>(list: readonly T[], n: number): T | undefined {
  return list.length === 0 ? undefined : list[n % list.length];
}

/** A (mostly valid) move of every kind, chosen from the seed against the current state. */
function toMove(id: RulesetId, s: GameState, x: Seed): Move {
  const sp = spec(id);
  const oid = (n: number) => pick(s.objects, n)?.publicId ?? 'missing';
  const zone = (n: number) => pick(s.zones, n)?.id ?? 'missing';
  const player = (n: number) => pick(s.players, n)?.id ?? 'p0';
  const by = x.f & 1 ? 'rule' : 'effect';
  const placement: Placement = (
    [{ kind: 'top' }, { kind: 'bottom' }, { kind: 'index', index: x.d % 3 }] as const
  )[x.c % 3]!;
  const dest: Destination =
    x.f & 2
      ? { kind: 'zone', zoneId: zone(x.b) }
      : { kind: 'type', type: pick(sp.zoneTypes, x.b)!.type, ownerId: x.f & 4 ? null : player(x.d) };
  const ids = [...new Set(Array.from({ length: 1 + (x.c % 3) }, (_, i) => oid(x.a + i * 7)))];
  const select =
    x.f & 8
      ? ({ kind: 'ids', ids } as const)
      : ({
          kind: (['top', 'bottom', 'random'] as const)[x.c % 3]!,
          zoneId: zone(x.a),
          count: 1 + (x.d % 3),
        } as const);
  const props = pick(POOL[id], x.d)!;
  switch (x.kind) {
    case 0:
    case 1:
      return {
        kind: 'moveObjects',
        select,
        to: dest,
        placement,
        by,
        ...(x.f & 16 ? { faceUp: (x.f & 32) !== 0 } : {}),
      };
    case 2:
      return { kind: 'turnFace', select, faceUp: (x.f & 16) !== 0 };
    case 3:
      return { kind: 'reveal', select, to: x.f & 16 ? 'all' : [player(x.d)] };
    case 4:
      return { kind: 'endReveal', select };
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
        by,
        order: top
          .slice(0, 1 + (x.d % 3))
          .map((o) => o.publicId)
          .reverse(),
      };
    }
    case 7:
      return {
        kind: 'createToken',
        card: props,
        to: dest,
        placement,
        ownerId: player(x.c),
        count: 1 + (x.d % 2),
      };
    case 8:
      return { kind: 'attach', select, hostId: oid(x.b), by };
    case 9:
      return { kind: 'detach', select, to: dest, placement, by };
    case 10: {
      const t = pick(sp.zoneTypes, x.a)!;
      return { kind: 'createZone', type: t.type, ownerId: t.scope === 'shared' ? null : player(x.b) };
    }
    case 11:
      return { kind: 'removeZone', zoneId: zone(x.a) };
    case 12:
      return { kind: 'addLayer', card: props, controllerId: player(x.a) };
    case 13:
      return { kind: 'removeLayer', layerId: oid(x.a), by, ...(x.f & 16 ? { to: dest } : {}) };
    case 14:
    case 15:
      return { kind: 'bringIntoGame', cards: [props], ownerId: player(x.c), to: dest, placement };
    default:
      return { kind: 'removeFromGame', select };
  }
}

/** What the data layer writes first: the starting zones and objects as creations, with the seats. */
function gameCreated(state: GameState): EventWithPlayers {
  return {
    kind: 'GAME_CREATED',
    zoneIds: state.zones.map((z) => z.id),
    transitions: state.objects.map((o) => ({ before: null, after: o, newObject: true })),
    zonesCreated: state.zones,
    zonesRemoved: [],
    rules: [],
    players: state.players,
  };
}

/** A state with its objects in key order: the order of the object list carries no meaning. */
function normalise(state: GameState): GameState {
  return {
    ...state,
    objects: [...state.objects].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  };
}

function viewers(state: GameState): Viewer[] {
  return [
    { kind: 'admin' },
    { kind: 'spectator' },
    ...state.players.map((p): Viewer => ({ kind: 'player', playerId: p.id })),
  ];
}

function run(id: RulesetId, seeds: readonly Seed[]): number {
  let start = newGame(id, id === 'mtg' ? 3 : 2);
  for (const z of start.zones.filter((z) => z.ownerId !== null).slice(0, 4))
    start = put(start, z.id, [pick(POOL[id], z.index)!, pick(POOL[id], z.index + 1)!]).state;
  const log: EventWithPlayers[] = [gameCreated(start)];
  const expected: GameState[] = [start];
  const stepEnds: number[] = [1];
  let state = start;
  for (const x of seeds) {
    const r = plan(state, toMove(id, state, x), testCtx(pick(state.players, x.f)?.id ?? null, x.a + 1));
    if (!r.ok) continue;
    log.push(...r.plan.events);
    state = r.plan.state;
    expected.push(state);
    stepEnds.push(log.length);
  }
  const steps = replaySteps(id, log);
  const sp = spec(id);
  stepEnds.forEach((end, k) => {
    const rebuilt = steps[end - 1]!;
    expect(normalise(rebuilt)).toEqual(normalise(expected[k]!));
    expect(rebuilt.zones).toEqual(expected[k]!.zones);
    for (const v of viewers(rebuilt)) expect(viewGame(sp, rebuilt, v)).toEqual(viewGame(sp, expected[k]!, v));
  });
  expect(normalise(replay(id, log))).toEqual(normalise(state));
  return expected.length - 1;
}

describe('replay rebuilds the planner state', () => {
  for (const id of ['mtg', 'fab', 'netrunner'] as const) {
    it(`property: ${id} — replaying steps 1..k equals the planned state after step k, for every viewer`, () => {
      let applied = 0;
      fc.assert(
        fc.property(fc.array(seedArb, { minLength: 5, maxLength: 30 }), (seeds) => {
          applied += run(id, seeds);
        }),
        { numRuns: RUNS },
      );
      // The generator must produce real moves, not only rejections.
      expect(applied).toBeGreaterThan(RUNS);
    });
  }

  it('lifecycle events without transitions change nothing; removals and zone removal apply', () => {
    const g = put(newGame('fab'), 'hand:p0:0', [card('a', ['action'])]).state;
    const base = replay('fab', [gameCreated(g)]);
    const ended: DomainEvent = {
      kind: 'GAME_ENDED',
      zoneIds: [],
      transitions: [],
      zonesCreated: [],
      zonesRemoved: [],
      rules: [],
    };
    expect(applyEvent(base, ended)).toEqual(base);
    const obj = g.objects[0]!;
    const gone = applyEvent(base, {
      ...ended,
      kind: 'REMOVED_FROM_GAME',
      transitions: [{ before: obj, after: null, newObject: false }],
    });
    expect(gone.objects).toEqual([]);
    const zone = g.zones[0]!;
    expect(
      applyEvent(base, { ...ended, kind: 'ZONE_REMOVED', zonesRemoved: [zone] }).zones,
    ).not.toContainEqual(zone);
    expect(base.players).toEqual(g.players);
  });
});
