/**
 * B3, fanout: how long after a move commits its event reaches every graphql-ws subscriber, against
 * a raw `ws` broadcaster sending the same payload to the same number of plain sockets.
 *
 * Clock: every timestamp is `performance.now()` in this one process (the mover and all
 * subscribers live here), so no clocks are compared across processes.
 * - service, "after commit": receipt − arrival of the mutation's HTTP response. The response is
 *   sent after the commit, so this slightly understates commit→delivery (by the response's
 *   trip back, ~0.1–1 ms here) and can even be negative when the event beats the response.
 * - service, "after send": receipt − just before the mutation was sent: an upper bound that
 *   includes the whole mutation.
 * - baseline: receipt − just before the trigger was sent (the broadcaster has no commit).
 *
 * Over 300 lines on purpose: one benchmark, the service side and its raw baseline side by side.
 */
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import type { BenchConfig } from './lib/config.js';
import { ApiMover, createBenchGames, type BenchGame } from './lib/fixtures.js';
import type { GraphqlClient } from './lib/graphql.js';
import { table, type BenchLog, type CaseReport } from './lib/report.js';
import { openLoop } from './lib/runner.js';
import { openTrigger, startBroadcaster } from './lib/broadcaster.js';
import { fmtMs, fmtRate, summarize, type LatencySummary } from './lib/stats.js';
import {
  graphqlWsSubscriber,
  openSubscribers,
  rawWsSubscriber,
  type Receipt,
  type Subscriber,
} from './lib/subscriber.js';

interface Scenario {
  readonly label: string;
  readonly games: number;
  readonly perGame: number;
  /** Moves (baseline: triggers) per second over all its games. */
  readonly moves: number;
}

interface Sent {
  readonly sentAt: number;
  /** Service only: when the mutation's response arrived. */
  readonly committedAt: number | null;
}

interface FanoutResult {
  readonly events: number;
  readonly expected: number;
  readonly received: number;
  readonly lost: number;
  readonly duplicates: number;
  readonly afterCommit: LatencySummary | null;
  readonly afterSend: LatencySummary;
  /** Service only: the mutations' own latency (scheduled send → response), open loop. */
  readonly mutation: LatencySummary | null;
  readonly problems: readonly string[];
}

const key = (gameId: string, seq: number) => `${gameId}:${seq}`;

/** Collects receipts and checks them against what was sent. */
class Ledger {
  readonly sent = new Map<string, Sent>();
  readonly receipts: Receipt[] = [];
  readonly problems: string[] = [];
  /** Receipts counted per subscriber, for the drain wait. */
  received = 0;

  onReceipt = (r: Receipt) => {
    this.receipts.push(r);
    this.received++;
  };

  onProblem = (message: string) => {
    if (this.problems.length < 20) this.problems.push(message);
  };

