/**
 * Spectators: 1,000 and 10,000 graphql-ws spectators of one game on one service, moves at a steady
 * rate, against a raw `ws` broadcaster sending the service's own message to as many plain sockets.
 *
 * - Delivery after commit: receipt − arrival of the move's HTTP response (sent after the commit),
 *   all timestamps `performance.now()` in this one process, as in B3.
 * - CPU per delivery: the service's CPU (user + system, its whole process tree, from /proc) over
 *   the measured window, divided by the deliveries in it; the baseline's is the broadcaster
 *   process's CPU per message sent, at the same count and rate.
 * - Every delivery is checked: none lost, none twice, and every spectator's message byte for byte
 *   the one a spectator of its own receives when it replays the same events with `afterSeq`.
 *
 * The case sets its own connection caps (one spectator credential holds every connection); the
 * service's defaults are unchanged. Clients connect from several loopback addresses (127.0.0.x),
 * as many clients would, so no one address holds them all.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type WebSocket from 'ws';
import { openTrigger, startBroadcaster } from './lib/broadcaster.js';
import { ApiMover, createBenchGames, type BenchGame } from './lib/fixtures.js';
import { graphqlClient } from './lib/graphql.js';
import { figureTarget, table, type CaseDeps, type CaseReport, type TargetCheck } from './lib/report.js';
import { openLoop } from './lib/runner.js';
import { procCpuMs, startService } from './lib/service.js';
import { fmtMs, fmtRatio, summarize, type LatencySummary } from './lib/stats.js';
import {
  graphqlWsSubscriber,
  openSubscribers,
  rawWsSubscriber,
  type Receipt,
  type Subscriber,
} from './lib/subscriber.js';

/** Loopback addresses the spectators connect from (Linux routes all of 127/8 to lo). */
const ADDRESSES = 8;
const fromAddress = (i: number) => `127.0.0.${1 + (i % ADDRESSES)}`;

function counts(env: NodeJS.ProcessEnv): number[] {
  const raw = env['BENCH_SPECTATORS'] ?? '1000,10000';
  const values = raw.split(',').map((s) => Number(s.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 1))
    throw new Error('BENCH_SPECTATORS must list positive integers');
  return values;
}

/** What one side (service or baseline) delivered in one measured window. */
interface Delivery {
  readonly sent: number;
  readonly expected: number;
  readonly received: number;
  readonly lost: number;
  readonly duplicates: number;
  readonly latency: LatencySummary | null;
  readonly cpuMs: number;
  readonly cpuPerDeliveryUs: number;
  readonly problems: string[];
}

/**
 * Receipts of the seqs after `floor`, and each seq's text as the first spectator got it. An event
 * may reach a spectator before its move's response reaches the mover, so receipts are kept and
 * matched with the moves' marks at the end.
 */
class Tally {
  /** Seqs at or below it are not measured (Infinity: nothing yet). */
  floor = Number.POSITIVE_INFINITY;
  /** Receipts below the floor (the sync event). */
  early = 0;
  readonly marks = new Map<number, number>();
  readonly receipts: { seq: number; at: number }[] = [];
  readonly texts = new Map<number, string>();
  readonly problems: string[] = [];
  mismatched = 0;
  /** Connections the service shed (4503) while they opened, each opened again. */
  shed = 0;

  onReceipt = (r: Receipt) => {
    if (r.seq <= this.floor) this.early++;
    else this.receipts.push({ seq: r.seq, at: r.at });
  };

  onText = (seq: number, text: string) => {
    if (seq <= this.floor) return;
    const first = this.texts.get(seq);
    if (first === undefined) this.texts.set(seq, text);
    else if (first !== text) this.mismatched++;
  };

  onProblem = (message: string) => {
    if (this.problems.length < 10) this.problems.push(message);
  };

  /** Receipts of marked seqs so far. */
  get received(): number {
    return this.receipts.length;
  }

