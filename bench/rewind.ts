/**
 * A judge's rewind of a long game (`BENCH_CASES=rewind`, issue 41): two twin games aged through the
 * API to BENCH_REWIND_EVENTS events (aging's "rotation": seat 0 draws its library into its
 * graveyard one card at a time, then puts the graveyard back), on one fresh service (`WORKERS=1`).
 *
 * - The rewind: the referee rewinds one twin to the middle of its log (`rewindGame`, EXACT), five
 *   times, one at a time, after one uncounted rewind of a short third game: each rewind's latency and
 *   the service's CPU over it.
 * - A move after it: paired blocks of moves alternating between the rewound twin and the other one,
 *   the order flipping every pair; per block the service's CPU per move. The latency pairs are
 *   interleaved move by move (rewound, twin, rewound, ...): the machine's drift over a block (other
 *   processes, autovacuum) then lands on both games alike, where a block each swung a pair's p50
 *   ratio by a quarter. A rewind that left the game slower to move (a state rebuilt from the log on
 *   every move, a longer event chain to follow) shows as a ratio above 1.
 */
import { performance } from 'node:perf_hooks';
import { Ager } from './aging.js';
import { graphqlClient } from './lib/graphql.js';
import { loadAverage } from './lib/machine.js';
import { figureTarget, ratioTarget, table, type CaseDeps, type CaseReport } from './lib/report.js';
import { startService, type ServiceProcess } from './lib/service.js';
import { fmtMs, fmtRatioEstimate, Latencies, pairedRatio, summarize } from './lib/stats.js';
import { estimateJson } from './lib/paired.js';

const REWIND = /* GraphQL */ `
  mutation BenchRewind($input: RewindGameInput!) {
    rewindGame(input: $input) {
      version
    }
  }
`;

/** Rewinds timed, and the service-time bound each must stay within (issue 41, done-when 6). */
const REWINDS = 5;
const REWIND_MS = 100;
/**
 * Pairs of move blocks, moves per block, and the bound on the rewound twin's moves. The service's
 * CPU is read from /proc in 10 ms ticks: a block of 200 moves (some 200 ms of CPU) keeps one tick
 * within a few percent of it, where 40 moves let the ticks alone swing a ratio by a quarter.
 */
const PAIRS = 24;
const BLOCK_MOVES = 200;
const AT_MOST = { atMost: 1.1 } as const;

/** `BLOCK_MOVES` moves on each game, one on each in turn, which goes first alternating step by step. */
async function interleaved(a: Ager, b: Ager, aFirst: boolean): Promise<{ a: number; b: number }> {
  const la = new Latencies();
  const lb = new Latencies();
  const timed = async (ager: Ager, into: Latencies) => {
    const t0 = performance.now();
    await ager.move();
    into.add(performance.now() - t0);
  };
  for (let i = 0; i < BLOCK_MOVES; i++) {
    const first = (i % 2 === 0) === aFirst;
    await (first ? timed(a, la) : timed(b, lb));
    await (first ? timed(b, lb) : timed(a, la));
  }
  return { a: la.summary().p50, b: lb.summary().p50 };
}

/** The service's CPU per move over one block of moves on one game (ms). */
async function block(service: ServiceProcess, ager: Ager): Promise<number> {
  const cpu0 = await service.cpuMs();
  for (let i = 0; i < BLOCK_MOVES; i++) await ager.move();
  return ((await service.cpuMs()) - cpu0) / BLOCK_MOVES;
}

