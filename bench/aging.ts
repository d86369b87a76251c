/**
 * Aging: what a move, a page, a catch-up and a replay cost as a game's log grows, what a game costs
 * to create, and what a cached game costs in memory. A fresh service process per part, so memory
 * figures are its own.
 *
 * Over 300 lines on purpose: one benchmark, read top to bottom (documents, the ager, each part).
 *
 * - Two games, aged through the API to each of BENCH_AGING_AGES events: "rotation" (seat 0 draws its
 *   library into its graveyard one card at a time; when the library is empty the graveyard goes
 *   back) and "back and forth" (seat 0 moves one card hand ↔ graveyard). At each age: a move
 *   (latency, service CPU), seat 1's last-100 page, a subscription's catch-up from seq 0
 *   (events/s), `gameAt` at the last seq (admin) and the service's RSS.
 * - On the oldest rotation game: 64 concurrent last-100 pages from seat 1 (its own client), while seat 0 moves.
 * - createGame (2 × 60 cards): latency one at a time, games/s with 40 concurrent.
 * - BENCH_AGING_ACTIVE_GAMES games each moved once: RSS per cached game, then moves on random games
 *   against moves on one game.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import {
  AGING_CATCH_UP,
  AGING_GAME_AT,
  AGING_PAGE,
  AGING_ZONES,
  BENCH_MOVE,
} from '../test/support/documents.js';
import { ApiMover, createBenchGame, type BenchGame, type MovePayload } from './lib/fixtures.js';
import { flood as floodFrom } from './lib/flooder.js';
import { graphqlClient, type GraphqlClient } from './lib/graphql.js';
import { table, type BenchLog, type CaseDeps, type CaseReport, type TargetCheck } from './lib/report.js';
import { startService, type ServiceProcess } from './lib/service.js';
import { fmtMs, fmtRate, fmtRatio, summarize, type LatencySummary } from './lib/stats.js';

const MiB = 2 ** 20;
const KiB = 2 ** 10;

interface ZonesPayload {
  game: {
    lastSeq: number;
    zones: { id: string; type: string; owner: { id: string } | null; objects: { id: string }[] }[];
  };
}

type Scenario = 'rotation' | 'back and forth';

/** Drives one scenario on one game through seat 0. */
export class Ager {
  lastSeq = 0;
  #held: string | null = null;
  #heldIn: 'hand' | 'graveyard' = 'hand';
  #inLibrary: number;

  private constructor(
    private readonly api: GraphqlClient,
    readonly game: BenchGame,
    readonly scenario: Scenario,
    private readonly zones: { library: string; hand: string; graveyard: string },
    librarySize: number,
  ) {
    this.#inLibrary = librarySize;
  }

  static async create(api: GraphqlClient, scenario: Scenario): Promise<Ager> {
    const game = await createBenchGame(api, 120, { layout: false });
    const seat = game.seats[0]!;
    const { game: g } = await api.request<ZonesPayload>(AGING_ZONES, { id: game.id }, seat.token);
    const zone = (type: string) => g.zones.find((z) => z.type === type && z.owner?.id === seat.playerId)!.id;
    const zones = { library: zone('library'), hand: zone('hand'), graveyard: zone('graveyard') };
    const library = g.zones.find((z) => z.id === zones.library)!.objects.length;
    const ager = new Ager(api, game, scenario, zones, library);
    ager.lastSeq = g.lastSeq;
    return ager;
  }

