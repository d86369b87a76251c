/**
 * Before and after (`BENCH_CASES=compare`, run only when named): this checkout's service against
 * another build of it, side by side, on B1's move, B2's view and B4's shuffle of a 60-card library.
 *
 * Two whole bench runs, one per checkout, compare two moments of the machine: on a shared 2-core VM
 * the drift between them is as large as the differences worth finding. Here both services run at
 * once (`WORKERS=1` each, each on its own database of the same PostgreSQL), and one client
 * alternates short blocks between them: a block of moves on one, then on the other, then views and
 * shuffles on each, the order flipping every pair. Both sides of a pair see the same moment of the machine;
 * per block the service's CPU per operation (its process's CPU over the block) and the latency p50;
 * each ratio after ÷ before is judged by the one noise method (bench/lib/stats.ts).
 *
 * `BENCH_COMPARE_ENTRY` names the other build's entry: a checkout of the earlier commit with its own
 * `node_modules`, built with `node scripts/build.mjs`, gives `<checkout>/dist/main.js`.
 */
import { BENCH_GAME_VIEW } from '../test/support/documents.js';
import { openBenchDatabase } from './lib/database.js';
import { ApiMover, createBenchGame } from './lib/fixtures.js';
import { graphqlClient, type GraphqlClient } from './lib/graphql.js';
import { loadAverage } from './lib/machine.js';
import { estimateJson } from './lib/paired.js';
import { ratioTarget, table, type CaseDeps, type CaseReport } from './lib/report.js';
import { startService, type ServiceProcess } from './lib/service.js';
import { fmtMs, fmtRatioEstimate, Latencies, pairedRatio } from './lib/stats.js';

/** Pairs of blocks per operation, and each block's length. */
const PAIRS = 20;
const BLOCK_SECONDS = 1.5;
/** One uncounted block of each operation on each side first: a fresh process compiles its paths. */
const WARMUP_SECONDS = 3;
/** After within 1.1× of before: the noise method's interval, the bench's usual bound. */
const AT_MOST = { atMost: 1.1 } as const;
const OPERATIONS = ['move', 'view', 'shuffle'] as const;
const LABELS: Record<Operation, string> = { move: 'B1 move', view: 'B2 view', shuffle: 'B4 shuffle' };
const SHUFFLE = `mutation BenchShuffle($input: ShuffleZoneInput!) { shuffleZone(input: $input) { version } }`;
type Operation = (typeof OPERATIONS)[number];

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

export async function runCompare(deps: CaseDeps): Promise<CaseReport> {
  const { config, log } = deps;
  const entry = process.env['BENCH_COMPARE_ENTRY'];
  if (!entry) throw new Error('BENCH_COMPARE_ENTRY is unset: name the earlier build’s dist/main.js');
  const loadAtStart = loadAverage();
  log(`compare: before = ${entry}, after = this checkout; load average ${loadAtStart}`);
  const env = { WORKERS: '1', WORK_LIMIT_PER_PRINCIPAL: '64' };
  // The earlier build migrates a database of its own: its migrations may be fewer than ours.
  const beforeDb = await openBenchDatabase();
  const services: ServiceProcess[] = [];
  const sides: Side[] = [];
  try {
    const before = await startService(beforeDb.url, env, { entry });
    services.push(before);
    const after = await startService(deps.databaseUrl, env);
    services.push(after);
    sides.push(await side('before', before, config.gameObjects));
    sides.push(await side('after', after, config.gameObjects));
    for (const op of OPERATIONS) for (const s of sides) await block(s, op, WARMUP_SECONDS);
    const samples: Record<Operation, Record<Side['name'], BlockSample[]>> = {
      move: { before: [], after: [] },
      view: { before: [], after: [] },
      shuffle: { before: [], after: [] },
    };
    for (let pair = 0; pair < PAIRS; pair++) {
      const order = pair % 2 === 0 ? sides : [...sides].reverse();
      for (const op of OPERATIONS)
        for (const s of order) samples[op][s.name].push(await block(s, op, BLOCK_SECONDS));
    }
    const estimates = OPERATIONS.flatMap((op) =>
      (['cpuMs', 'p50Ms'] as const).map((figure) => {
        const of = (name: Side['name']) => samples[op][name].map((x) => x[figure]);
        const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
        const label = `${LABELS[op]}: ${figure === 'cpuMs' ? 'service CPU' : 'latency p50'}`;
        const estimate = pairedRatio(of('after'), of('before'), AT_MOST);
        log(
          `  ${label}: before ${fmtMs(mean(of('before')))} ms, after ${fmtMs(mean(of('after')))} ms, after ÷ before ${fmtRatioEstimate(estimate)}`,
        );
        const ops = (name: Side['name']) => samples[op][name].reduce((sum, x) => sum + x.ops, 0);
        return {
          label,
          before: mean(of('before')),
          after: mean(of('after')),
          estimate,
          ops: { before: ops('before'), after: ops('after') },
        };
      }),
    );
    const markdown = [
      `Before: \`${entry}\`; after: this checkout. ${PAIRS} pairs of ${BLOCK_SECONDS} s blocks per operation, ` +
        `after one uncounted ${WARMUP_SECONDS} s block of each; load average at the start ${loadAtStart}.`,
      '',
      table(
        ['figure', 'before ms', 'after ms', 'after ÷ before'],
        estimates.map((e) => [e.label, fmtMs(e.before), fmtMs(e.after), fmtRatioEstimate(e.estimate)]),
      ),
    ].join('\n');
    return {
      title: 'Before and after: B1’s move, B2’s view and B4’s shuffle, side by side',
      markdown,
      targets: estimates.map((e) => ratioTarget(`compare: ${e.label} after ≤ 1.1× before`, e.estimate)),
      results: {
        before: entry,
        loadAtStart,
        figures: estimates.map((e) => ({
          figure: e.label,
          beforeMs: e.before,
          afterMs: e.after,
          operations: e.ops,
          ...estimateJson(e.estimate),
        })),
      },
    };
  } finally {
    for (const s of sides) s.api.close();
    for (const s of services) await s.stop();
    await beforeDb.release();
  }
}
