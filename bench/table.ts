/**
 * The table (`BENCH_CASES=table`): what the table actions and table state cost next to what the
 * service already does, each judged by the one noise method (bench/lib/stats.ts).
 *
 * - A tap (`setStatus` tapped ↔ untapped on one of seat 0's permanents) and a counter change
 *   (`changeCounters` +1/+1, ADD ↔ REMOVE one, on another) against B1's move (seat 0 draws its top
 *   card, then puts it on the bottom) on the same B1 game: paired closed-loop runs of one client,
 *   alternating which goes first; per run the service's CPU per operation and the latency p50.
 * - A view (B2's `game(id)` with each object's statuses and counters) of a 150-object game whose
 *   every object is on the battlefield, tapped and carrying two counter kinds, against the same view
 *   of its twin with none: paired runs as above, seat 0 viewing.
 * - RSS per cached 120-card game carrying table state (B1's layout; every permanent tapped, counters
 *   on six, both life totals changed, turn 2 in its main phase), on a fresh process, each reading
 *   after a full garbage collection: batches of games until the 95% interval of the per-game figure
 *   is narrow enough.
 */
import {
  BENCH_COUNTERS,
  BENCH_PHASE,
  BENCH_TABLE_OBJECTS,
  BENCH_TABLE_VIEW,
  BENCH_TAP,
  BENCH_TURN,
} from '../test/support/documents.js';
import { settledRss } from './aging.js';
import { inspector } from './profile.js';
import type { BenchConfig } from './lib/config.js';
import { ApiMover, cardsPerSeat, createBenchGame, type BenchGame } from './lib/fixtures.js';
import { graphqlClient, type GraphqlClient } from './lib/graphql.js';
import { loadAverage } from './lib/machine.js';
import { ratioTarget, stableTarget, table, type BenchLog, type CaseReport } from './lib/report.js';
import { startService } from './lib/service.js';
import { estimateJson, pairedRuns, type Sample } from './lib/paired.js';
import { fmtMs, fmtRatioEstimate, meanInterval, repeatUntilStable, type StableFigure } from './lib/stats.js';

/** Paired runs per comparison (the noise method needs at least 5). */
const PAIRS = 8;
/** Measured and warm-up seconds of each run: 2 × PAIRS × 3 comparisons of them take about 2 minutes. */
const RUN_SECONDS = 2;
const WARMUP_SECONDS = 0.5;
/** The targets: each table figure within 1.1× of what it is compared with; a cached game ≤ 64 KiB. */
const AT_MOST = { atMost: 1.1 } as const;
const GAME_KIB = { atMost: 64 } as const;
/** Games created per memory sample, a few at a time; a sample is their RSS growth ÷ their number. */
const MEMORY_GAMES = 100;
/** Batches at most: the memory part stays under about a minute. */
const MEMORY_RUNS = 6;
const MEMORY_PARALLEL = 8;
const KiB = 2 ** 10;

interface ObjectsPayload {
  game: {
    zones: {
      id: string;
      type: string;
      objects: {
        id: string;
        controller: { id: string };
        statuses: { name: string; value: string }[];
        counters: { kind: string; amount: number }[];
      }[];
    }[];
  };
}

async function battlefield(api: GraphqlClient, game: BenchGame, token: string) {
  const { game: g } = await api.request<ObjectsPayload>(BENCH_TABLE_OBJECTS, { id: game.id }, token);
  const zone = g.zones.find((z) => z.type === 'battlefield');
  if (!zone) throw new Error('no battlefield');
  return zone.objects;
}

const counterInput = (gameId: string, holder: object, kind: string, op: string, amount: number) => ({
  input: { gameId, holder, kind, op, amount },
});

/** Runs `ops` with at most `parallel` in flight. */
async function inParallel(ops: readonly (() => Promise<unknown>)[], parallel: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < ops.length) await ops[next++]?.();
    }),
  );
}

/**
 * A 120-card game in progress with the whole table in use: B1's layout, every permanent tapped,
 * +1/+1 counters on four and charge counters on two, both life totals changed, turn 2 in seat 1's
 * precombat main phase.
 */