  result(count: number, cpuMs: number): Delivery {
    const perSeq = new Map<number, number>();
    const latencies: number[] = [];
    let unmarked = 0;
    for (const r of this.receipts) {
      const mark = this.marks.get(r.seq);
      if (mark === undefined) {
        unmarked++;
        continue;
      }
      perSeq.set(r.seq, (perSeq.get(r.seq) ?? 0) + 1);
      latencies.push(r.at - mark);
    }
    if (unmarked) this.onProblem(`${unmarked} deliveries of events no move made`);
    let duplicates = 0;
    for (const n of perSeq.values()) if (n > count) duplicates += n - count;
    const expected = this.marks.size * count;
    const received = latencies.length - duplicates;
    return {
      sent: this.marks.size,
      expected,
      received,
      lost: Math.max(0, expected - received),
      duplicates,
      latency: latencies.length ? summarize(latencies) : null,
      cpuMs,
      cpuPerDeliveryUs: received ? (cpuMs * 1000) / received : Number.NaN,
      problems: this.problems,
    };
  }
}

/**
 * A spectator that connects again when the service sheds its connection (4503, under load), as a
 * client following the bot guide does, a little later each time.
 */
function retrying(
  open: (onProblem: (m: string) => void) => Subscriber,
  tally: Tally,
  attempts = 30,
): Subscriber {
  const onProblem = (m: string) => (m.startsWith('socket closed 4503') ? tally.shed++ : tally.onProblem(m));
  let current = open(onProblem);
  const ready = (async () => {
    for (let n = 1; ; n++) {
      try {
        await current.ready;
        return;
      } catch (err) {
        if (n >= attempts || !String(err).includes('closed 4503')) throw err;
        await sleep(50 * n);
        current = open(onProblem);
      }
    }
  })();
  ready.catch(() => undefined);
  return { ready, firstMessage: () => current.firstMessage(), close: () => current.close() };
}

async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > end) return false;
    await sleep(20);
  }
  return true;
}

interface Run {
  readonly rate: number;
  readonly seconds: number;
}

/** `count` spectators of `game` on the service; moves at `run.rate` for `run.seconds`. */
async function serviceSide(
  service: { wsUrl: string; cpuMs: () => Promise<number> },
  api: ReturnType<typeof graphqlClient>,
  game: BenchGame,
  count: number,
  run: Run,
): Promise<{ delivery: Delivery; replay: { checked: number; differing: number }; sample: string | null }> {
  const tally = new Tally();
  const seat = game.seats[0];
  if (!seat) throw new Error('no seat');
  const mover = new ApiMover(api, game, seat);
  const subs = await openSubscribers(
    count,
    (i) =>
      retrying(
        (onProblem) =>
          graphqlWsSubscriber({
            url: service.wsUrl,
            gameId: game.id,
            token: game.spectatorToken,
            localAddress: fromAddress(i),
            onReceipt: tally.onReceipt,
            onText: tally.onText,
            onProblem,
          }),
        tally,
      ),
    100,
  );
  try {
    // Sync: one move every spectator sees before the window opens (all are live).
    const first = await mover.move();
    const syncSeq = first.events.at(-1)?.seq ?? -1;
    if (tally.shed) tally.onProblem(`${tally.shed} connections shed (4503) while opening, each opened again`);
    if (!(await until(() => tally.early >= count, 60_000)))
      tally.onProblem(`only ${tally.early} of ${count} spectators saw the sync event`);
    tally.floor = syncSeq;
    const sample = subs.find((s) => s.firstMessage() !== null)?.firstMessage() ?? null;
    const cpu0 = await service.cpuMs();
    const loop = await openLoop({
      rate: run.rate,
      seconds: run.seconds,
      warmupSeconds: 0,
      slots: 1,
      op: async () => {
        const out = await mover.move();
        const committedAt = performance.now();
        for (const e of out.events) tally.marks.set(e.seq, committedAt);
      },
    });
    if (loop.errors) tally.onProblem(`${loop.errors} moves failed: ${loop.firstError}`);
    await until(() => tally.received >= tally.marks.size * count, 60_000);
    const cpuMs = (await service.cpuMs()) - cpu0;
    const replay = await replayCheck(service.wsUrl, game, syncSeq, tally);
    return { delivery: tally.result(count, cpuMs), replay, sample };
  } finally {
    for (const s of subs) s.close();
  }
}