  /** One move of the scenario. */
  async move(): Promise<void> {
    const gameId = this.game.id;
    const token = this.game.seats[0]!.token;
    let input: Record<string, unknown>;
    if (this.scenario === 'rotation') {
      if (this.#inLibrary > 0) {
        input = {
          gameId,
          select: { zoneId: this.zones.library, from: 'TOP', count: 1 },
          to: { zoneId: this.zones.graveyard },
        };
        this.#inLibrary--;
      } else {
        input = {
          gameId,
          select: { zoneId: this.zones.graveyard, from: 'TOP', count: 60 },
          to: { zoneId: this.zones.library },
        };
        this.#inLibrary = 60;
      }
    } else if (this.#held === null) {
      input = {
        gameId,
        select: { zoneId: this.zones.library, from: 'TOP', count: 1 },
        to: { zoneId: this.zones.hand },
      };
    } else {
      this.#heldIn = this.#heldIn === 'hand' ? 'graveyard' : 'hand';
      input = { gameId, objectIds: [this.#held], to: { zoneId: this.zones[this.#heldIn] } };
    }
    const { moveObjects } = await this.api.request<MovePayload>(BENCH_MOVE, { input }, token);
    if (this.scenario === 'back and forth') this.#held = moveObjects.objects[0]?.id ?? this.#held;
    this.lastSeq = moveObjects.events.at(-1)?.seq ?? this.lastSeq;
  }

  /**
   * Reads the game again after something else moved its cards (a judge's rewind): the library's
   * size and the last seq; in "back and forth", no card held.
   */
  async resync(): Promise<void> {
    const seat = this.game.seats[0]!;
    const { game: g } = await this.api.request<ZonesPayload>(AGING_ZONES, { id: this.game.id }, seat.token);
    this.#inLibrary = g.zones.find((z) => z.id === this.zones.library)!.objects.length;
    this.#held = null;
    this.lastSeq = g.lastSeq;
  }

  async ageTo(events: number): Promise<void> {
    while (this.lastSeq < events) await this.move();
  }
}

/** Latencies of `n` sequential runs of `op`, in ms. */
async function timed(n: number, op: () => Promise<unknown>): Promise<LatencySummary> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await op();
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

/** Subscribes from `afterSeq` 0 and resolves with the events/s until `lastSeq` arrived. */
export function catchUp(wsUrl: string, gameId: string, token: string, lastSeq: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, 'graphql-transport-ws');
    let t0 = 0;
    let count = 0;
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`catch-up: ${count} of ${lastSeq} events in 120 s`));
    }, 120_000);
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })),
    );
    socket.on('message', (data: WebSocket.RawData) => {
      const msg = JSON.parse(data.toString()) as {
        type: string;
        payload?: { data?: { gameEvents?: { seq: number } } };
      };
      if (msg.type === 'connection_ack') {
        t0 = performance.now();
        socket.send(
          JSON.stringify({
            id: '1',
            type: 'subscribe',
            payload: { query: AGING_CATCH_UP, variables: { gameId, afterSeq: 0 } },
          }),
        );
      } else if (msg.type === 'next') {
        count++;
        if ((msg.payload?.data?.gameEvents?.seq ?? 0) >= lastSeq) {
          clearTimeout(timer);
          const seconds = (performance.now() - t0) / 1000;
          socket.close();
          resolve(count / seconds);
        }
      } else if (msg.type === 'error') {
        clearTimeout(timer);
        socket.close();
        reject(new Error(`catch-up error: ${JSON.stringify(msg.payload).slice(0, 200)}`));
      }
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** The service's RSS: the median of three samples half a second apart (RSS moves with the allocator and the GC). */
export async function settledRss(service: ServiceProcess): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 3; i++) {
    if (i) await sleep(500);
    samples.push((await service.memory()).rssBytes);
  }
  return [...samples].sort((a, b) => a - b)[1] ?? Number.NaN;
}

interface AgeRow {
  scenario: Scenario;
  events: number;
  move: LatencySummary;
  moveCpuMs: number;
  page: LatencySummary;
  catchUpPerSecond: number;
  gameAt: LatencySummary;
  rssMiB: number;
}

const MOVES_PER_SAMPLE = 60;

