/**
 * A paired probe of a move's pure work (not part of `npm run bench`): the seat policy and the plan
 * of B1's move (seat 0 draws the top card of its library into its hand, then puts that card at the
 * bottom of its library) on a two-player Magic game of BENCH_GAME_OBJECTS objects laid out as B1's
 * games are, in this process, for this checkout's `src/` and for each checkout named in
 * PROBE_ROOTS (comma-separated; the first is the before side). Rounds of PROBE_MOVES moves alternate
 * between them, the order flipping every round; per round the process's CPU per move (user +
 * system), each checkout against the first with its confidence interval (bench/lib/stats.ts). No
 * HTTP, database or JIT noise from other processes: what it measures is the planner's and the
 * policy's own cost, which the service's CPU per move includes.
 *
 *     PROBE_ROOTS=/path/to/before npx tsx bench/plan-probe.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  initialZones,
  type GameState,
  type Move,
  type ObjectState,
  type PlanContext,
  type RulesetSpec,
} from '../src/rules/index.js';
import { fmtRatioEstimate, pairedRatio } from './lib/stats.js';

const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const roots = [...(process.env['PROBE_ROOTS'] ?? '').split(',').filter(Boolean), HERE];
const objects = Number(process.env['BENCH_GAME_OBJECTS'] || 150);
const movesPerRound = Number(process.env['PROBE_MOVES'] || 2000);
const rounds = Number(process.env['PROBE_ROUNDS'] || 16);

interface Side {
  readonly root: string;
  readonly spec: RulesetSpec;
  readonly planWith: (spec: RulesetSpec, state: GameState, move: Move, ctx: PlanContext) => unknown;
  readonly seatMayMake: (spec: RulesetSpec, state: GameState, seat: string, move: Move) => unknown;
}

async function load(root: string): Promise<Side> {
  const rules = (await import(path.join(root, 'src/rules/index.ts'))) as Pick<
    Side,
    'planWith' | 'seatMayMake'
  >;
  const { rulesetRegistry } = (await import(path.join(root, 'src/rulesets/load.ts'))) as {
    rulesetRegistry: () => { get(id: string): RulesetSpec | undefined };
  };
  const spec = rulesetRegistry().get('mtg');
  if (!spec) throw new Error(`${root}: no mtg ruleset`);
  return { root, spec, planWith: rules.planWith, seatMayMake: rules.seatMayMake };
}

/** B1's layout: per seat a library, a hand of 7, permanents and a graveyard; zone ids as `type:owner:0`. */
function benchState(spec: RulesetSpec): GameState {
  const players = [
    { id: 'p0', seat: 0 },
    { id: 'p1', seat: 1 },
  ];
  const zones = initialZones(spec, players).map((z) => ({
    ...z,
    id: `${z.type}:${z.ownerId ?? 'shared'}:${z.index}`,
  }));
  const perSeat = Math.floor(objects / 2);
  const layout: [string, number][] = [
    ['hand', 7],
    ['graveyard', 5],
    ['battlefield', 12],
  ];
  const out: ObjectState[] = [];
  let n = 0;
  for (const p of players) {
    let left = perSeat;
    const place = (type: string, count: number) => {
      const zoneId = type === 'battlefield' ? 'battlefield:shared:0' : `${type}:${p.id}:0`;
      for (let i = 0; i < count; i++, n++)
        out.push({
          key: `k${n}`,
          publicId: `pub${n}`,
          kind: 'card',
          ownerId: p.id,
          controllerId: p.id,
          zoneId,
          sortKey: (i + 1) * 1024,
          faceUp: type !== 'library' && type !== 'hand',
          revealedTo: [],
          hostKey: null,
          card: { name: `card ${n}`, types: ['Creature'], subtypes: [], text: '', attributes: {} },
          history: [],
        });
      left -= count;
    };
    for (const [type, count] of layout) place(type, count);
    place('library', left);
  }
  return { ruleset: 'mtg', players, zones, objects: out } as unknown as GameState;
}

let ids = 0;
const ctx = (): PlanContext =>
  ({
    newId: () => `id${++ids}`,
    randomAct: () => () => 0,
    randomScheme: null,
    foldEntropy: () => '',
    actorId: 'p0',
    viewer: { kind: 'player', playerId: 'p0' },
  }) as unknown as PlanContext;

/** One round of moves on `side`; CPU ms per move. */
function round(side: Side, start: GameState): number {
  let state = start;
  let held: string | null = null;
  const t0 = process.cpuUsage();
  for (let i = 0; i < movesPerRound; i++) {
    const move: Move = (
      held === null
        ? {
            kind: 'moveObjects',
            select: { kind: 'top', zoneId: 'library:p0:0', count: 1 },
            to: { kind: 'zone', zoneId: 'hand:p0:0' },
            placement: { kind: 'top' },
            by: 'rule',
          }
        : {
            kind: 'moveObjects',
            select: { kind: 'ids', ids: [held] },
            to: { kind: 'zone', zoneId: 'library:p0:0' },
            placement: { kind: 'bottom' },
            by: 'rule',
          }
    ) as Move;
    if (side.seatMayMake(side.spec, state, 'p0', move) !== null) throw new Error('refused');
    const r = side.planWith(side.spec, state, move, ctx()) as
      | { ok: true; plan: { state: GameState; events: { transitions: { after: ObjectState | null }[] }[] } }
      | { ok: false; rejection: unknown };
    if (!r.ok) throw new Error(`rejected: ${JSON.stringify(r.rejection)}`);
    state = r.plan.state;
    held = held === null ? (r.plan.events[0]?.transitions[0]?.after?.publicId ?? null) : null;
  }
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / 1000 / movesPerRound;
}

const sides = await Promise.all(roots.map(load));
const start = benchState(sides[0]!.spec);
// Warm up each side's code before anything is counted.
for (const s of sides) round(s, start);
const perSide = sides.map(() => [] as number[]);
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? sides.map((_, i) => i) : sides.map((_, i) => sides.length - 1 - i);
  for (const i of order) perSide[i]!.push(round(sides[i]!, start));
}
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
sides.forEach((s, i) => {
  const vsFirst =
    i === 0 ? '' : `  ÷ first ${fmtRatioEstimate(pairedRatio(perSide[i]!, perSide[0]!, { atMost: 1 }))}`;
  process.stdout.write(`${s.root}: ${(mean(perSide[i]!) * 1000).toFixed(1)} µs CPU per move${vsFirst}\n`);
});
