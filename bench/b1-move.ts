/**
 * B1, a move: the GraphQL mutation `moveObjects` over HTTP against a raw `pg` client running the
 * bare transaction a move needs: lock the game row, move one card, bump version and last_seq,
 * append the event. Both draw the top card of a library into the hand, then put it on the bottom
 * of the library, and so on, on the same games (created through the API).
 */
import { connectClients } from './lib/database.js';
import type pg from 'pg';
import { openB0, type B0Run } from './lib/b0.js';
import type { BenchConfig } from './lib/config.js';
import { ApiMover, createBenchGames, type BenchGame, type BenchSeat } from './lib/fixtures.js';
import type { GraphqlClient } from './lib/graphql.js';
import { table, type BenchLog, type CaseReport } from './lib/report.js';
import { closedLoop, openLoop, type RunResult } from './lib/runner.js';
import { fmtMs, fmtRate, fmtRatio } from './lib/stats.js';

/** The baseline: the same transaction, hand-written, one round trip per statement. */
export class RawMover {
  #held: string | null = null;

  constructor(
    private readonly client: pg.Client,
    private readonly game: BenchGame,
    private readonly seat: BenchSeat,
    /** A real event payload (JSON text) of the service's, so the row written is the same size. */
    private readonly payload: string,
  ) {}

