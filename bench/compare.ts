/**
 * Before and after (`BENCH_CASES=compare`, run only when named): this checkout's service against
 * another build of it, side by side, on B1's move, B2's view and B4's shuffle of a 60-card library.
 *
 * Two whole bench runs, one per checkout, compare two moments of the machine: on a shared 2-core VM
 * the drift between them is as large as the differences worth finding. Here both services run at
 * once (`WORKERS=1` each, each on a fresh database of the run's PostgreSQL: one server, so its WAL,
 * buffers and background work are the same for both, and no earlier case's rows), and one client
 * alternates short blocks between them: a block of moves on one, then on the other, then views and
 * shuffles on each, the order flipping every pair. Both sides of a pair see the same moment of the machine;
 * per block the service's CPU per operation (its process's CPU over the block) and the latency p50;
 * each ratio after ÷ before is judged by the one noise method (bench/lib/stats.ts).
 *
 * Three comparisons share this code: `compare` (issue 39's move and view, within 1.1×, and the
 * shuffle), `compare-refactor` (the same move and view bounds, after = the refactor's own end) and
 * `compare-fair` (issue 38's cost: the shuffle within 1.2× and the V8 heap a dealt game keeps
 * cached within 1.1×, each measured in batches alternating between the two services, so each pair
 * of batches sees the same moment of the machine; bench/lib/cached-heap.ts).
 *
 * `BENCH_COMPARE_OPS` (a comma list, e.g. `move`) narrows the timed pairs to those operations.
 *
 * `BENCH_COMPARE_ENTRY` names the other build's entry: a checkout of the earlier commit with its own
 * `node_modules`, built with `node scripts/build.mjs`, gives `<checkout>/dist/main.js`.
 * `BENCH_COMPARE_AFTER_ENTRY` puts another build on the after side too; `compare-refactor` needs
 * it: issue 39's refactor at its own end.
 */
import { BENCH_GAME_VIEW, BENCH_MOVE } from '../test/support/documents.js';
import { SHUFFLE } from './b4-shuffle.js';
import { heapProbe, type BatchGrowth, type HeapProbe } from './lib/cached-heap.js';
import { openSiblingDatabase, type BenchDatabase } from './lib/database.js';
import { ApiMover, createBenchGame } from './lib/fixtures.js';
import { graphqlClient, type GraphqlClient } from './lib/graphql.js';
import { loadAverage } from './lib/machine.js';
import { estimateJson } from './lib/paired.js';
import { ratioTarget, table, type BenchLog, type CaseDeps, type CaseReport } from './lib/report.js';
import { startService, type ServiceProcess } from './lib/service.js';
import { fmtMs, fmtRatioEstimate, Latencies, pairedRatio, type RatioEstimate } from './lib/stats.js';

/** Pairs of blocks per operation, and each block's length. */
const PAIRS = 20;
const BLOCK_SECONDS = 1.5;
/** One uncounted block of each operation on each side first: a fresh process compiles its paths. */
const WARMUP_SECONDS = 3;
const OPERATIONS = ['move', 'view', 'shuffle'] as const;
const LABELS: Record<Operation, string> = { move: 'B1 move', view: 'B2 view', shuffle: 'B4 shuffle' };
type Operation = (typeof OPERATIONS)[number];

/** Pairs of cached-game batches, and games per batch. */
const HEAP_PAIRS = 8;
const HEAP_GAMES = 100;

/** What one side-by-side comparison measures, and each figure's bound (after ÷ before, at most). */
export interface CompareSpec {
  /** The case's name, which prefixes its targets. */
  readonly name: 'compare' | 'compare-fair' | 'compare-refactor';
  readonly title: string;
  readonly operations: readonly Operation[];
  readonly atMost: Readonly<Record<Operation, number>>;
  /** The V8 heap a dealt game keeps cached, and its bound; null: not measured. */
  readonly cachedGameAtMost: number | null;
}

/**
 * Issue 39's compare: a move and a view within 1.1× (the bench's usual bound: the noise method's
 * interval), the shuffle within issue 38's 1.2×.
 */
export const COMPARE: CompareSpec = {
  name: 'compare',
  title: 'Before and after: B1’s move, B2’s view and B4’s shuffle, side by side',
  operations: OPERATIONS,
  atMost: { move: 1.1, view: 1.1, shuffle: 1.2 },
  cachedGameAtMost: null,
};

