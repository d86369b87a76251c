/**
 * Memory per idle subscription: a fresh service process, N graphql-ws connections each holding one
 * `gameEvents` subscription, and the server's resident memory (and V8 heap, when `/metrics` has it)
 * before and after, divided by N.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiMover, createBenchGames, type BenchGame } from './lib/fixtures.js';
import { graphqlClient } from './lib/graphql.js';
import { table, type CaseDeps, type CaseReport } from './lib/report.js';
import { inspector } from './profile.js';
import { startService } from './lib/service.js';
import { graphqlWsSubscriber, openSubscribers, type Subscriber } from './lib/subscriber.js';

const GAMES = 10;
const MiB = 2 ** 20;

/**
 * Median of three samples a second apart, each after a full garbage collection (through the
 * inspector): what the process keeps, not the garbage it has not collected yet, which moves RSS by
 * a few MiB from one reading to the next.
 */
async function settledMemory(read: () => Promise<{ rssBytes: number; heapUsedBytes: number | null }>) {
  const samples: { rssBytes: number; heapUsedBytes: number | null }[] = [];
  for (let i = 0; i < 3; i++) {
    if (i) await sleep(1_000);
    samples.push(await read());
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const heaps = samples.map((s) => s.heapUsedBytes).filter((h): h is number => h !== null);
  return { rss: median(samples.map((s) => s.rssBytes)), heap: heaps.length ? median(heaps) : null };
}

/**
 * The `i`th idle subscriber of the memory cases: games in turn, and in each a seat or its
 * spectator credential in turn.
 */
export function idleSubscriber(
  wsUrl: string,
  games: readonly BenchGame[],
  on: { onReceipt: () => void; onProblem: (message: string) => void },
): (i: number) => Subscriber {
  return (i) => {
    const game = games[i % games.length];
    if (!game) throw new Error('no game');
    const seat = game.seats[i % 3];
    return graphqlWsSubscriber({
      url: wsUrl,
      gameId: game.id,
      token: seat ? seat.token : game.spectatorToken,
      onReceipt: on.onReceipt,
      onProblem: on.onProblem,
    });
  };
}

export async function runMemory(deps: CaseDeps): Promise<CaseReport> {
  const { config, log } = deps;
  const n = config.idleSubscriptions;
  log(`memory: fresh service, ${n} idle subscriptions over ${GAMES} games`);
  // One server process (WORKERS=1): the figures are per process, what the targets bound.
  const service = await startService(deps.databaseUrl, { WORKERS: '1' }, { inspect: true });
  if (!service.inspectorUrl) throw new Error('no inspector URL');
  const ins = await inspector(service.inspectorUrl);
  const collected = async () => {
    await ins.send('HeapProfiler.collectGarbage');
    return service.memory();
  };
  const api = graphqlClient(service.url);
  let subs: Subscriber[] = [];
  const problems: string[] = [];
  let received = 0;
  try {
    const games = await createBenchGames(api, GAMES, 60, { layout: false });
    const open = idleSubscriber(service.wsUrl, games, {
      onReceipt: () => received++,
      onProblem: (m) => problems.length < 10 && problems.push(m),
    });
    // Warm-up: every code path a subscription touches runs once before the first sample.
    const warm = await openSubscribers(GAMES * 3, open);
    for (const g of games) {
      const seat = g.seats[0];
      if (seat) await new ApiMover(api, g, seat).move();
    }
    await sleep(1_000);
    for (const s of warm) s.close();
    await sleep(2_000);
    const before = await settledMemory(collected);

    subs = await openSubscribers(n, open);
    // One event per game proves every subscription is registered in the hub, then they idle.
    received = 0;
    for (const g of games) {
      const seat = g.seats[0];
      if (seat) await new ApiMover(api, g, seat).move();
    }
    const end = Date.now() + 15_000;
    while (received < n && Date.now() < end) await sleep(50);
    await sleep(2_000);
    const after = await settledMemory(collected);
    const source = (await service.memory()).source;

    const rssPer = (after.rss - before.rss) / n;
    const heapPer = after.heap !== null && before.heap !== null ? (after.heap - before.heap) / n : null;
    const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
    const rows = [
      [
        'resident set (RSS)',
        `${(before.rss / MiB).toFixed(1)} MiB`,
        `${(after.rss / MiB).toFixed(1)} MiB`,
        kib(rssPer),
      ],
      ...(heapPer !== null && after.heap !== null && before.heap !== null
        ? [
            [
              'V8 heap used',
              `${(before.heap / MiB).toFixed(1)} MiB`,
              `${(after.heap / MiB).toFixed(1)} MiB`,
              kib(heapPer),
            ],
          ]
        : []),
    ];
    log(
      `  RSS ${(before.rss / MiB).toFixed(1)} → ${(after.rss / MiB).toFixed(1)} MiB: ${kib(rssPer)} per subscription`,
    );
    const markdown = [
      table(
        [
          'memory of the service process',
          `before (0 subscriptions)`,
          `after (${n} idle)`,
          'per subscription',
        ],
        rows,
      ),
      '',
      `Each subscription is its own graphql-ws connection (connection + one \`gameEvents\`), over ${GAMES} games; ` +
        `${received} of ${n} saw the one event sent to prove they were live. Read from ${source}; median of three samples a second apart, each after a full garbage collection.`,
      ...problems.map((p) => `- ${p}`),
    ].join('\n');
    return {
      title: 'Memory per idle subscription',
      markdown,
      targets: [
        {
          target: 'RSS at rest ≤ 150 MiB (compiled JavaScript, one process)',
          measured: `${(before.rss / MiB).toFixed(1)} MiB`,
          threshold: '≤ 150 MiB',
          met: before.rss <= 150 * MiB,
        },
        {
          target: 'RSS per idle subscription ≤ 10 KiB',
          measured: kib(rssPer),
          threshold: '≤ 10 KiB',
          met: rssPer <= 10 * 1024,
        },
      ],
      results: {
        idleSubscriptions: n,
        live: received,
        rssAtRestBytes: before.rss,
        rssWithSubscriptionsBytes: after.rss,
        rssPerSubscriptionBytes: rssPer,
        heapAtRestBytes: before.heap,
        heapPerSubscriptionBytes: heapPer,
      },
    };
  } finally {
    for (const s of subs) s.close();
    api.close();
    ins.close();
    await service.stop();
  }
}
