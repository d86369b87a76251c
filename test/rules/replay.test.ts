/**
 * Replay is faithful to the planner: on random move sequences of every ruleset, folding the events
 * of steps 1..k rebuilds exactly the planner's state after step k, and so every viewer's view.
 * This also proves the planner lists every changed object in its events' transitions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  viewGame,
  type CardProps,
  type DomainEvent,
  type GameState,
  type Move,
  type RulesetId,
  type Viewer,
} from '../../src/rules/index.js';
import { applyEvent, replay, replaySteps, type EventWithPlayers } from '../../src/rules/index.js';
import { card, LOADED_IDS, newGame, poolOf, put, spec, testCtx } from './helpers.js';
import { pick, seedArb as seedArbOf, toMove as nextMove, type Seed } from './move-generators.js';
import { builtinRulesets } from '../support/rulesets.js';

const RUNS = Number(process.env.FC_RUNS ?? 40);

/** The built-ins' own pools; any other loaded ruleset draws from its file (`genericPool`). */
const POOL: Record<string, CardProps[]> = {
  mtg: [card('Bear', ['creature']), card('Bolt', ['instant']), card('Land', ['land'])],
  fab: [
    card('Attack', ['action'], ['attack']),
    card('Sword', ['weapon'], ['sword', '1H']),
    card('Helm', ['equipment'], ['head']),
    card('Aura', ['action'], ['aura']),
  ],
  netrunner: [card('Hedge Fund', ['operation']), card('Ice Wall', ['ice']), card('Agenda', ['agenda'])],
};

const seedArb = seedArbOf(16);
const toMove = (id: RulesetId, s: GameState, x: Seed): Move =>
  nextMove(id, s, x, { pool: POOL, wide: false });

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
  let start = newGame(id, Math.min(spec(id).players.max, id === 'mtg' ? 3 : 2));
  for (const z of start.zones.filter((z) => z.ownerId !== null).slice(0, 4))
    start = put(start, z.id, [pick(poolOf(POOL, id), z.index)!, pick(poolOf(POOL, id), z.index + 1)!]).state;
  const log: EventWithPlayers[] = [gameCreated(start)];
  const expected: GameState[] = [start];
  const stepEnds: number[] = [1];
  let state = start;
  for (const x of seeds) {
    const r = builtinRulesets().plan(
      state,
      toMove(id, state, x),
      testCtx(pick(state.players, x.f)?.id ?? null, x.a + 1),
    );
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
  // Every ruleset file loaded, data-only ones included, with no code of its own here.
  for (const id of LOADED_IDS) {
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