/**
 * Issue 39's refactor alone: the same move and view bounds, with the after side a build of the
 * refactor's own end (`BENCH_COMPARE_AFTER_ENTRY`) rather than this checkout, which also carries
 * the features other issues added since (clocks, rewinds, the notice after the commit).
 */
export const COMPARE_REFACTOR: CompareSpec = {
  name: 'compare-refactor',
  title: 'Before and after issue 39’s refactor alone: B1’s move and B2’s view, side by side',
  operations: ['move', 'view'],
  atMost: { move: 1.1, view: 1.1, shuffle: 1.2 },
  cachedGameAtMost: null,
};

/** Issue 38's cost: a shuffle within 1.2× of before, a cached game's memory within 1.1×. */
export const COMPARE_FAIR: CompareSpec = {
  name: 'compare-fair',
  title: 'Before and after fairness (issue 38): B4’s shuffle and a dealt game’s cached memory',
  operations: ['shuffle'],
  atMost: { move: 1.1, view: 1.1, shuffle: 1.2 },
  cachedGameAtMost: 1.1,
};

interface Side {
  readonly name: 'before' | 'after';
  readonly service: ServiceProcess;
  readonly api: GraphqlClient;
  readonly ops: Record<Operation, () => Promise<unknown>>;
}

/** One block's figures: the service's CPU per operation and the latency p50 (ms), and its operations. */
interface BlockSample {
  readonly cpuMs: number;
  readonly p50Ms: number;
  readonly ops: number;
}

/** One block of `op` by one client. */
async function block(side: Side, op: Operation, seconds: number): Promise<BlockSample> {
  const latencies = new Latencies();
  const cpu0 = await side.service.cpuMs();
  const until = performance.now() + seconds * 1000;
  let n = 0;
  while (performance.now() < until) {
    const t0 = performance.now();
    await side.ops[op]();
    latencies.add(performance.now() - t0);
    n++;
  }
  return { cpuMs: ((await side.service.cpuMs()) - cpu0) / n, p50Ms: latencies.summary().p50, ops: n };
}

async function side(name: Side['name'], service: ServiceProcess, objects: number): Promise<Side> {
  const api = graphqlClient(service.url);
  const game = await createBenchGame(api, objects, { layout: true });
  const seat = game.seats[0];
  if (!seat) throw new Error('no seat');
  const mover = new ApiMover(api, game, seat);
  // B4's game: two seats of 60 cards, every card in its library.
  const deck = await createBenchGame(api, 120, { layout: false, seatEntropy: true });
  const shuffler = deck.seats[0];
  if (!shuffler) throw new Error('no seat');
  return {
    name,
    service,
    api,
    ops: {
      move: () => mover.move(),
      view: () => api.request(BENCH_GAME_VIEW, { id: game.id }, seat.token),
      shuffle: () =>
        api.request(SHUFFLE, { input: { gameId: deck.id, zoneId: shuffler.libraryId } }, shuffler.token),
    },
  };
}

/**
 * A game as a table deals it: two seats of 60 cards, each seat's entropy, each library shuffled by
 * its seat and seven cards drawn into its hand (the referee deals).
 */
async function dealtGame(api: GraphqlClient): Promise<void> {
  const game = await createBenchGame(api, 120, { layout: false, seatEntropy: true });
  for (const seat of game.seats) {
    await api.request(SHUFFLE, { input: { gameId: game.id, zoneId: seat.libraryId } }, seat.token);
    const hand = game.zones.find((z) => z.type === 'hand' && z.ownerId === seat.playerId);
    if (!hand) throw new Error('no hand');
    await api.request(
      BENCH_MOVE,
      {
        input: {
          gameId: game.id,
          select: { zoneId: seat.libraryId, from: 'TOP', count: 7 },
          to: { zoneId: hand.id },
        },
      },
      game.refereeToken,
    );
  }
}

interface Estimate {
  readonly label: string;
  readonly unit: 'ms' | 'KiB';
  readonly before: number;
  readonly after: number;
  readonly estimate: RatioEstimate;
  readonly atMost: number;
  readonly count: { readonly before: number; readonly after: number };
}

