/**
 * The table (`BENCH_CASES=table`): what the table actions and table state cost next to what the
 * service already does, each judged by the one noise method (bench/lib/stats.ts).
 *
 * - A tap (`setStatus` tapped ↔ untapped on one of seat 0's permanents) and a counter change
 *   (`changeCounters` +1/+1, ADD ↔ REMOVE one, on another) against B1's move (seat 0 draws its top
 *   card, then puts it on the bottom) on the same B1 game. Service CPU: paired closed-loop runs of
 *   one client, one side per run, alternating which goes first (the process's CPU cannot be split
 *   between two kinds of operation in one run). Latency: paired runs in which one client
 *   interleaves the two sides operation by operation (A B, B A, …), so both sides of a pair see the
 *   same moment of a busy machine; per run each side's p50.
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
import { heapProbe, inParallel } from './lib/cached-heap.js';
import { ApiMover, cardsPerSeat, createBenchGame, type BenchGame } from './lib/fixtures.js';
import { graphqlClient, type GraphqlClient } from './lib/graphql.js';
import { loadAverage } from './lib/machine.js';
import {
  ratioTarget,
  stableTarget,
  table,
  type BenchLog,
  type CaseDeps,
  type CaseReport,
} from './lib/report.js';
import { pairedRuns, type Sample } from './lib/paired.js';
import { startService } from './lib/service.js';
import {
  fmtMs,
  fmtRatioEstimate,
  Latencies,
  meanInterval,
  pairedRatio,
  repeatUntilStable,
  type RatioEstimate,
  type StableFigure,
} from './lib/stats.js';

/** Paired runs per comparison (the noise method needs at least 5). */
const PAIRS = 8;
/** Measured and warm-up seconds of each run: 2 × PAIRS × 3 comparisons of them take about 2 minutes. */
const RUN_SECONDS = 2;
const WARMUP_SECONDS = 0.5;
/** Interleaved latency runs per comparison: LATENCY_PAIRS × 3 of them take about a minute and a half. */
const LATENCY_PAIRS = 12;
/** The targets: each table figure within 1.1× of what it is compared with; a cached game ≤ 64 KiB. */
const AT_MOST = { atMost: 1.1 } as const;
const GAME_KIB = { atMost: 64 } as const;
/**
 * Games created per memory sample, a few at a time; a sample is the V8 heap's growth ÷ their
 * number, after a full collection: what the cached games keep alive. RSS is reported beside it but
 * does not decide the target: it moves in whole pages and arenas as V8 and the allocator take and
 * give back memory, so a batch's RSS growth can be negative.
 */
const MEMORY_GAMES = 200;
/** Batches at most, and the interval width (KiB) at which the figure is stable (the noise method). */
const MEMORY_RUNS = 30;
const MEMORY_WIDTH = 1;
/** Cached games the memory service keeps: more than every batch together, so none is evicted. */
const MEMORY_CACHE_GAMES = (MEMORY_RUNS + 2) * MEMORY_GAMES;

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

/**
 * One run of one client interleaving `a` and `b` operation by operation, alternating which goes
 * first: the latency p50 (ms) of each, measured after the warm-up.
 */