  async move(): Promise<void> {
    const c = this.client;
    const { libraryId, handId, playerId } = this.seat;
    const draw = this.#held === null;
    const entry = JSON.stringify([
      {
        fromZoneType: draw ? 'library' : 'hand',
        toZoneType: draw ? 'hand' : 'library',
        by: 'EFFECT',
        reason: 'MTG 400.7',
      },
    ]);
    await c.query('BEGIN');
    try {
      await c.query('SELECT version, last_seq FROM game WHERE id = $1 FOR UPDATE', [this.game.id]);
      const moved = draw
        ? await c.query<{ key: string }>(
            `UPDATE game_object SET zone_id = $2, public_id = gen_random_uuid(), history = history || $3::jsonb,
               sort_key = (SELECT coalesce(min(sort_key), 0) - 1 FROM game_object WHERE game_id = $4 AND zone_id = $2)
             WHERE game_id = $4 AND key = (SELECT key FROM game_object WHERE game_id = $4 AND zone_id = $1
                          AND host_key IS NULL ORDER BY sort_key LIMIT 1)
             RETURNING key`,
            [libraryId, handId, entry, this.game.id],
          )
        : await c.query<{ key: string }>(
            `UPDATE game_object SET zone_id = $2, public_id = gen_random_uuid(), history = history || $3::jsonb,
               sort_key = (SELECT coalesce(max(sort_key), 0) + 1 FROM game_object WHERE game_id = $4 AND zone_id = $2)
             WHERE game_id = $4 AND key = $1
             RETURNING key`,
            [this.#held, libraryId, entry, this.game.id],
          );
      const key = moved.rows[0]?.key;
      if (!key) throw new Error('raw move found no card');
      const bumped = await c.query<{ version: number; last_seq: number }>(
        `UPDATE game SET version = version + 1, last_seq = last_seq + 1, updated_at = now()
         WHERE id = $1 RETURNING version, last_seq`,
        [this.game.id],
      );
      const row = bumped.rows[0];
      if (!row) throw new Error('game vanished');
      await c.query(
        `INSERT INTO game_event (game_id, seq, kind, version, actor_kind, actor_player_id, payload)
         VALUES ($1, $2, 'OBJECTS_MOVED', $3, 'PLAYER', $4, $5::jsonb)`,
        [this.game.id, row.last_seq, row.version, playerId, this.payload],
      );
      await c.query('COMMIT');
      this.#held = draw ? key : null;
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }
}

interface Side {
  readonly name: 'baseline' | 'service';
  /** One mover per slot; `slot` picks it. */
  op(slot: number): Promise<void>;
}

function sideOf(name: Side['name'], movers: readonly { move(): Promise<unknown> }[]): Side {
  return {
    name,
    op: async (slot) => {
      const mover = movers[slot];
      if (!mover) throw new Error(`no mover for slot ${slot}`);
      await mover.move();
    },
  };
}

/** A B0 run that could not be made: every figure n/a. */
const failedB0: B0Run = {
  throughput: Number.NaN,
  p50: Number.NaN,
  p90: Number.NaN,
  p99: Number.NaN,
  max: Number.NaN,
  errors: 0,
};

function errorNote(r: RunResult): string {
  return r.errors ? ` (${r.errors} errors: ${r.firstError ?? ''})` : '';
}

export async function runB1(deps: {
  api: GraphqlClient;
  databaseUrl: string;
  config: BenchConfig;
  log: BenchLog;
  /** CPU time the service process has used so far (ms). */
  serviceCpuMs: () => Promise<number>;
  /** The service's event-loop delay since the last call (from /metrics), seconds. */
  serviceLoopDelay: () => Promise<{ p50: number; p99: number; max: number } | null>;
}): Promise<CaseReport> {
  const { api, config, log } = deps;
  const maxClients = Math.max(...config.concurrency);
  log(`B1: creating ${maxClients + 1} games of ${config.gameObjects} objects`);
  const games = await createBenchGames(api, maxClients + (config.contended ? 1 : 0), config.gameObjects, {
    layout: true,
  });
  const ownGames = games.slice(0, maxClients);
  const shared = games[maxClients];

  // One API move on a game, to take a real event payload for the baseline's INSERT.
  const probe = games[0];
  if (!probe?.seats[0]) throw new Error('no game');
  const probeMover = new ApiMover(api, probe, probe.seats[0]);
  await probeMover.move();
  await probeMover.move();
  const clients = await connectClients(deps.databaseUrl, maxClients);
  try {
    const first = clients[0];
    if (!first) throw new Error('no client');
    const payload = (
      await first.query<{ payload: string }>(
        'SELECT payload::text AS payload FROM game_event WHERE game_id = $1 ORDER BY seq DESC LIMIT 1',
        [probe.id],
      )
    ).rows[0]?.payload;
    if (!payload) throw new Error('no event payload to copy');
    const b0 = await openB0(deps.databaseUrl, ownGames, payload);
    log(`  B0: ${b0.tool}`);

    const seatOf = (g: BenchGame, i: number): BenchSeat => {
      const s = g.seats[i % g.seats.length];
      if (!s) throw new Error('no seat');
      return s;
    };
    // Separate movers per side: each side's held cards are its own.
    const apiMovers = (gs: readonly BenchGame[]) => gs.map((g, i) => new ApiMover(api, g, seatOf(g, i)));
    const rawMovers = (gs: readonly BenchGame[]) =>
      gs.map((g, i) => {
        const client = clients[i];
        if (!client) throw new Error('no client');
        return new RawMover(client, g, seatOf(g, i), payload);
      });

    /** Service CPU per completed operation over the run (warm-up included), in ms. */
    const cpuPerOp = new Map<RunResult, number>();
    const run = async (side: Side, concurrency: number, label: string): Promise<RunResult> => {
      const cpu0 = side.name === 'service' ? await deps.serviceCpuMs() : 0;
      const r = await closedLoop({
        concurrency,
        seconds: config.seconds,
        warmupSeconds: config.warmupSeconds,
        op: side.op,
      });
      if (side.name === 'service')
        cpuPerOp.set(r, ((await deps.serviceCpuMs()) - cpu0) / Math.max(1, r.completed));
      log(
        `  ${label} ${side.name} c=${concurrency}: ${fmtRate(r.throughput)} ops/s, p50 ${fmtMs(r.latency.p50)} ms, p99 ${fmtMs(r.latency.p99)} ms${side.name === 'service' ? `, service CPU ${fmtMs(cpuPerOp.get(r) ?? Number.NaN)} ms/op` : ''}${errorNote(r)}`,
      );
      return r;
    };

    // Throughput, each client on its own game. Movers persist across runs so held cards carry over.
    const ownApi = sideOf('service', apiMovers(ownGames));
    const ownRaw = sideOf('baseline', rawMovers(ownGames));
    const rows: string[][] = [];
    const peak = { b0: 0, baseline: 0, service: 0 };
    const closedRuns: Record<string, unknown>[] = [];
    /** One closed-loop row of results.json: the baseline, the service and its event-loop delay. */
    const closedRun = (
      clients: number,
      games: 'own' | 'one',
      b: Awaited<ReturnType<typeof run>>,
      s: Awaited<ReturnType<typeof run>>,
      loop: Awaited<ReturnType<typeof deps.serviceLoopDelay>>,
    ) => ({
      clients,
      games,
      baselineOpsPerSecond: b.throughput,
      serviceOpsPerSecond: s.throughput,
      serviceP50Ms: s.latency.p50,
      serviceP99Ms: s.latency.p99,
      serviceCpuMsPerMove: cpuPerOp.get(s) ?? null,
      serviceEventLoopDelayP99Ms: loop ? loop.p99 * 1000 : null,
      serviceEventLoopDelayMaxMs: loop ? loop.max * 1000 : null,
    });
    for (const c of config.concurrency) {
      // A B0 run that fails (e.g. the server's max_connections) costs its row's B0 figures, not B1.
      const z = await b0.closed(c, config.seconds, config.warmupSeconds).catch((err: unknown) => {
        log(`  own games B0 c=${c} FAILED: ${err instanceof Error ? err.message : String(err)}`);
        return failedB0;
      });
      log(
        `  own games B0 c=${c}: ${fmtRate(z.throughput)} ops/s, p50 ${fmtMs(z.p50)} ms, p99 ${fmtMs(z.p99)} ms`,
      );
      const b = await run(ownRaw, c, 'own games');
      await deps.serviceLoopDelay();
      const s = await run(ownApi, c, 'own games');
      const loop = await deps.serviceLoopDelay();
      if (Number.isFinite(z.throughput)) peak.b0 = Math.max(peak.b0, z.throughput);
      peak.baseline = Math.max(peak.baseline, b.throughput);
      peak.service = Math.max(peak.service, s.throughput);
      closedRuns.push({ ...closedRun(c, 'own', b, s, loop), b0OpsPerSecond: z.throughput });
      rows.push([
        `${c}, own games`,
        fmtRate(z.throughput),
        fmtRate(b.throughput),
        fmtRate(s.throughput),
        fmtRatio(s.throughput / z.throughput),
        fmtRatio(s.throughput / b.throughput),
        `${fmtMs(z.p50)} / ${fmtMs(b.latency.p50)} / ${fmtMs(s.latency.p50)}`,
        fmtMs(cpuPerOp.get(s) ?? Number.NaN),
        loop ? `${fmtMs(loop.p99 * 1000)} / ${fmtMs(loop.max * 1000)}` : 'n/a',
        String(z.errors + b.errors + s.errors),
      ]);
    }
    let contendedRatio = Number.NaN;
    if (shared) {
      const sharedGames = Array.from({ length: maxClients }, () => shared);
      const sharedApi = sideOf('service', apiMovers(sharedGames));
      const sharedRaw = sideOf('baseline', rawMovers(sharedGames));
      for (const c of config.concurrency.filter((x) => x > 1)) {
        const b = await run(sharedRaw, c, 'one game');
        await deps.serviceLoopDelay();
        const s = await run(sharedApi, c, 'one game');
        const loop = await deps.serviceLoopDelay();
        contendedRatio = s.throughput / b.throughput;
        closedRuns.push(closedRun(c, 'one', b, s, loop));
        rows.push([
          `${c}, one game`,
          'n/a',
          fmtRate(b.throughput),
          fmtRate(s.throughput),
          'n/a',
          fmtRatio(contendedRatio),
          `– / ${fmtMs(b.latency.p50)} / ${fmtMs(s.latency.p50)}`,
          fmtMs(cpuPerOp.get(s) ?? Number.NaN),
          loop ? `${fmtMs(loop.p99 * 1000)} / ${fmtMs(loop.max * 1000)}` : 'n/a',
          String(b.errors + s.errors),
        ]);
      }
    }

    // Latency at half the service's peak, open loop over the own games, every side at that same
    // offered rate: a p99 compares only under equal load.
    const rate = Math.max(1, peak.service / 2);
    const half = async (side: Side) => {
      if (side.name === 'service') await deps.serviceLoopDelay();
      const cpu0 = side.name === 'service' ? await deps.serviceCpuMs() : 0;
      const r = await openLoop({
        rate,
        seconds: config.seconds,
        warmupSeconds: config.warmupSeconds,
        slots: maxClients,
        op: side.op,
      });
      // The service's CPU per move over the run (warm-up included) and, times the offered rate, the
      // share of one core its event loop spent: the open loop's queueing grows with that share.
      const cpuMs =
        side.name === 'service' ? ((await deps.serviceCpuMs()) - cpu0) / Math.max(1, r.completed) : null;
      const loop = side.name === 'service' ? await deps.serviceLoopDelay() : null;
      log(
        `  open loop ${side.name} @ ${fmtRate(rate)}/s: p50 ${fmtMs(r.latency.p50)} ms, p99 ${fmtMs(r.latency.p99)} ms, dropped ${r.dropped}, generator loop delay p99 ${fmtMs(r.generatorLoopDelay.p99)} ms${loop ? `, service loop delay p99 ${fmtMs(loop.p99 * 1000)} ms max ${fmtMs(loop.max * 1000)} ms` : ''}${cpuMs === null ? '' : `, service CPU ${fmtMs(cpuMs)} ms/move (${fmtRatio((rate * cpuMs) / 1000)} of a core)`}${errorNote(r)}`,
      );
      return { r, loop, cpuMs };
    };
    const lz = await b0.open(rate, maxClients, config.seconds, config.warmupSeconds).catch((err: unknown) => {
      log(`  open loop B0 FAILED: ${err instanceof Error ? err.message : String(err)}`);
      return failedB0;
    });
    log(`  open loop B0 @ ${fmtRate(rate)}/s: p50 ${fmtMs(lz.p50)} ms, p99 ${fmtMs(lz.p99)} ms`);
    const lb = await half(ownRaw);
    const ls = await half(ownApi);
    await b0.close();

    /** The closed-loop service CPU per move by clients (own games), beside the open loop's. */
    const closedCpuText = () =>
      closedRuns
        .filter((c) => c['games'] === 'own')
        .map(
          (c) =>
            `${String(c['clients'])} client${c['clients'] === 1 ? '' : 's'} ${fmtMs(Number(c['serviceCpuMsPerMove'] ?? Number.NaN))} ms`,
        )
        .join(', ');
    const ratio = peak.service / peak.baseline;
    const ratioB0 = peak.service / peak.b0;
    const bestP99 = Math.min(...[lz.p99, lb.r.latency.p99].filter(Number.isFinite));
    const p99Ratio = ls.r.latency.p99 / bestP99;
    const serviceCpu = [...cpuPerOp.values()];
    const lineOf = (
      name: string,
      l: Pick<B0Run, 'p50' | 'p90' | 'p99' | 'max'>,
      dropped: string,
      loop: string,
    ) => [name, fmtRate(rate), fmtMs(l.p50), fmtMs(l.p90), fmtMs(l.p99), fmtMs(l.max), dropped, loop];
    const markdown = [
      table(
        [
          'clients',
          'B0 ops/s',
          'baseline ops/s',
          'service ops/s',
          'service/B0',
          'service/baseline',
          'p50 ms (B0 / baseline / service)',
          'service CPU ms/op',
          'service event-loop delay p99 / max ms',
          'errors',
        ],
        rows,
      ),
      '',
      table(
        [
          'latency at half the service’s peak (open loop)',
          'offered ops/s',
          'p50 ms',
          'p90 ms',
          'p99 ms',
          'max ms',
          'dropped',
          'event-loop delay p99 / max ms (service; generator)',
        ],
        [
          lineOf('B0', lz, '–', '–'),
          lineOf(
            'baseline',
            lb.r.latency,
            String(lb.r.dropped),
            `–; ${fmtMs(lb.r.generatorLoopDelay.p99)} / ${fmtMs(lb.r.generatorLoopDelay.max)}`,
          ),
          lineOf(
            'service',
            ls.r.latency,
            String(ls.r.dropped),
            `${ls.loop ? `${fmtMs(ls.loop.p99 * 1000)} / ${fmtMs(ls.loop.max * 1000)}` : 'n/a'}; ${fmtMs(ls.r.generatorLoopDelay.p99)} / ${fmtMs(ls.r.generatorLoopDelay.max)}`,
          ),
        ],
      ),
      '',
      (ls.cpuMs === null
        ? ''
        : `The service's CPU in the open loop: ${fmtMs(ls.cpuMs)} ms per move, ${fmtRatio((rate * ls.cpuMs) / 1000)} of one core at ${fmtRate(rate)}/s ` +
          `(its one event loop; in the closed loop ${closedCpuText()}). `) +
        `B0 is ${b0.tool} running the move as one SQL statement (bench/lib/b0.ts). ` +
        `Peak throughput: B0 ${fmtRate(peak.b0)} ops/s, baseline ${fmtRate(peak.baseline)} ops/s, service ${fmtRate(peak.service)} ops/s ` +
        `(service/B0 ${fmtRatio(ratioB0)}, service/baseline ${fmtRatio(ratio)}).` +
        (Number.isFinite(contendedRatio)
          ? ` Contended (one game, ${maxClients} clients): ${fmtRatio(contendedRatio)} of the baseline.`
          : ''),
    ].join('\n');
    return {
      title: 'B1, a move (`moveObjects`)',
      markdown,
      targets: [
        {
          target: 'B1 move throughput ≥ 0.5× baseline (peak, own games)',
          measured: fmtRatio(ratio),
          threshold: '≥ 0.5×',
          met: Number.isFinite(ratio) ? ratio >= 0.5 : null,
        },
        {
          target: 'service/B0 at peak moves (reported)',
          measured: `${fmtRatio(ratioB0)} (${fmtRate(peak.service)} / ${fmtRate(peak.b0)} ops/s, ${b0.tool})`,
          threshold: '≥ 0.5×',
          met: Number.isFinite(ratioB0) ? ratioB0 >= 0.5 : null,
        },
        {
          target: 'service CPU per move ≤ 0.4 ms (every closed-loop run)',
          measured: `${fmtMs(Math.min(...serviceCpu))}–${fmtMs(Math.max(...serviceCpu))} ms`,
          threshold: '≤ 0.4 ms',
          met: serviceCpu.length ? Math.max(...serviceCpu) <= 0.4 : null,
        },
        {
          target: 'open-loop move p99 at half the service’s peak ≤ 2× B0’s or the baseline’s at that rate',
          measured: `${fmtMs(ls.r.latency.p99)} vs ${fmtMs(lz.p99)} (B0) / ${fmtMs(lb.r.latency.p99)} ms (baseline) at ${fmtRate(rate)}/s: ${fmtRatio(p99Ratio)}`,
          threshold: '≤ 2×',
          met: Number.isFinite(p99Ratio) ? p99Ratio <= 2 : null,
        },
      ],
      results: {
        b0Tool: b0.tool,
        peakOpsPerSecond: peak,
        serviceOverB0: ratioB0,
        serviceOverBaseline: ratio,
        contendedServiceOverBaseline: Number.isFinite(contendedRatio) ? contendedRatio : null,
        closedLoop: closedRuns,
        openLoop: {
          offeredOpsPerSecond: rate,
          b0: lz,
          baseline: { ...lb.r.latency, dropped: lb.r.dropped, generatorLoopDelay: lb.r.generatorLoopDelay },
          service: {
            ...ls.r.latency,
            dropped: ls.r.dropped,
            generatorLoopDelay: ls.r.generatorLoopDelay,
            serviceCpuMsPerMove: ls.cpuMs,
            serviceCoreShare: ls.cpuMs === null ? null : (rate * ls.cpuMs) / 1000,
            serviceEventLoopDelayMs: ls.loop
              ? { p50: ls.loop.p50 * 1000, p99: ls.loop.p99 * 1000, max: ls.loop.max * 1000 }
              : null,
          },
          p99OverBest: p99Ratio,
        },
      },
    };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}
