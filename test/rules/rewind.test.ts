/**
 * Property: a judge's rewind (IPG 1.4, "Backing Up") over every loaded ruleset. Random games are
 * rewound at random points in each mode. EXACT: every viewer's view after the rewind is its view of
 * the earlier state, up to the public ids of objects (the identity policy re-mints what a viewer
 * cannot follow). RANDOMIZE_UNKNOWN: every object some seat knew then is at its place, the rest are
 * a shuffle of their zone's unknown places that recomputes from its recorded draws. Either way the
 * state keeps every invariant the planner's property suite checks, and replaying the event gives it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  canSeeSnapshot,
  contextOf,
  indexPositions,
  nonAdminViewers,
  startTable,
  viewGame,
  type CardProps,
  type GameState,
  type PlanContext,
  type RandomAct,
  type RewindMode,
  type RulesetId,
  type Viewer,
} from '../../src/rules/index.js';
import { fisherYates } from '../../src/rules/planner/acts.js';
import { card, LOADED_IDS, newGame, spec, testCtx } from './helpers.js';
import { pick, seedArb, toMove, type Seed } from './move-generators.js';
import { checkState, checkStep } from './invariants.js';
import { builtinRulesets } from '../support/rulesets.js';

const RUNS = Number(process.env.FC_RUNS ?? 25);

/** Cases whose rewind moved some object, and whose rewind shuffled: a property over no-op rewinds proves nothing. */
const SEEN = { moved: 0, shuffled: 0 };

const POOL: Record<string, CardProps[]> = {
  mtg: [card('Bear', ['creature']), card('Bolt', ['instant']), card('Land', ['land'])],
  fab: [card('Attack', ['action'], ['attack']), card('Sword', ['weapon'], ['sword', '1H'])],
  netrunner: [card('Hedge Fund', ['operation']), card('Ice Wall', ['ice'])],
};

/** A random game's states, first to last; moves that would end it are left out (a rewind may not cross an end). */
function play(id: RulesetId, seeds: readonly Seed[]): GameState[] {
  const sp = spec(id);
  const players = Math.min(sp.players.max, 2);
  const started = startTable(newGame(id, players), sp, [], null);
  if (!('state' in started)) throw new Error(started.problem.message);
  const states = [started.state];
  for (const x of seeds) {
    const state = states.at(-1)!;
    const move = toMove(id, state, x, { pool: POOL, wide: true });
    const r = builtinRulesets().plan(state, move, testCtx(pick(state.players, x.f)?.id ?? null, x.a + 1));
    if (r.ok && !r.plan.state.result) states.push(r.plan.state);
  }
  return states;
}

/**
 * Draws that depend only on the act's address (event, index, number), as zk-rng's do: so a test
 * can recompute an act from its record.
 */
function addressedDraws(
  base: PlanContext,
): PlanContext & { streamOf: (e: number, i: number, n: number) => (k: number) => number } {
  const streamOf = (e: number, i: number, n: number) => {
    let s = (e * 7919 + i * 104729 + n * 15485863 + 1) >>> 0;
    return (k: number) => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s % k;
    };
  };
  return { ...base, randomAct: streamOf, streamOf };
}

/** A view with every object id replaced by where the object is (zone and position, or its host's label). */
function placed(sp: ReturnType<typeof spec>, s: GameState, v: Viewer) {
  const view = viewGame(sp, s, v);
  const label = new Map<string, string>();
  for (const z of view.zones)
    for (const o of z.objects) if (o.position !== null) label.set(o.id, `${z.id}@${o.position}`);
  const hosted = new Map<string, number>();
  return {
    players: view.players,
    zones: [...view.zones]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((z) => ({
        ...z,
        objects: z.objects.map((o) => {
          const host = o.hostId === null ? null : (label.get(o.hostId) ?? 'unknown host');
          const n = host === null ? 0 : (hosted.get(host) ?? 0) + 1;
          if (host !== null) hosted.set(host, n);
          return { ...o, id: host === null ? label.get(o.id) : `${host}/${n}`, hostId: host };
        }),
      })),
  };
}