export async function runRewind(deps: CaseDeps): Promise<CaseReport> {
  const { log } = deps;
  const events = Number(process.env['BENCH_REWIND_EVENTS'] ?? 10_000);
  const loadAtStart = loadAverage();
  log(`rewind: two games aged to ${events} events, fresh service (WORKERS=1); load average ${loadAtStart}`);
  const service = await startService(deps.databaseUrl, {
    WORKERS: '1',
    WORK_LIMIT_PER_PRINCIPAL: '64',
    WORK_LIMIT_PER_CLIENT: '64',
  });
  const api = graphqlClient(service.url);
  try {
    const rewound = await Ager.create(api, 'rotation');
    const twin = await Ager.create(api, 'rotation');
    await Promise.all([rewound.ageTo(events), twin.ageTo(events)]);
    const rewind = (ager: Ager, toSeq: number, reason: string) =>
      api.request(
        REWIND,
        { input: { gameId: ager.game.id, toSeq, mode: 'EXACT', reason } },
        ager.game.refereeToken,
      );
    // One uncounted rewind of a short third game first: a fresh process compiles the path.
    const warm = await Ager.create(api, 'rotation');
    await warm.ageTo(warm.lastSeq + 20);
    await rewind(warm, warm.lastSeq - 10, 'bench warm-up');
    const middle = Math.floor(rewound.lastSeq / 2);
    const rewinds: { ms: number; cpuMs: number }[] = [];
    for (let i = 0; i < REWINDS; i++) {
      const cpu0 = await service.cpuMs();
      const t0 = performance.now();
      await rewind(rewound, middle, `bench rewind ${i + 1}`);
      rewinds.push({ ms: performance.now() - t0, cpuMs: (await service.cpuMs()) - cpu0 });
    }
    await rewound.resync();
    const latency = summarize(rewinds.map((r) => r.ms));
    const cpu = summarize(rewinds.map((r) => r.cpuMs));
    log(
      `  rewind to seq ${middle}: latency p50 ${fmtMs(latency.p50)} ms, max ${fmtMs(latency.max)} ms; CPU p50 ${fmtMs(cpu.p50)} ms`,
    );
    // One uncounted block on each first: the rewound game's state is loaded again after the rewind.
    await block(service, rewound);
    await block(service, twin);
    const samples = { rewound: [] as number[], twin: [] as number[] };
    for (let pair = 0; pair < PAIRS; pair++) {
      const order = pair % 2 === 0 ? (['rewound', 'twin'] as const) : (['twin', 'rewound'] as const);
      for (const name of order) samples[name].push(await block(service, name === 'rewound' ? rewound : twin));
    }
    const latencyPairs = { rewound: [] as number[], twin: [] as number[] };
    for (let pair = 0; pair < PAIRS; pair++) {
      const p = await interleaved(rewound, twin, pair % 2 === 0);
      latencyPairs.rewound.push(p.a);
      latencyPairs.twin.push(p.b);
    }
    const cpuRatio = pairedRatio(samples.rewound, samples.twin, AT_MOST);
    const p50Ratio = pairedRatio(latencyPairs.rewound, latencyPairs.twin, AT_MOST);
    log(
      `  a move after the rewind ÷ on the twin: CPU ${fmtRatioEstimate(cpuRatio)}, p50 ${fmtRatioEstimate(p50Ratio)}`,
    );
    const markdown = [
      `Two games aged to ${events} events each; the referee rewinds one to seq ${middle} (EXACT) ${REWINDS} times, ` +
        `one at a time; then ${PAIRS} pairs of ${BLOCK_MOVES}-move blocks alternate between it and its twin ` +
        `(service CPU), and ${PAIRS} blocks of ${BLOCK_MOVES} moves on each, interleaved move by move (latency p50). ` +
        `Load average at the start ${loadAtStart}.`,
      '',
      table(
        ['figure', 'p50', 'max'],
        [
          ['a rewind to the middle: latency (ms)', fmtMs(latency.p50), fmtMs(latency.max)],
          ['a rewind to the middle: service CPU (ms)', fmtMs(cpu.p50), fmtMs(cpu.max)],
        ],
      ),
      '',
      table(
        ['a move after the rewind ÷ a move on the twin', 'ratio'],
        [
          ['service CPU per move', fmtRatioEstimate(cpuRatio)],
          ['latency p50', fmtRatioEstimate(p50Ratio)],
        ],
      ),
    ].join('\n');
    return {
      title: 'A judge’s rewind of a long game, and a move after it',
      markdown,
      targets: [
        figureTarget(
          `a rewind of a ${events}-event game to its middle ≤ ${REWIND_MS} ms (slowest of ${REWINDS})`,
          latency.max,
          { atMost: REWIND_MS },
          (v) => `${fmtMs(v)} ms`,
          ' ms',
        ),
        ratioTarget('a move after the rewind ≤ 1.1× one on its twin: service CPU', cpuRatio),
        ratioTarget('a move after the rewind ≤ 1.1× one on its twin: latency p50', p50Ratio),
      ],
      results: {
        loadAtStart,
        events,
        toSeq: middle,
        rewindMs: latency,
        rewindCpuMs: cpu,
        moveCpuAfterOverTwin: estimateJson(cpuRatio),
        moveP50AfterOverTwin: estimateJson(p50Ratio),
      },
    };
  } finally {
    api.close();
    await service.stop();
  }
}