/** A spectator of its own replays the measured events with `afterSeq`; each text must match. */
async function replayCheck(
  wsUrl: string,
  game: BenchGame,
  afterSeq: number,
  live: Tally,
): Promise<{ checked: number; differing: number }> {
  const texts = new Map<number, string>();
  const sub = graphqlWsSubscriber({
    url: wsUrl,
    gameId: game.id,
    token: game.spectatorToken,
    afterSeq,
    onReceipt: () => undefined,
    onText: (seq, text) => texts.set(seq, text),
    onProblem: live.onProblem,
  });
  try {
    await sub.ready;
    await until(() => [...live.marks.keys()].every((s) => texts.has(s)), 30_000);
  } finally {
    sub.close();
  }
  let differing = live.mismatched;
  let checked = 0;
  for (const [seq, text] of live.texts) {
    checked++;
    if (texts.get(seq) !== text) differing++;
  }
  return { checked, differing };
}

/** The same count of plain sockets on the raw broadcaster, sent the service's message. */
async function baselineSide(count: number, run: Run, sample: string): Promise<Delivery> {
  const broadcaster = await startBroadcaster();
  const tally = new Tally();
  let subs: Subscriber[] = [];
  let trigger: WebSocket | null = null;
  const gameId = 'spectated';
  try {
    subs = await openSubscribers(
      count,
      (i) =>
        rawWsSubscriber({
          url: broadcaster.url,
          gameId,
          localAddress: fromAddress(i),
          onReceipt: tally.onReceipt,
          onProblem: tally.onProblem,
        }),
      100,
    );
    const control = await openTrigger(broadcaster);
    trigger = control;
    const template = JSON.parse(sample) as {
      payload: { data: { gameEvents: { gameId: string; seq: number } } };
    };
    let seq = 0;
    tally.floor = 0;
    const cpu0 = await procCpuMs(broadcaster.pid);
    const loop = await openLoop({
      rate: run.rate,
      seconds: run.seconds,
      warmupSeconds: 0,
      slots: 1,
      op: async () => {
        template.payload.data.gameEvents.gameId = gameId;
        template.payload.data.gameEvents.seq = ++seq;
        tally.marks.set(seq, performance.now());
        control.send(JSON.stringify({ gameId, message: JSON.stringify(template) }));
      },
    });
    if (loop.errors) tally.onProblem(`${loop.errors} triggers failed: ${loop.firstError}`);
    await until(() => tally.received >= tally.marks.size * count, 60_000);
    return tally.result(count, (await procCpuMs(broadcaster.pid)) - cpu0);
  } finally {
    trigger?.close();
    for (const s of subs) s.close();
    await broadcaster.stop();
  }
}

/** One side's line of the case's table. */
const row = (label: string, side: string, d: Delivery): string[] => [
  label,
  side,
  fmtMs(d.latency?.p50 ?? Number.NaN),
  fmtMs(d.latency?.p99 ?? Number.NaN),
  fmtMs(d.latency?.max ?? Number.NaN),
  d.cpuPerDeliveryUs.toFixed(1),
  `${d.received}/${d.expected}`,
  `${d.lost} / ${d.duplicates}`,
];