async function measureAge(
  service: ServiceProcess,
  api: GraphqlClient,
  ager: Ager,
  events: number,
): Promise<AgeRow> {
  await ager.ageTo(events - MOVES_PER_SAMPLE);
  const cpu0 = await service.cpuMs();
  const move = await timed(MOVES_PER_SAMPLE, () => ager.move());
  const moveCpuMs = ((await service.cpuMs()) - cpu0) / MOVES_PER_SAMPLE;
  const bob = ager.game.seats[1]!.token;
  const gameId = ager.game.id;
  const page = await timed(20, () =>
    api.request(AGING_PAGE, { gameId, afterSeq: Math.max(0, ager.lastSeq - 100), first: 100 }, bob),
  );
  const catchUpPerSecond = await catchUp(service.wsUrl, gameId, bob, ager.lastSeq);
  const gameAt = await timed(5, () =>
    api.request(AGING_GAME_AT, { gameId, seq: ager.lastSeq }, service.adminToken),
  );
  return {
    scenario: ager.scenario,
    events: ager.lastSeq,
    move,
    moveCpuMs,
    page,
    catchUpPerSecond,
    gameAt,
    rssMiB: (await settledRss(service)) / MiB,
  };
}

/**
 * Seat 0's moves, one after another, while `going()` and until at least `min` were timed: each
 * one's latency in ms (the flood's victim, here and in bench/flood-probe.ts).
 */
export async function movesWhile(ager: Ager, going: () => boolean, min = 20): Promise<number[]> {
  const moves: number[] = [];
  while (going() || moves.length < min) {
    const t0 = performance.now();
    await ager.move();
    moves.push(performance.now() - t0);
  }
  return moves;
}

/**
 * 64 concurrent last-100 pages from seat 1 (its own client, in its own thread: lib/flooder.ts)
 * while seat 0 moves on the same game.
 */
async function flood(service: ServiceProcess, ager: Ager) {
  let peakRss = await settledRss(service);
  let done = false;
  const all = floodFrom({
    url: service.url,
    token: ager.game.seats[1]!.token,
    query: AGING_PAGE,
    variables: { gameId: ager.game.id, afterSeq: Math.max(0, ager.lastSeq - 100), first: 100 },
    count: 64,
  }).finally(() => (done = true));
  const watch = (async () => {
    while (!done) {
      peakRss = Math.max(peakRss, (await service.memory()).rssBytes);
      await sleep(100);
    }
  })();
  const moves = await movesWhile(ager, () => !done);
  const outcome = await all;
  await watch;
  return { ...outcome, peakRssMiB: peakRss / MiB, moves: summarize(moves) };
}

async function createGames(api: GraphqlClient) {
  const one = await timed(30, () => createBenchGame(api, 120, { layout: false }));
  const concurrent = 40;
  const total = 200;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrent }, async () => {
      while (next++ < total) await createBenchGame(api, 120, { layout: false });
    }),
  );
  const perSecond = total / ((performance.now() - t0) / 1000);
  return { one, perSecond };
}

async function activeGames(service: ServiceProcess, api: GraphqlClient, count: number, log: BenchLog) {
  const before = await settledRss(service);
  const games: BenchGame[] = [];
  const parallel = 8;
  for (let i = 0; i < count; i += parallel) {
    games.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(parallel, count - i) }, () =>
          createBenchGame(api, 120, { layout: false }),
        ),
      )),
    );
    if (i % 500 === 0) log(`aging: ${i} of ${count} active games created`);
  }
  // Each game's seat 0 draws its top card, then puts it back at the bottom, and so on.
  const movers = new Map<string, ApiMover>();
  const move = (g: BenchGame) => {
    let mover = movers.get(g.id);
    if (!mover) movers.set(g.id, (mover = new ApiMover(api, g, g.seats[0]!)));
    return mover.move();
  };
  for (let i = 0; i < games.length; i += parallel) await Promise.all(games.slice(i, i + parallel).map(move));
  const after = await settledRss(service);
  const one = await timed(300, () => move(games[0]!));
  const random = await timed(300, () => move(games[Math.floor(Math.random() * games.length)]!));
  return { perGameKiB: (after - before) / games.length / KiB, one, random, rssMiB: after / MiB };
}