  result(perGame: number, mutation: LatencySummary | null): FanoutResult {
    let duplicates = 0;
    let matched = 0;
    const afterCommit: number[] = [];
    const afterSend: number[] = [];
    for (let i = 0; i < this.receipts.length; i++) {
      const r = this.receipts[i];
      if (!r) continue;
      const sent = this.sent.get(key(r.gameId, r.seq));
      if (!sent) continue; // a sync event, not measured
      matched++;
      afterSend.push(r.at - sent.sentAt);
      if (sent.committedAt !== null) afterCommit.push(r.at - sent.committedAt);
    }
    // Duplicates: the same (subscriber, seq) twice shows up as more receipts than subscribers.
    const counts = new Map<string, number>();
    for (const r of this.receipts) {
      const k = key(r.gameId, r.seq);
      if (!this.sent.has(k)) continue;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    for (const c of counts.values()) if (c > perGame) duplicates += c - perGame;
    const expected = this.sent.size * perGame;
    return {
      events: this.sent.size,
      expected,
      received: matched - duplicates,
      lost: Math.max(0, expected - (matched - duplicates)),
      duplicates,
      afterCommit: afterCommit.length ? summarize(afterCommit) : null,
      afterSend: summarize(afterSend),
      mutation,
      problems: this.problems,
    };
  }
}

/** Waits until `done()` or the timeout. */
async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

async function serviceFanout(
  deps: { api: GraphqlClient; wsUrl: string; config: BenchConfig; log: BenchLog },
  scenario: Scenario,
  games: readonly BenchGame[],
): Promise<{ result: FanoutResult; sample: string | null }> {
  const { api, config } = deps;
  const ledger = new Ledger();
  const t0 = performance.now();
  const subs = await openSubscribers(scenario.games * scenario.perGame, (i) => {
    const game = games[i % scenario.games];
    if (!game) throw new Error('no game');
    // Viewers rotate over both seats and the spectator credential: three redactions per event.
    const seat = game.seats[i % 3];
    const token = seat ? seat.token : game.spectatorToken;
    return graphqlWsSubscriber({
      url: deps.wsUrl,
      gameId: game.id,
      token,
      onReceipt: ledger.onReceipt,
      onProblem: ledger.onProblem,
    });
  });
  deps.log(
    `    ${subs.length} graphql-ws subscriptions open in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  try {
    const movers = games.map((g) => {
      const seat = g.seats[0];
      if (!seat) throw new Error('no seat');
      return new ApiMover(api, g, seat);
    });
    // Sync: one move per game; every subscriber must see it before measuring (all are live).
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all(movers.map((m) => m.move()));
    const synced = await until(() => ledger.received >= subs.length, 15_000);
    if (!synced) ledger.onProblem(`only ${ledger.received} of ${subs.length} subscribers saw the sync event`);
    const sample = subs.find((s) => s.firstMessage() !== null)?.firstMessage() ?? null;
    const before = ledger.received;

    const loop = await openLoop({
      rate: scenario.moves,
      seconds: config.fanoutSeconds,
      warmupSeconds: 0,
      slots: scenario.games,
      op: async (slot) => {
        const mover = movers[slot];
        const game = games[slot];
        if (!mover || !game) throw new Error('no mover');
        const sentAt = performance.now();
        const out = await mover.move();
        const committedAt = performance.now();
        for (const e of out.events) ledger.sent.set(key(game.id, e.seq), { sentAt, committedAt });
      },
    });
    if (loop.errors) ledger.onProblem(`${loop.errors} moves failed: ${loop.firstError}`);
    await until(() => ledger.received - before >= ledger.sent.size * scenario.perGame, 10_000);
    return { result: ledger.result(scenario.perGame, loop.latency), sample };
  } finally {
    for (const s of subs) s.close();
  }
}

async function baselineFanout(
  deps: { config: BenchConfig },
  scenario: Scenario,
  gameIds: readonly string[],
  sample: string,
): Promise<FanoutResult> {
  const { config } = deps;
  const broadcaster = await startBroadcaster();
  const ledger = new Ledger();
  let trigger: WebSocket | null = null;
  let subs: Subscriber[] = [];
  try {
    subs = await openSubscribers(scenario.games * scenario.perGame, (i) => {
      const gameId = gameIds[i % scenario.games] ?? '';
      return rawWsSubscriber({
        url: broadcaster.url,
        gameId,
        onReceipt: ledger.onReceipt,
        onProblem: ledger.onProblem,
      });
    });
    const control = await openTrigger(broadcaster);
    trigger = control;
    // The service's own message, re-addressed: same size, same shape.
    const template = JSON.parse(sample) as {
      payload: { data: { gameEvents: { gameId: string; seq: number } } };
    };
    const seqs = new Map<string, number>();
    const loop = await openLoop({
      rate: scenario.moves,
      seconds: config.fanoutSeconds,
      warmupSeconds: 0,
      slots: scenario.games,
      op: async (slot) => {
        const gameId = gameIds[slot] ?? '';
        const seq = (seqs.get(gameId) ?? 0) + 1;
        seqs.set(gameId, seq);
        template.payload.data.gameEvents.gameId = gameId;
        template.payload.data.gameEvents.seq = seq;
        const message = JSON.stringify(template);
        const sentAt = performance.now();
        ledger.sent.set(key(gameId, seq), { sentAt, committedAt: null });
        control.send(JSON.stringify({ gameId, message }));
      },
    });
    if (loop.errors) ledger.onProblem(`${loop.errors} triggers failed: ${loop.firstError}`);
    await until(() => ledger.received >= ledger.sent.size * scenario.perGame, 10_000);
    return ledger.result(scenario.perGame, null);
  } finally {
    trigger?.close();
    for (const s of subs) s.close();
    await broadcaster.stop();
  }
}

export async function runB3(deps: {
  api: GraphqlClient;
  wsUrl: string;
  config: BenchConfig;
  log: BenchLog;
}): Promise<CaseReport> {
  const { api, config, log } = deps;
  const scenarios: Scenario[] = [
    { label: '100 subscribers, 1 game', games: 1, perGame: 100, moves: config.fanoutMovesOneGame },
    { label: '1,000 subscribers, 100 games', games: 100, perGame: 10, moves: config.fanoutMovesManyGames },
  ];
  const maxGames = Math.max(...scenarios.map((s) => s.games));
  log(`B3: creating ${maxGames} games`);
  const t0 = performance.now();
  const games = await createBenchGames(api, maxGames, 60, { layout: false });
  log(`  created in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const rows: string[][] = [];
  const notes: string[] = [];
  const mutationNotes: string[] = [];
  const targets: CaseReport['targets'][number][] = [];
  for (const scenario of scenarios) {
    const used = games.slice(0, scenario.games);
    log(`  ${scenario.label}: ${fmtRate(scenario.moves)} moves/s for ${config.fanoutSeconds} s`);
    const { result: svc, sample } = await serviceFanout({ ...deps }, scenario, used);
    log(
      `    service: after commit p50 ${fmtMs(svc.afterCommit?.p50 ?? Number.NaN)} p99 ${fmtMs(svc.afterCommit?.p99 ?? Number.NaN)} max ${fmtMs(svc.afterCommit?.max ?? Number.NaN)} ms; lost ${svc.lost}/${svc.expected}; mutation p50 ${fmtMs(svc.mutation?.p50 ?? Number.NaN)} p99 ${fmtMs(svc.mutation?.p99 ?? Number.NaN)} ms`,
    );
    let base: FanoutResult | null = null;
    if (sample) {
      base = await baselineFanout(
        { config },
        scenario,
        used.map((g) => g.id),
        sample,
      );
      log(
        `    baseline: p50 ${fmtMs(base.afterSend.p50)} p99 ${fmtMs(base.afterSend.p99)} max ${fmtMs(base.afterSend.max)} ms; lost ${base.lost}/${base.expected}`,
      );
    } else {
      notes.push(`${scenario.label}: no event reached a subscriber, so the baseline had no payload to send.`);
    }
    const c = svc.afterCommit;
    mutationNotes.push(
      `${scenario.label} p50 ${fmtMs(svc.mutation?.p50 ?? Number.NaN)} ms, p99 ${fmtMs(svc.mutation?.p99 ?? Number.NaN)} ms`,
    );
    rows.push([
      scenario.label,
      'service, after commit',
      fmtMs(c?.p50 ?? Number.NaN),
      fmtMs(c?.p99 ?? Number.NaN),
      fmtMs(c?.max ?? Number.NaN),
      `${svc.received}/${svc.expected}`,
      String(svc.lost),
    ]);
    rows.push([
      '',
      'service, after send',
      fmtMs(svc.afterSend.p50),
      fmtMs(svc.afterSend.p99),
      fmtMs(svc.afterSend.max),
      '',
      '',
    ]);
    if (base)
      rows.push([
        '',
        'baseline (raw ws), after send',
        fmtMs(base.afterSend.p50),
        fmtMs(base.afterSend.p99),
        fmtMs(base.afterSend.max),
        `${base.received}/${base.expected}`,
        String(base.lost),
      ]);
    for (const p of [...svc.problems, ...(base?.problems ?? [])]) notes.push(`${scenario.label}: ${p}`);
    if (svc.duplicates) notes.push(`${scenario.label}: ${svc.duplicates} duplicate deliveries.`);
    const limit = scenario.perGame === 100 ? 50 : 100;
    targets.push({
      target: `B3 fanout p99 ≤ ${limit} ms (${scenario.label}, after commit)`,
      measured: `${fmtMs(c?.p99 ?? Number.NaN)} ms`,
      threshold: `≤ ${limit} ms`,
      met: c ? c.p99 <= limit : null,
    });
    targets.push({
      target: `B3 no lost events (${scenario.label})`,
      measured: `${svc.lost} lost of ${svc.expected}`,
      threshold: '0 lost',
      met: svc.expected > 0 ? svc.lost === 0 : null,
    });
  }
  const markdown = [
    table(['scenario', 'measured', 'p50 ms', 'p99 ms', 'max ms', 'delivered', 'lost'], rows),
    '',
    `Load, open loop for ${config.fanoutSeconds} s: ${fmtRate(config.fanoutMovesOneGame)} moves/s on the one game ` +
      `(${fmtRate(config.fanoutMovesOneGame * 100)} deliveries/s), ${fmtRate(config.fanoutMovesManyGames)} moves/s over the 100 games ` +
      `(${fmtRate(config.fanoutMovesManyGames * 10)} deliveries/s). The mutations' own latency under this load (send → response): ${mutationNotes.join('; ')}.`,
    ...notes.map((n) => `- ${n}`),
  ].join('\n');
  return { title: 'B3, fanout (`gameEvents` over graphql-ws)', markdown, targets };
}
