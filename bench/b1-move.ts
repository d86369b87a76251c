/**
 * B1, a move: the GraphQL mutation `moveObjects` over HTTP against a raw `pg` client running the
 * bare transaction a move needs: lock the game row, move one card, bump version and last_seq,
 * append the event. Both draw the top card of a library into the hand, then put it on the bottom
 * of the library, and so on, on the same games (created through the API).
 */
import type pg from 'pg';
import { connectClients } from './lib/database.js';
import { ApiMover, createBenchGames, type BenchGame, type BenchSeat } from './lib/fixtures.js';
import { table, type CaseDeps, type CaseReport } from './lib/report.js';
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
               sort_key = (SELECT coalesce(min(sort_key), 0) - 1 FROM game_object WHERE zone_id = $2)
             WHERE key = (SELECT key FROM game_object WHERE zone_id = $1 AND host_key IS NULL
                          ORDER BY sort_key LIMIT 1)
             RETURNING key`,
            [libraryId, handId, entry],
          )
        : await c.query<{ key: string }>(
            `UPDATE game_object SET zone_id = $2, public_id = gen_random_uuid(), history = history || $3::jsonb,
               sort_key = (SELECT coalesce(max(sort_key), 0) + 1 FROM game_object WHERE zone_id = $2)
             WHERE key = $1
             RETURNING key`,
            [this.#held, libraryId, entry],
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

function errorNote(r: RunResult): string {
  return r.errors ? ` (${r.errors} errors: ${r.firstError ?? ''})` : '';
}

export async function runB1(deps: CaseDeps): Promise<CaseReport> {
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
    const row = (label: string, b: RunResult, s: RunResult) => [
      label,
      fmtRate(b.throughput),
      fmtRate(s.throughput),
      fmtRatio(s.throughput / b.throughput),
      `${fmtMs(b.latency.p50)} / ${fmtMs(s.latency.p50)}`,
      fmtMs(cpuPerOp.get(s) ?? Number.NaN),
      String(b.errors + s.errors),
    ];
    const peak = { baseline: 0, service: 0 };
    for (const c of config.concurrency) {
      const b = await run(ownRaw, c, 'own games');
      const s = await run(ownApi, c, 'own games');
      peak.baseline = Math.max(peak.baseline, b.throughput);
      peak.service = Math.max(peak.service, s.throughput);
      rows.push(row(`${c}, own games`, b, s));
    }
    let contendedRatio = Number.NaN;
    if (shared) {
      const sharedGames = Array.from({ length: maxClients }, () => shared);
      const sharedApi = sideOf('service', apiMovers(sharedGames));
      const sharedRaw = sideOf('baseline', rawMovers(sharedGames));
      for (const c of config.concurrency.filter((x) => x > 1)) {
        const b = await run(sharedRaw, c, 'one game');
        const s = await run(sharedApi, c, 'one game');
        contendedRatio = s.throughput / b.throughput;
        rows.push(row(`${c}, one game`, b, s));
      }
    }

    // Latency at half of each side's own peak throughput, open loop over the own games.
    const half = async (side: Side, peakRate: number) => {
      const rate = Math.max(1, peakRate / 2);
      const r = await openLoop({
        rate,
        seconds: config.seconds,
        warmupSeconds: config.warmupSeconds,
        slots: maxClients,
        op: side.op,
      });
      log(
        `  open loop ${side.name} @ ${fmtRate(rate)}/s: p50 ${fmtMs(r.latency.p50)} ms, p99 ${fmtMs(r.latency.p99)} ms, dropped ${r.dropped}${errorNote(r)}`,
      );
      return { rate, r };
    };
    const lb = await half(ownRaw, peak.baseline);
    const ls = await half(ownApi, peak.service);

    const ratio = peak.service / peak.baseline;
    const markdown = [
      table(
        [
          'clients',
          'baseline ops/s',
          'service ops/s',
          'service/baseline',
          'p50 ms (baseline / service)',
          'service CPU ms/op',
          'errors',
        ],
        rows,
      ),
      '',
      table(
        [
          'latency at half peak (open loop)',
          'offered ops/s',
          'p50 ms',
          'p90 ms',
          'p99 ms',
          'max ms',
          'dropped',
        ],
        [
          [
            'baseline',
            fmtRate(lb.rate),
            fmtMs(lb.r.latency.p50),
            fmtMs(lb.r.latency.p90),
            fmtMs(lb.r.latency.p99),
            fmtMs(lb.r.latency.max),
            String(lb.r.dropped),
          ],
          [
            'service',
            fmtRate(ls.rate),
            fmtMs(ls.r.latency.p50),
            fmtMs(ls.r.latency.p90),
            fmtMs(ls.r.latency.p99),
            fmtMs(ls.r.latency.max),
            String(ls.r.dropped),
          ],
        ],
      ),
      '',
      `Peak throughput: baseline ${fmtRate(peak.baseline)} ops/s, service ${fmtRate(peak.service)} ops/s (${fmtRatio(ratio)}).` +
        (Number.isFinite(contendedRatio)
          ? ` Contended (one game, ${maxClients} clients): ${fmtRatio(contendedRatio)}.`
          : ''),
    ].join('\n');
    return {
      title: 'B1, a move (`moveObjects`)',
      markdown,
      targets: [
        {
          target: 'B1 move throughput ≥ 0.5× baseline (peak, own games)',
          measured: fmtRatio(ratio),
          met: Number.isFinite(ratio) ? ratio >= 0.5 : null,
        },
      ],
    };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}