async function tableGame(api: GraphqlClient): Promise<void> {
  const game = await createBenchGame(api, 120, { layout: true });
  const [s0, s1] = game.seats;
  if (!s0 || !s1) throw new Error('no seats');
  const permanents = await battlefield(api, game, s0.token);
  await api.request(
    BENCH_TAP,
    { input: { gameId: game.id, objectIds: permanents.map((o) => o.id), name: 'tapped', value: 'tapped' } },
    s0.token,
  );
  const counters = (o: { id: string }, kind: string) =>
    api.request(BENCH_COUNTERS, counterInput(game.id, { objectId: o.id }, kind, 'ADD', 2), s0.token);
  for (const o of permanents.slice(0, 4)) await counters(o, '+1/+1');
  for (const o of permanents.slice(4, 6)) await counters(o, 'charge');
  for (const p of [s0, s1])
    await api.request(
      BENCH_COUNTERS,
      counterInput(game.id, { playerId: p.playerId }, 'life', 'REMOVE', 3),
      s0.token,
    );
  await api.request(BENCH_TURN, { input: { gameId: game.id } }, s0.token);
  await api.request(BENCH_PHASE, { input: { gameId: game.id, phase: 'precombatMain' } }, s1.token);
}

/** Twins of `objects` cards, every card on the battlefield; the first gets the whole table state. */
async function viewTwins(api: GraphqlClient, objects: number) {
  const layout = [['battlefield', cardsPerSeat(objects)]] as const;
  const plain = await createBenchGame(api, objects, { layout });
  const tabled = await createBenchGame(api, objects, { layout });
  const viewer = tabled.seats[0];
  if (!viewer) throw new Error('no seat');
  const ids = (await battlefield(api, tabled, viewer.token)).map((o) => o.id);
  await api.request(
    BENCH_TAP,
    { input: { gameId: tabled.id, objectIds: ids, name: 'tapped', value: 'tapped' } },
    tabled.refereeToken,
  );
  await inParallel(
    ids.flatMap((id) =>
      (['+1/+1', 'charge'] as const).map(
        (kind) => () =>
          api.request(
            BENCH_COUNTERS,
            counterInput(tabled.id, { objectId: id }, kind, 'ADD', kind === 'charge' ? 3 : 1),
            tabled.refereeToken,
          ),
      ),
    ),
    4,
  );
  // Both twins as their viewer sees them: every object, and how many carry a tap and two counter kinds.
  const shape = async (g: BenchGame) => {
    const token = g.seats[0]?.token ?? '';
    const os = await battlefield(api, g, token);
    const full = os.filter((o) => o.statuses.some((s) => s.value === 'tapped') && o.counters.length === 2);
    return { objects: os.length, tappedWithTwoKinds: full.length };
  };
  return { plain, tabled, shapes: { plain: await shape(plain), tabled: await shape(tabled) } };
}

function figureJson(f: StableFigure) {
  return { mean: f.mean, ci95: f.ci95, runs: f.n, stable: f.stable, samples: f.samples };
}

/**
 * RSS (and V8 heap) per cached game with table state, on a fresh process (`WORKERS=1`, its
 * inspector on 127.0.0.1): a full garbage collection before each reading, so what is counted is what
 * the games keep, not garbage their set-up left.
 */
async function measureMemory(databaseUrl: string, log: BenchLog) {
  const service = await startService(
    databaseUrl,
    { WORKERS: '1', WORK_LIMIT_PER_PRINCIPAL: '64' },
    { inspect: true },
  );
  const api = graphqlClient(service.url);
  if (!service.inspectorUrl) throw new Error('no inspector URL');
  const ins = await inspector(service.inspectorUrl);
  const collected = async () => {
    await ins.send('HeapProfiler.collectGarbage');
    const { usedSize } = await ins.send<{ usedSize: number }>('Runtime.getHeapUsage');
    return { rss: await settledRss(service), heap: usedSize };
  };
  try {
    // Every path once before the first reading.
    await inParallel(
      Array.from({ length: MEMORY_PARALLEL }, () => () => tableGame(api)),
      MEMORY_PARALLEL,
    );
    const heaps: number[] = [];
    const memory = await repeatUntilStable(
      async (run) => {
        const before = await collected();
        await inParallel(
          Array.from({ length: MEMORY_GAMES }, () => () => tableGame(api)),
          MEMORY_PARALLEL,
        );
        const after = await collected();
        const perGame = (after.rss - before.rss) / MEMORY_GAMES / KiB;
        heaps.push((after.heap - before.heap) / MEMORY_GAMES / KiB);
        log(
          `  memory run ${run + 1}: ${perGame.toFixed(1)} KiB RSS, ${heaps.at(-1)?.toFixed(1)} KiB heap per cached game (${MEMORY_GAMES} games)`,
        );
        return perGame;
      },
      { maxWidth: 16, maxRuns: MEMORY_RUNS, maxMs: 60_000 },
    );
    return { memory, heap: meanInterval(heaps) };
  } finally {
    ins.close();
    api.close();
    await service.stop();
  }
}