async function interleavedP50(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<{ a: number; b: number; errors: number; firstError: string | null }> {
  const la = new Latencies();
  const lb = new Latencies();
  const from = performance.now() + WARMUP_SECONDS * 1000;
  const until = from + RUN_SECONDS * 1000;
  let errors = 0;
  let firstError: string | null = null;
  const timed = async (op: () => Promise<unknown>, into: Latencies) => {
    const t0 = performance.now();
    try {
      await op();
      if (t0 >= from) into.add(performance.now() - t0);
    } catch (err) {
      errors++;
      firstError ??= err instanceof Error ? err.message : String(err);
    }
  };
  for (let i = 0; performance.now() < until && errors <= 20; i++) {
    if (i % 2 === 0) {
      await timed(a, la);
      await timed(b, lb);
    } else {
      await timed(b, lb);
      await timed(a, la);
    }
  }
  return { a: la.summary().p50, b: lb.summary().p50, errors, firstError };
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
export async function viewTwins(api: GraphqlClient, objects: number) {
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

function estimateJson(e: RatioEstimate) {
  return { median: e.median, ci95: e.ci95, pairs: e.n, threshold: e.threshold, met: e.met, ratios: e.ratios };
}

function figureJson(f: StableFigure) {
  return { mean: f.mean, ci95: f.ci95, runs: f.n, stable: f.stable, samples: f.samples };
}

/**
 * RSS (and V8 heap) per cached game with table state, on a fresh process (bench/lib/cached-heap.ts):
 * batches until the heap figure's 95% interval is narrow enough.
 */
async function measureMemory(databaseUrl: string, log: BenchLog) {
  const probe = await heapProbe({
    databaseUrl,
    makeGame: tableGame,
    cacheGames: MEMORY_CACHE_GAMES,
    warmupGames: MEMORY_GAMES,
  });
  try {
    const rss: number[] = [];
    const heap = await repeatUntilStable(
      async (run) => {
        const growth = await probe.batch(MEMORY_GAMES);
        rss.push(growth.rssKiB);
        log(
          `  memory run ${run + 1}: ${growth.heapKiB.toFixed(2)} KiB heap, ${growth.rssKiB.toFixed(1)} KiB RSS per cached game (${MEMORY_GAMES} games)`,
        );
        return growth.heapKiB;
      },
      { maxWidth: MEMORY_WIDTH, maxRuns: MEMORY_RUNS, maxMs: 360_000 },
    );
    return { heap, rss: meanInterval(rss) };
  } finally {
    await probe.close();
  }
}

export async function runTable(deps: CaseDeps): Promise<CaseReport> {
  const { config, log } = deps;
  const loadAtStart = loadAverage();
  log(`table: load average ${loadAtStart}`);
  const { heap, rss } = await measureMemory(deps.databaseUrl, log);
  log('table: fresh service (WORKERS=1)');
  // One client per run, but the set-up deals counters a few at a time on one referee credential.
  const service = await startService(deps.databaseUrl, {
    WORKERS: '1',
    WORK_LIMIT_PER_PRINCIPAL: '64',
    WORK_LIMIT_PER_CLIENT: '64',
  });
  const api = graphqlClient(service.url);
  try {
    const cpuPairs = pairedRuns(service, log, {
      pairs: PAIRS,
      seconds: RUN_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      threshold: AT_MOST,
    });
    /**
     * `pairs` alternating runs of `a` and `b` for the CPU ratio; the latency ratio from runs that
     * interleave the two operation by operation, so both sides of a pair see the same moment.
     */
    const paired = async (names: [string, string], a: () => Promise<unknown>, b: () => Promise<unknown>) => {
      const { cpu, runs } = await cpuPairs(names, a, b);
      const p50s: { a: number; b: number }[] = [];
      for (let i = 0; i < LATENCY_PAIRS; i++) {
        const r = await interleavedP50(a, b);
        log(
          `  ${names[0]} / ${names[1]} interleaved: p50 ${fmtMs(r.a)} / ${fmtMs(r.b)} ms${r.errors ? ` (${r.errors} errors: ${r.firstError ?? ''})` : ''}`,
        );
        p50s.push({ a: r.a, b: r.b });
      }
      const latency = pairedRatio(
        p50s.map((p) => p.a),
        p50s.map((p) => p.b),
        AT_MOST,
      );
      return { cpu, latency, runs, interleavedP50Ms: p50s };
    };

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
    // CPU per returned byte: each run's CPU per view ÷ the bytes of its twin's answer (both twins are
    // unchanged through the runs, so each answer has one size).
    const answerBytes = async (g: BenchGame) => Buffer.byteLength(JSON.stringify({ data: await view(g)() }));
    const bytes = { tabled: await answerBytes(twins.tabled), plain: await answerBytes(twins.plain) };
    const perByte = (name: string, n: number) => (viewVsPlain.runs[name] ?? []).map((s) => s.cpuMs / n);
    const viewPerByte = pairedRatio(
      perByte('tabled view', bytes.tabled),
      perByte('plain view', bytes.plain),
      AT_MOST,
    );
    log(
      `  answers: tabled ${bytes.tabled} bytes, plain ${bytes.plain} bytes; CPU per byte ${fmtRatioEstimate(viewPerByte)}`,
    );
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
    const sideFigures = (runs: Record<string, Sample[]>) =>
      Object.values(runs)
        .map((ss) => fmtMs(medianOf(ss.map((s) => s.cpuMs))))
        .join(' / ');
    const p50Figures = (p50s: readonly { a: number; b: number }[]) =>
      `${fmtMs(medianOf(p50s.map((p) => p.a)))} / ${fmtMs(medianOf(p50s.map((p) => p.b)))}`;
    const kib = (v: number) => `${v.toFixed(1)} KiB`;
    const markdown = [
      table(
        [
          'paired runs',
          'service CPU ms/op (median run)',
          'ratio',
          'latency p50 ms (median interleaved run)',
          'ratio',
        ],
        comparisons.map(([label, c]) => [
          label,
          sideFigures(c.runs),
          fmtRatioEstimate(c.cpu),
          p50Figures(c.interleavedP50Ms),
          fmtRatioEstimate(c.latency),
        ]),
      ),
      '',
      `The view twins’ answers: ${bytes.tabled} bytes tabled, ${bytes.plain} plain (${(bytes.tabled / bytes.plain).toFixed(2)}×); ` +
        `service CPU per returned byte, tabled / plain, from the same paired runs: ${fmtRatioEstimate(viewPerByte)}.`,
      '',
      table(
        ['a fresh service process, after a full GC', 'per cached 120-card game with table state'],
        [
          [
            `V8 heap used growth ÷ games, ${heap.n} batches of ${MEMORY_GAMES}`,
            `${kib(heap.mean)} (95% ${kib(heap.ci95[0])}–${kib(heap.ci95[1])}${heap.stable ? '' : ', not stable'})`,
          ],
          [
            'RSS growth ÷ games, same batches (reported, not judged)',
            `${kib(rss.mean)} (95% ${kib(rss.ci95[0])}–${kib(rss.ci95[1])})`,
          ],
        ],
      ),
      '',
      `Each run: one client, ${RUN_SECONDS} s after ${WARMUP_SECONDS} s of warm-up. Service CPU: ${PAIRS} pairs of runs ` +
        `of one side each per comparison, alternating which side goes first. Latency: ${LATENCY_PAIRS} runs per comparison ` +
        `that interleave the two sides operation by operation (A B, B A, …); each run is one pair of p50s. The view twins were checked as seat 0 sees them: ` +
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
        ratioTarget(
          'a 150-object view, every object tapped with two counter kinds: service CPU per returned byte ≤ 1.1× the view with none',
          viewPerByte,
        ),
        stableTarget(
          'a cached 120-card game with table state ≤ 64 KiB (V8 heap it keeps)',
          heap,
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
        latencyPairs: LATENCY_PAIRS,
        tapOverMove: {
          cpu: estimateJson(tapVsMove.cpu),
          latencyP50: estimateJson(tapVsMove.latency),
          runs: tapVsMove.runs,
          interleavedP50Ms: tapVsMove.interleavedP50Ms,
        },
        counterChangeOverMove: {
          cpu: estimateJson(counterVsMove.cpu),
          latencyP50: estimateJson(counterVsMove.latency),
          runs: counterVsMove.runs,
          interleavedP50Ms: counterVsMove.interleavedP50Ms,
        },
        tabledViewOverPlainView: {
          objects: twins.shapes.tabled.objects,
          tappedWithTwoCounterKinds: twins.shapes.tabled.tappedWithTwoKinds,
          cpu: estimateJson(viewVsPlain.cpu),
          answerBytes: bytes,
          cpuPerByte: estimateJson(viewPerByte),
          latencyP50: estimateJson(viewVsPlain.latency),
          runs: viewVsPlain.runs,
          interleavedP50Ms: viewVsPlain.interleavedP50Ms,
        },
        cachedGameWithTableStateKiB: { ...figureJson(heap), gamesPerRun: MEMORY_GAMES },
        cachedGameWithTableStateRssKiB: { mean: rss.mean, ci95: rss.ci95, runs: rss.n },
      },
    };
  } finally {
    api.close();
    await service.stop();
  }
}