export async function runAging(deps: CaseDeps): Promise<CaseReport> {
  const { config, log } = deps;
  const rows: AgeRow[] = [];
  const targets: TargetCheck[] = [];
  let floodResult: Awaited<ReturnType<typeof flood>> | null = null;
  // One process: its RSS per cached game and its cache misses are what this case measures.
  let service = await startService(deps.databaseUrl, { WORKERS: '1' });
  let api = graphqlClient(service.url);
  try {
    // Warm-up: every path measured below runs once on a throw-away game (JIT, pools, caches), so
    // the youngest age is not measured on a cold process.
    log('aging: warm-up');
    await measureAge(service, api, await Ager.create(api, 'rotation'), MOVES_PER_SAMPLE + 100);
    for (const scenario of ['rotation', 'back and forth'] as const) {
      const ager = await Ager.create(api, scenario);
      for (const age of config.agingAges) {
        log(`aging: ${scenario} at ${age} events`);
        const row = await measureAge(service, api, ager, age);
        rows.push(row);
        log(
          `aging: ${scenario} ${row.events} events: move p50 ${fmtMs(row.move.p50)} ms (CPU ${fmtMs(row.moveCpuMs)} ms), ` +
            `page p50 ${fmtMs(row.page.p50)} ms, catch-up ${fmtRate(row.catchUpPerSecond)} events/s, ` +
            `gameAt p50 ${fmtMs(row.gameAt.p50)} ms, RSS ${row.rssMiB.toFixed(0)} MiB`,
        );
      }
      if (scenario === 'rotation') {
        log(`aging: 64 concurrent pages from one seat at ${ager.lastSeq} events`);
        floodResult = await flood(service, ager);
        log(`aging: flood ${JSON.stringify(floodResult)}`);
      }
    }
  } finally {
    api.close();
    await service.stop();
  }
  service = await startService(deps.databaseUrl, { WORKERS: '1' });
  api = graphqlClient(service.url, 64);
  let created: Awaited<ReturnType<typeof createGames>>;
  let active: Awaited<ReturnType<typeof activeGames>>;
  try {
    log('aging: createGame');
    created = await createGames(api);
    log(`aging: createGame p50 ${fmtMs(created.one.p50)} ms, ${fmtRate(created.perSecond)} games/s`);
    log(`aging: ${config.agingActiveGames} active games`);
    active = await activeGames(service, api, config.agingActiveGames, log);
    log(`aging: active ${JSON.stringify(active)}`);
  } finally {
    api.close();
    await service.stop();
  }

  const ageTable = table(
    [
      'scenario',
      'events',
      'move p50 ms',
      'move CPU ms',
      'last-100 page p50 ms',
      'catch-up events/s',
      'gameAt p50 ms',
      'RSS MiB',
    ],
    rows.map((r) => [
      r.scenario,
      String(r.events),
      fmtMs(r.move.p50),
      fmtMs(r.moveCpuMs),
      fmtMs(r.page.p50),
      fmtRate(r.catchUpPerSecond),
      fmtMs(r.gameAt.p50),
      r.rssMiB.toFixed(0),
    ]),
  );
  const youngest = Math.min(...config.agingAges);
  const oldest = Math.max(...config.agingAges);
  for (const scenario of ['rotation', 'back and forth'] as const) {
    const young = rows.find((r) => r.scenario === scenario && r.events >= youngest);
    const old = rows.filter((r) => r.scenario === scenario).at(-1);
    if (!young || !old) continue;
    const moveRatio = old.move.p50 / young.move.p50;
    targets.push({
      target: `aging (${scenario}): move at ${oldest} events ≤ 1.2× at ${youngest}`,
      measured: `${fmtMs(old.move.p50)} vs ${fmtMs(young.move.p50)} ms (${fmtRatio(moveRatio)}; CPU ${fmtMs(old.moveCpuMs)} vs ${fmtMs(young.moveCpuMs)} ms)`,
      threshold: '≤ 1.2×',
      met: moveRatio <= 1.2,
    });
    const pageRatio = old.page.p50 / young.page.p50;
    targets.push({
      target: `aging (${scenario}): last-100 page at ${oldest} events ≤ 1.2× at ${youngest}`,
      measured: `${fmtMs(old.page.p50)} vs ${fmtMs(young.page.p50)} ms (${fmtRatio(pageRatio)})`,
      threshold: '≤ 1.2×',
      met: pageRatio <= 1.2,
    });
    targets.push({
      target: `aging (${scenario}): catch-up from seq 0 ≥ 10,000 events/s`,
      measured: `${fmtRate(old.catchUpPerSecond)} events/s at ${old.events} events`,
      threshold: '≥ 10,000 events/s',
      met: old.catchUpPerSecond >= 10_000,
    });
    targets.push({
      target: `aging (${scenario}): gameAt at the last seq of a ${oldest}-event game ≤ 100 ms`,
      measured: `${fmtMs(old.gameAt.p50)} ms p50`,
      threshold: '≤ 100 ms',
      met: old.gameAt.p50 <= 100,
    });
  }
  targets.push(
    {
      target: 'createGame 2 × 60 cards: p50 ≤ 15 ms',
      measured: `${fmtMs(created.one.p50)} ms`,
      threshold: '≤ 15 ms',
      met: created.one.p50 <= 15,
    },
    {
      target: 'createGame: ≥ 200 games/s (40 concurrent)',
      measured: `${fmtRate(created.perSecond)} games/s`,
      threshold: '≥ 200 games/s',
      met: created.perSecond >= 200,
    },
    {
      target: 'a cached 120-card game ≤ 64 KiB of RSS',
      measured: `${active.perGameKiB.toFixed(1)} KiB (${config.agingActiveGames} games)`,
      threshold: '≤ 64 KiB',
      met: active.perGameKiB <= 64,
    },
    {
      target: `${config.agingActiveGames} active games: move p99 on random ones ≤ 2× on one game`,
      measured: `${fmtMs(active.random.p99)} vs ${fmtMs(active.one.p99)} ms (${fmtRatio(active.random.p99 / active.one.p99)})`,
      threshold: '≤ 2×',
      met: active.random.p99 <= 2 * active.one.p99,
    },
  );
  if (floodResult)
    targets.push(
      {
        target: '64 concurrent last-100 pages from one seat: RSS < 512 MiB',
        measured: `peak ${floodResult.peakRssMiB.toFixed(0)} MiB; ${floodResult.answered} answered, ${floodResult.refused} RATE_LIMITED, ${floodResult.other} other errors`,
        threshold: '< 512 MiB, 0 other errors',
        met: floodResult.peakRssMiB < 512 && floodResult.other === 0,
      },
      {
        target: "… meanwhile another seat's moves p99 ≤ 50 ms",
        measured: `${fmtMs(floodResult.moves.p99)} ms (${floodResult.moves.count} moves)`,
        threshold: '≤ 50 ms',
        met: floodResult.moves.p99 <= 50,
      },
    );
  const markdown = [
    ageTable,
    '',
    table(
      ['createGame (2 × 60 cards)', 'value'],
      [
        ['one at a time, p50 / p99 ms', `${fmtMs(created.one.p50)} / ${fmtMs(created.one.p99)}`],
        ['40 concurrent, games/s', fmtRate(created.perSecond)],
      ],
    ),
    '',
    table(
      [`${config.agingActiveGames} active games`, 'value'],
      [
        ['RSS per cached game, KiB', active.perGameKiB.toFixed(1)],
        ['service RSS after, MiB', active.rssMiB.toFixed(0)],
        ['move on one game p50 / p99 ms', `${fmtMs(active.one.p50)} / ${fmtMs(active.one.p99)}`],
        ['move on random games p50 / p99 ms', `${fmtMs(active.random.p50)} / ${fmtMs(active.random.p99)}`],
      ],
    ),
  ].join('\n');
  return { title: 'Aging: long games, many games', markdown, targets };
}