const mean = (xs: readonly number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;

/** The operations' paired blocks on two running services: CPU and latency p50, after ÷ before. */
async function timedPairs(spec: CompareSpec, sides: readonly Side[], log: BenchLog): Promise<Estimate[]> {
  // BENCH_COMPARE_OPS (e.g. `move`): only these of the spec's operations, for a narrower look.
  const only = (process.env['BENCH_COMPARE_OPS'] ?? '').split(',').filter(Boolean);
  const ops = only.length > 0 ? spec.operations.filter((op) => only.includes(op)) : spec.operations;
  for (const op of ops) for (const s of sides) await block(s, op, WARMUP_SECONDS);
  const samples = new Map(ops.map((op) => [op, { before: [] as BlockSample[], after: [] as BlockSample[] }]));
  for (let pair = 0; pair < PAIRS; pair++) {
    const order = pair % 2 === 0 ? sides : [...sides].reverse();
    for (const op of ops)
      for (const s of order) samples.get(op)![s.name].push(await block(s, op, BLOCK_SECONDS));
  }
  return ops.flatMap((op) =>
    (['cpuMs', 'p50Ms'] as const).map((figure) => {
      const of = (name: Side['name']) => samples.get(op)![name].map((x) => x[figure]);
      const label = `${LABELS[op]}: ${figure === 'cpuMs' ? 'service CPU' : 'latency p50'}`;
      const atMost = spec.atMost[op];
      const estimate = pairedRatio(of('after'), of('before'), { atMost });
      log(
        `  ${label}: before ${fmtMs(mean(of('before')))} ms, after ${fmtMs(mean(of('after')))} ms, after ÷ before ${fmtRatioEstimate(estimate)}`,
      );
      const count = (name: Side['name']) => samples.get(op)![name].reduce((sum, x) => sum + x.ops, 0);
      const [before, after] = [mean(of('before')), mean(of('after'))];
      return {
        label,
        unit: 'ms',
        before,
        after,
        estimate,
        atMost,
        count: { before: count('before'), after: count('after') },
      };
    }),
  );
}

/** The V8 heap a dealt game keeps cached: batches alternating between two fresh services. */
async function cachedGamePairs(
  atMost: number,
  urls: { readonly before: string; readonly after: string },
  entry: string,
  log: BenchLog,
): Promise<Estimate> {
  const probes: HeapProbe[] = [];
  const open = (databaseUrl: string, other?: string) =>
    heapProbe({
      databaseUrl,
      makeGame: dealtGame,
      cacheGames: (HEAP_PAIRS + 2) * HEAP_GAMES,
      warmupGames: HEAP_GAMES,
      ...(other ? { entry: other } : {}),
    }).then((p) => (probes.push(p), p));
  try {
    const before = await open(urls.before, entry);
    const after = await open(urls.after);
    const growth: Record<Side['name'], BatchGrowth[]> = { before: [], after: [] };
    for (let pair = 0; pair < HEAP_PAIRS; pair++) {
      const order = pair % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      for (const name of order)
        growth[name].push(await (name === 'before' ? before : after).batch(HEAP_GAMES));
      log(
        `  cached game, pair ${pair + 1}: before ${growth.before.at(-1)!.heapKiB.toFixed(2)} KiB, after ${growth.after.at(-1)!.heapKiB.toFixed(2)} KiB`,
      );
    }
    const heap = (name: Side['name']) => growth[name].map((g) => g.heapKiB);
    const estimate = pairedRatio(heap('after'), heap('before'), { atMost });
    return {
      label: 'a dealt game cached: V8 heap it keeps',
      unit: 'KiB',
      before: mean(heap('before')),
      after: mean(heap('after')),
      estimate,
      atMost,
      count: { before: HEAP_PAIRS * HEAP_GAMES, after: HEAP_PAIRS * HEAP_GAMES },
    };
  } finally {
    for (const p of probes) await p.close();
  }
}

/**
 * Each side's database: a fresh one of its own (each build migrates it: their migrations differ) on
 * the server of the run's database `runUrl`. One server for both, so a pair of blocks sees one
 * moment of its WAL, buffers, checkpoints and background work (two servers wait for their own WAL
 * flushes, whose cost a pair does not cancel: a shuffle's commit waits for about 40 KB of WAL); and
 * neither side's tables hold the rows the run's earlier cases left in its own database.
 */
export async function sideDatabases(
  runUrl: string,
): Promise<{ readonly before: BenchDatabase; readonly after: BenchDatabase }> {
  const before = await openSiblingDatabase(runUrl);
  const after = await openSiblingDatabase(runUrl).catch(async (err: unknown) => {
    await before.release();
    throw err;
  });
  return { before, after };
}

/** Both builds at once, each on a fresh database of the run's PostgreSQL (`WORKERS=1` each). */
export async function runSideBySide(deps: CaseDeps, spec: CompareSpec): Promise<CaseReport> {
  const { config, log } = deps;
  const entry = process.env['BENCH_COMPARE_ENTRY'];
  if (!entry) throw new Error('BENCH_COMPARE_ENTRY is unset: name the earlier build’s dist/main.js');
  const afterEntry = process.env['BENCH_COMPARE_AFTER_ENTRY'] || undefined;
  if (spec.name === 'compare-refactor' && !afterEntry)
    throw new Error('BENCH_COMPARE_AFTER_ENTRY is unset: name the refactor’s own build’s dist/main.js');
  const loadAtStart = loadAverage();
  log(`compare: before = ${entry}, after = ${afterEntry ?? 'this checkout'}; load average ${loadAtStart}`);
  const env = { WORKERS: '1', WORK_LIMIT_PER_PRINCIPAL: '64', WORK_LIMIT_PER_CLIENT: '64' };
  const { before: beforeDb, after: afterDb } = await sideDatabases(deps.databaseUrl);
  const afterUrl = afterDb.url;
  const services: ServiceProcess[] = [];
  const sides: Side[] = [];
  const estimates: Estimate[] = [];
  try {
    const before = await startService(beforeDb.url, env, { entry });
    services.push(before);
    const after = await startService(afterUrl, env, afterEntry ? { entry: afterEntry } : {});
    services.push(after);
    sides.push(await side('before', before, config.gameObjects));
    sides.push(await side('after', after, config.gameObjects));
    estimates.push(...(await timedPairs(spec, sides, log)));
    for (const s of sides) s.api.close();
    for (const s of services.splice(0)) await s.stop();
    if (spec.cachedGameAtMost !== null)
      estimates.push(
        await cachedGamePairs(spec.cachedGameAtMost, { before: beforeDb.url, after: afterUrl }, entry, log),
      );
  } finally {
    for (const s of sides) s.api.close();
    for (const s of services) await s.stop();
    await beforeDb.release();
    await afterDb.release();
  }
  return report(spec, estimates, { before: entry, after: afterEntry ?? null }, loadAtStart);
}

function report(
  spec: CompareSpec,
  estimates: readonly Estimate[],
  builds: { readonly before: string; readonly after: string | null },
  loadAtStart: number,
): CaseReport {
  const fmt = (e: Estimate, v: number) => (e.unit === 'ms' ? `${fmtMs(v)} ms` : `${v.toFixed(2)} KiB`);
  const markdown = [
    `Before: \`${builds.before}\`; after: ${builds.after ? `\`${builds.after}\`` : 'this checkout'}. ${PAIRS} pairs of ${BLOCK_SECONDS} s blocks per operation, ` +
      `after one uncounted ${WARMUP_SECONDS} s block of each` +
      (spec.cachedGameAtMost === null
        ? ''
        : `; the cached game: ${HEAP_PAIRS} pairs of ${HEAP_GAMES}-game batches on two fresh services, after a full GC each`) +
      `; load average at the start ${loadAtStart}.`,
    '',
    table(
      ['figure', 'before', 'after', 'after ÷ before', 'bound'],
      estimates.map((e) => [
        e.label,
        fmt(e, e.before),
        fmt(e, e.after),
        fmtRatioEstimate(e.estimate),
        `≤ ${e.atMost}×`,
      ]),
    ),
  ].join('\n');
  return {
    title: spec.title,
    markdown,
    targets: estimates.map((e) =>
      ratioTarget(`${spec.name}: ${e.label} after ≤ ${e.atMost}× before`, e.estimate),
    ),
    results: {
      before: builds.before,
      after: builds.after ?? 'this checkout',
      loadAtStart,
      figures: estimates.map((e) => ({
        figure: e.label,
        unit: e.unit,
        before: e.before,
        after: e.after,
        atMost: e.atMost,
        operations: e.count,
        ...estimateJson(e.estimate),
      })),
    },
  };
}

export const runCompare = (deps: CaseDeps) => runSideBySide(deps, COMPARE);
export const runCompareFair = (deps: CaseDeps) => runSideBySide(deps, COMPARE_FAIR);
export const runCompareRefactor = (deps: CaseDeps) => runSideBySide(deps, COMPARE_REFACTOR);