export async function runSpectators(deps: CaseDeps): Promise<CaseReport> {
  const { log } = deps;
  const sizes = counts(process.env);
  const run: Run = {
    rate: Number(process.env['BENCH_SPECTATOR_MOVES'] || 2),
    seconds: Number(process.env['BENCH_SPECTATOR_SECONDS'] || 10),
  };
  const most = Math.max(...sizes);
  // The case's own caps: one spectator credential holds every connection, from 8 addresses.
  const service = await startService(deps.databaseUrl, {
    WS_CONNECTIONS_PER_CREDENTIAL: String(most + 100),
    MAX_CONNECTIONS: String(most + 1000),
    MAX_CONNECTIONS_PER_ADDRESS: String(Math.ceil(most / ADDRESSES) + 200),
  });
  const api = graphqlClient(service.url);
  const rows: string[][] = [];
  const targets: TargetCheck[] = [];
  const notes: string[] = [];
  const results: Record<string, unknown> = { rate: run.rate, seconds: run.seconds, sizes };
  try {
    const [game] = await createBenchGames(api, 1, 60, { layout: false });
    if (!game) throw new Error('no game');
    for (const count of sizes) {
      log(`spectators: ${count} on one game, ${run.rate} moves/s for ${run.seconds} s`);
      const svc = await serviceSide(service, api, game, count, run);
      const d = svc.delivery;
      log(
        `  service: p50 ${fmtMs(d.latency?.p50 ?? Number.NaN)} p99 ${fmtMs(d.latency?.p99 ?? Number.NaN)} ms; ${d.received}/${d.expected}, ${d.duplicates} twice; ${d.cpuPerDeliveryUs.toFixed(1)} µs CPU per delivery; replay: ${svc.replay.differing} of ${svc.replay.checked} differ`,
      );
      const base = svc.sample ? await baselineSide(count, run, svc.sample) : null;
      if (base)
        log(
          `  baseline: p50 ${fmtMs(base.latency?.p50 ?? Number.NaN)} p99 ${fmtMs(base.latency?.p99 ?? Number.NaN)} ms; ${base.cpuPerDeliveryUs.toFixed(1)} µs CPU per message`,
        );
      const ratio = base ? d.cpuPerDeliveryUs / base.cpuPerDeliveryUs : Number.NaN;
      const label = `${count.toLocaleString('en-US')} spectators`;
      rows.push(row(label, 'service, after commit', d));
      if (base) rows.push(row('', 'baseline (raw ws), after send', base));
      for (const p of [...d.problems, ...(base?.problems ?? [])]) notes.push(`${label}: ${p}`);
      results[String(count)] = {
        service: { ...d, problems: undefined },
        baseline: base ? { ...base, problems: undefined } : null,
        cpuRatio: ratio,
        replay: svc.replay,
      };
      if (count === 10_000)
        targets.push(
          figureTarget(
            'Spectators: delivery p99 after commit at 10,000',
            d.latency?.p99 ?? Number.NaN,
            { atMost: 200 },
            (v) => `${fmtMs(v)} ms`,
            ' ms',
          ),
          // The floor beside it: the raw broadcaster's own p99 in the same run, with the same
          // receiving process, which on a 2-core machine can itself lie above 200 ms.
          figureTarget(
            'Spectators: delivery p99 at 10,000 ≤ the raw-ws baseline’s p99 (same run)',
            (d.latency?.p99 ?? Number.NaN) / (base?.latency?.p99 ?? Number.NaN),
            { atMost: 1 },
            (v) =>
              `${fmtRatio(v)} (${fmtMs(d.latency?.p99 ?? Number.NaN)} vs ${fmtMs(base?.latency?.p99 ?? Number.NaN)} ms)`,
          ),
        );
      targets.push(
        figureTarget(
          `Spectators: service CPU per delivery vs raw ws per message (${label})`,
          ratio,
          { atMost: 2 },
          (v) =>
            `${fmtRatio(v)} (${d.cpuPerDeliveryUs.toFixed(1)} vs ${base?.cpuPerDeliveryUs.toFixed(1)} µs)`,
        ),
        {
          target: `Spectators: 0 lost, 0 twice, every payload the replay's bytes (${label})`,
          measured: `${d.lost} lost, ${d.duplicates} twice, ${svc.replay.differing} of ${svc.replay.checked} differ`,
          threshold: '0, 0, 0',
          met: d.expected > 0 && d.lost === 0 && d.duplicates === 0 && svc.replay.differing === 0,
        },
      );
    }
  } finally {
    api.close();
    await service.stop();
  }
  const markdown = [
    table(
      [
        'spectators',
        'measured',
        'p50 ms',
        'p99 ms',
        'max ms',
        'CPU µs per delivery',
        'delivered',
        'lost / twice',
      ],
      rows,
    ),
    '',
    `One game, one spectator credential, ${run.rate} moves/s for ${run.seconds} s (open loop); the spectators connect ` +
      `from ${ADDRESSES} loopback addresses, and this process receives for all of them. The baseline is a raw \`ws\` ` +
      `broadcaster sent the service's own message. CPU: the service's process tree, and the broadcaster's process, over the window.`,
    ...notes.map((n) => `- ${n}`),
  ].join('\n');
  return { title: 'Spectators of one game', markdown, targets, results };
}