function rewindCase(id: RulesetId, seeds: readonly Seed[], at: number, mode: RewindMode): void {
  const sp = spec(id);
  const states = play(id, seeds);
  if (states.length < 2) return;
  const now = states.at(-1)!;
  // states[k] stands for the state after event k + 1 (GAME_CREATED is event 1).
  const toSeq = 1 + (at % (states.length - 1));
  const past = states[toSeq - 1]!;
  const ctx = { ...addressedDraws(testCtx(null)), stateAt: (seq: number) => (seq === toSeq ? past : null) };
  const r = builtinRulesets().plan(now, { kind: 'rewind', toSeq, mode, reason: 'judge call' }, ctx);
  if (!r.ok) throw new Error(`${r.rejection.code}: ${r.rejection.message}`);
  const after = r.plan.state;
  expect(r.plan.events.map((e) => e.kind)).toEqual(['GAME_REWOUND']);
  const event = r.plan.events[0]!;
  SEEN.moved += event.transitions.length > 0 ? 1 : 0;
  SEEN.shuffled += event.random ? 1 : 0;
  expect(event.rewind).toEqual({ toSeq, mode, reason: 'judge call' });
  checkState(sp, after);
  checkStep(sp, now, r.plan);
  expect(applyEvent(now, event)).toEqual(after);
  // The fairness chain does not go back: entropy stays, act numbers only grow.
  expect(after.entropy).toEqual(now.entropy);
  expect(after.randomActs ?? 0).toBeGreaterThanOrEqual(now.randomActs ?? 0);
  if (mode === 'EXACT') {
    for (const v of [...nonAdminViewers(now), { kind: 'admin' } as const])
      expect(placed(sp, after, v), `view of ${JSON.stringify(v)}`).toEqual(placed(sp, past, v));
    return;
  }
  checkRandomized(sp, past, after, event.random?.acts ?? [], (i, n) =>
    ctx.streamOf(0, i, n + (now.randomActs ?? 0)),
  );
}

/** Known objects at their place; the unknown ones a recomputable shuffle of their zone's unknown places. */
function checkRandomized(
  sp: ReturnType<typeof spec>,
  past: GameState,
  after: GameState,
  acts: readonly RandomAct[],
  /** The draws of the rewind's act `index`, the `n`th it drew. */
  drawsOf: (index: number, n: number) => (k: number) => number,
): void {
  const positions = indexPositions(past);
  const byKey = new Map(past.objects.map((o) => [o.key, o]));
  const afterByKey = new Map(after.objects.map((o) => [o.key, o]));
  expect([...afterByKey.keys()].sort()).toEqual([...byKey.keys()].sort());
  for (const o of past.objects) {
    const snap = { obj: o, context: contextOf(sp, past, o, positions, byKey) };
    const known = o.hostKey !== null || nonAdminViewers(past).some((v) => canSeeSnapshot(sp, v, snap));
    const a = afterByKey.get(o.key)!;
    if (known) expect({ ...a, publicId: '' }).toEqual({ ...o, publicId: '' });
    else expect({ ...a, publicId: '', sortKey: 0 }).toEqual({ ...o, publicId: '', sortKey: 0 });
  }
  for (const act of acts) {
    if (act.kind !== 'shuffle') throw new Error(`a rewind draws shuffles only, not a ${act.kind}`);
    expect(fisherYates(act.before, act.before.length, drawsOf(act.index, act.index))).toEqual(act.after);
    const slots = act.before.map((k) => byKey.get(k)!.sortKey);
    expect(act.after.map((k) => afterByKey.get(k)!.sortKey)).toEqual(slots);
  }
}

const seedsOf = (kind: fc.Arbitrary<number>) =>
  fc.record({ kind, a: fc.nat(1000), b: fc.nat(1000), c: fc.nat(1000), d: fc.nat(1000), f: fc.nat(255) });

function property(id: RulesetId, mode: RewindMode): void {
  const seeding = fc.array(seedsOf(fc.constant(14)), { minLength: 3, maxLength: 8 });
  fc.assert(
    fc.property(seeding, fc.array(seedArb(22), { maxLength: 25 }), fc.nat(1000), (seed, steps, at) =>
      rewindCase(id, [...seed, ...steps], at, mode),
    ),
    { numRuns: RUNS },
  );
}

describe('a judge rewinds random games (IPG 1.4)', () => {
  for (const id of LOADED_IDS)
    for (const mode of ['EXACT', 'RANDOMIZE_UNKNOWN'] as const)
      it(`property: ${id} ${mode}`, () => property(id, mode), 120_000);

  it('rewound games that moved objects, and reshuffled unknown ones', () => {
    expect(SEEN.moved).toBeGreaterThan(RUNS);
    expect(SEEN.shuffled).toBeGreaterThan(RUNS / 4);
  });

  it('refuses a rewind the caller supplied no state for, and one across an end', () => {
    const states = play('mtg', []);
    const now = states.at(-1)!;
    const move = { kind: 'rewind', toSeq: 1, mode: 'EXACT', reason: 'x' } as const;
    const r = builtinRulesets().plan(now, move, testCtx(null));
    expect(r.ok ? null : r.rejection.code).toBe('REWIND_UNAVAILABLE');
    const ended = { ...now, result: { winnerIds: [], draw: true, reason: 'draw' } };
    const e = builtinRulesets().plan(ended, move, { ...testCtx(null), stateAt: () => now });
    expect(e.ok ? null : e.rejection.code).toBe('REWIND_CROSSES_GAME_END');
    const bad = builtinRulesets().plan(now, { ...move, reason: '' }, testCtx(null));
    expect(bad.ok ? null : bad.rejection.code).toBe('BAD_REWIND');
  });
});