export async function runTable(deps: {
  databaseUrl: string;
  config: BenchConfig;
  log: BenchLog;
}): Promise<CaseReport> {
  const { config, log } = deps;
  const loadAtStart = loadAverage();
  log(`table: load average ${loadAtStart}`);
  const { memory, heap } = await measureMemory(deps.databaseUrl, log);
  log('table: fresh service (WORKERS=1)');
  // One client per run, but the set-up deals counters a few at a time on one referee credential.
  const service = await startService(deps.databaseUrl, { WORKERS: '1', WORK_LIMIT_PER_PRINCIPAL: '64' });
  const api = graphqlClient(service.url);
  try {
    const paired = pairedRuns(service, log, {
      pairs: PAIRS,
      seconds: RUN_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      threshold: AT_MOST,
    });

    // A tap and a counter change against B1's move, all by seat 0 on one B1 game.
    log(`table: a B1 game of ${config.gameObjects} objects`);
    const game = await createBenchGame(api, config.gameObjects, { layout: true });
    const seat = game.seats[0];
    if (!seat) throw new Error('no seat');
    const mine = (await battlefield(api, game, seat.token)).filter((o) => o.controller.id === seat.playerId);
    const [tapTarget, counterTarget] = mine;
    if (!tapTarget || !counterTarget) throw new Error('seat 0 has fewer than two permanents');
    const mover = new ApiMover(api, game, seat);
    let tapped = false;
    const tap = async () => {
      const value = tapped ? 'untapped' : 'tapped';
      await api.request(
        BENCH_TAP,
        { input: { gameId: game.id, objectIds: [tapTarget.id], name: 'tapped', value } },
        seat.token,
      );
      tapped = !tapped;
    };
    let added = false;
    const counter = async () => {
      const op = added ? 'REMOVE' : 'ADD';
      await api.request(
        BENCH_COUNTERS,
        counterInput(game.id, { objectId: counterTarget.id }, '+1/+1', op, 1),
        seat.token,
      );
      added = !added;
    };
    const tapVsMove = await paired(['tap', 'move'], tap, () => mover.move());
    const counterVsMove = await paired(['counter', 'move'], counter, () => mover.move());

    log(`table: view twins of ${config.gameObjects} objects, every one on the battlefield`);
    const twins = await viewTwins(api, config.gameObjects);
    log(
      `  tabled twin: ${twins.shapes.tabled.tappedWithTwoKinds} of ${twins.shapes.tabled.objects} objects tapped with two counter kinds; plain twin: ${twins.shapes.plain.tappedWithTwoKinds} of ${twins.shapes.plain.objects}`,
    );
    const view = (g: BenchGame) => () => api.request(BENCH_TABLE_VIEW, { id: g.id }, g.seats[0]?.token);
    const viewVsPlain = await paired(['tabled view', 'plain view'], view(twins.tabled), view(twins.plain));
    const loadAtEnd = loadAverage();

    const comparisons = [
      ['a tap (`setStatus`) / a move', tapVsMove],
      ['a counter change (`changeCounters`) / a move', counterVsMove],
      [
        `a view, every object tapped with two counter kinds / the same view with none (${twins.shapes.tabled.objects} objects)`,
        viewVsPlain,
      ],
    ] as const;
    const medianOf = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)] ?? Number.NaN;
    const sideFigures = (runs: Record<string, Sample[]>, key: 'cpuMs' | 'p50Ms') =>
      Object.values(runs)
        .map((ss) => fmtMs(medianOf(ss.map((s) => s[key]))))
        .join(' / ');
    const kib = (v: number) => `${v.toFixed(1)} KiB`;
    const markdown = [
      table(
        ['paired runs', 'service CPU ms/op (median run)', 'ratio', 'latency p50 ms (median run)', 'ratio'],
        comparisons.map(([label, c]) => [
          label,
          sideFigures(c.runs, 'cpuMs'),
          fmtRatioEstimate(c.cpu),
          sideFigures(c.runs, 'p50Ms'),
          fmtRatioEstimate(c.latency),
        ]),
      ),
      '',
      table(
        ['a fresh service process, after a full GC', 'per cached 120-card game with table state'],
        [
          [
            `RSS growth ÷ games, ${memory.n} batches of ${MEMORY_GAMES}`,
            `${kib(memory.mean)} (95% ${kib(memory.ci95[0])}–${kib(memory.ci95[1])}${memory.stable ? '' : ', not stable'})`,
          ],
          [
            'V8 heap used growth ÷ games, same batches',
            `${kib(heap.mean)} (95% ${kib(heap.ci95[0])}–${kib(heap.ci95[1])})`,
          ],
        ],
      ),
      '',
      `Each run: one client, ${RUN_SECONDS} s after ${WARMUP_SECONDS} s of warm-up; ${PAIRS} pairs per comparison, ` +
        `alternating which side goes first. The view twins were checked as seat 0 sees them: ` +
        `${twins.shapes.tabled.tappedWithTwoKinds} of ${twins.shapes.tabled.objects} objects tapped with two counter kinds, ` +
        `${twins.shapes.plain.tappedWithTwoKinds} of ${twins.shapes.plain.objects} on the other. ` +
        `Load average (1 min) ${loadAtStart} when the case started, ${loadAtEnd} at its end.`,
    ].join('\n');
    return {
      title: 'The table: taps, counters, a tapped view, a cached game',
      markdown,
      targets: [
        ratioTarget('a tap ≤ 1.1× a move: service CPU per operation', tapVsMove.cpu),
        ratioTarget('a tap ≤ 1.1× a move: latency p50', tapVsMove.latency),
        ratioTarget('a counter change ≤ 1.1× a move: service CPU per operation', counterVsMove.cpu),
        ratioTarget('a counter change ≤ 1.1× a move: latency p50', counterVsMove.latency),
        ratioTarget(
          'a 150-object view, every object tapped with two counter kinds, ≤ 1.1× the view with none: service CPU',
          viewVsPlain.cpu,
        ),
        ratioTarget(
          'a 150-object view, every object tapped with two counter kinds, ≤ 1.1× the view with none: latency p50',
          viewVsPlain.latency,
        ),
        stableTarget(
          'a cached 120-card game with table state ≤ 64 KiB of RSS',
          memory,
          GAME_KIB,
          kib,
          ' KiB',
        ),
      ],
      results: {
        loadAverage: { atStart: loadAtStart, atEnd: loadAtEnd },
        runSeconds: RUN_SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        pairs: PAIRS,
        tapOverMove: {
          cpu: estimateJson(tapVsMove.cpu),
          latencyP50: estimateJson(tapVsMove.latency),
          runs: tapVsMove.runs,
        },
        counterChangeOverMove: {
          cpu: estimateJson(counterVsMove.cpu),
          latencyP50: estimateJson(counterVsMove.latency),
          runs: counterVsMove.runs,
        },
        tabledViewOverPlainView: {
          objects: twins.shapes.tabled.objects,
          tappedWithTwoCounterKinds: twins.shapes.tabled.tappedWithTwoKinds,
          cpu: estimateJson(viewVsPlain.cpu),
          latencyP50: estimateJson(viewVsPlain.latency),
          runs: viewVsPlain.runs,
        },
        cachedGameWithTableStateKiB: { ...figureJson(memory), gamesPerRun: MEMORY_GAMES },
        cachedGameWithTableStateHeapKiB: { mean: heap.mean, ci95: heap.ci95, runs: heap.n },
      },
    };
  } finally {
    api.close();
    await service.stop();
  }
}
