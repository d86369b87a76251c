/**
 * A probe of B4's shuffle (not part of `npm run bench`): one fresh service per compiled entry
 * (PROBE_ENTRIES, comma-separated; the first is the "before" side), each on a database of its own
 * in one PostgreSQL (DATABASE_URL; its server should load `pg_stat_statements` for the census), each
 * with B4's game (two seats of 60 cards, every card in its library, each seat's entropy added).
 *
 * 1. Census: for each entry alone, PROBE_CENSUS shuffles of seat 0's library, with the database's
 *    statements (`pg_stat_statements`, this database only), transactions (`pg_stat_database`) and
 *    WAL (`pg_stat_wal`, the whole server: run it on a server of your own) counted over them.
 * 2. Paired: PROBE_ROUNDS rounds of PROBE_SHUFFLES shuffles on each entry, the order alternating
 *    every round; per round the service's CPU per shuffle, the latency p50 and the database's own
 *    time per shuffle (its statements' execution time, `pg_stat_statements`); the ratios of each
 *    entry against the first with their 95% intervals (bench/lib/stats.ts).
 *
 *     DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres \
 *       PROBE_ENTRIES=/work/wt/before39/dist/main.js,dist/main.js npx tsx bench/shuffle-probe.ts
 */
import pg from 'pg';
import { SHUFFLE } from './b4-shuffle.js';
import { openBenchDatabase, type BenchDatabase } from './lib/database.js';
import { createBenchGame } from './lib/fixtures.js';
import { graphqlClient } from './lib/graphql.js';
import { loadAverage } from './lib/machine.js';
import { startService, type ServiceProcess } from './lib/service.js';
import { fmtRatioEstimate, Latencies, pairedRatio } from './lib/stats.js';

const entries = (process.env['PROBE_ENTRIES'] || 'dist/main.js').split(',');
const rounds = Number(process.env['PROBE_ROUNDS'] || 16);
const shuffles = Number(process.env['PROBE_SHUFFLES'] || 100);
const census = Number(process.env['PROBE_CENSUS'] || 200);

interface Side {
  readonly entry: string;
  readonly db: BenchDatabase;
  readonly service: ServiceProcess;
  readonly shuffle: () => Promise<unknown>;
  readonly close: () => void;
}

async function openSide(entry: string): Promise<Side> {
  const db = await openBenchDatabase();
  const service = await startService(
    db.url,
    { WORKERS: '1', WORK_LIMIT_PER_PRINCIPAL: '64', WORK_LIMIT_PER_CLIENT: '64' },
    { entry },
  );
  const api = graphqlClient(service.url);
  const deck = await createBenchGame(api, 120, { layout: false, seatEntropy: true });
  const seat = deck.seats[0]!;
  return {
    entry,
    db,
    service,
    shuffle: () => api.request(SHUFFLE, { input: { gameId: deck.id, zoneId: seat.libraryId } }, seat.token),
    close: () => api.close(),
  };
}

interface Counters {
  readonly xact: number;
  readonly walRecords: number;
  readonly walBytes: number;
  readonly walSync: number;
  /** ms; 0 unless the server tracks WAL timing (`track_wal_io_timing`). */
  readonly walSyncMs: number;
}

async function counters(client: pg.Client, database: string): Promise<Counters> {
  // The statistics a backend reads are a snapshot per transaction: cleared so each read is current.
  await client.query('SELECT pg_stat_clear_snapshot()');
  const x = await client.query<{ xact: string }>(
    'SELECT xact_commit + xact_rollback AS xact FROM pg_stat_database WHERE datname = $1',
    [database],
  );
  const w = await client.query<{
    wal_records: string;
    wal_bytes: string;
    wal_sync: string;
    wal_sync_time: string;
  }>('SELECT wal_records, wal_bytes, wal_sync, wal_sync_time FROM pg_stat_wal');
  return {
    xact: Number(x.rows[0]?.xact ?? 0),
    walRecords: Number(w.rows[0]?.wal_records ?? 0),
    walBytes: Number(w.rows[0]?.wal_bytes ?? 0),
    walSync: Number(w.rows[0]?.wal_sync ?? 0),
    walSyncMs: Number(w.rows[0]?.wal_sync_time ?? 0),
  };
}

/** Statements, transactions and WAL of `n` shuffles on one side, alone. */
async function takeCensus(side: Side, n: number): Promise<void> {
  const database = new URL(side.db.url).pathname.slice(1);
  const client = new pg.Client({ connectionString: side.db.url });
  await client.connect();
  try {
    const hasPss = await client
      .query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
      .then(() => client.query('SELECT pg_stat_statements_reset()'))
      .then(
        () => true,
        () => false,
      );
    const c0 = await counters(client, database);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await side.shuffle();
    const wall = (performance.now() - t0) / n;
    const c1 = await counters(client, database);
    const per = (k: keyof Counters) => ((c1[k] - c0[k]) / n).toFixed(2);
    process.stdout.write(
      `\ncensus ${side.entry}: ${n} shuffles, ${wall.toFixed(2)} ms each; per shuffle: transactions ${per('xact')}, ` +
        `WAL records ${per('walRecords')}, WAL bytes ${per('walBytes')}, WAL syncs ${per('walSync')} taking ${per('walSyncMs')} ms (server-wide)\n`,
    );
    if (!hasPss) return void process.stdout.write('  (no pg_stat_statements on this server)\n');
    const { rows } = await client.query<{ calls: string; ms: string; rows: string; query: string }>(
      `SELECT s.calls, s.total_exec_time AS ms, s.rows, s.query FROM pg_stat_statements s
         JOIN pg_database d ON d.oid = s.dbid
        WHERE d.datname = $1 AND s.query NOT LIKE '%pg_stat%' AND s.query NOT LIKE 'CREATE EXTENSION%'
        ORDER BY s.calls DESC, s.total_exec_time DESC`,
      [database],
    );
    for (const r of rows)
      process.stdout.write(
        `  ${(Number(r.calls) / n).toFixed(2)}/shuffle ${(Number(r.ms) / Number(r.calls)).toFixed(3)} ms/call  ` +
          `${r.query.replace(/\s+/g, ' ').slice(0, 150)}\n`,
      );
  } finally {
    await client.end();
  }
}

const sides: Side[] = [];
try {
  process.stdout.write(`load average ${loadAverage()}\n`);
  for (const entry of entries) sides.push(await openSide(entry));
  for (const s of sides) for (let i = 0; i < shuffles; i++) await s.shuffle();
  if (census > 0) for (const s of sides) await takeCensus(s, census);
  const samples = sides.map(() => ({ cpu: [] as number[], p50: [] as number[], pg: [] as number[] }));
  const stats = new pg.Client({ connectionString: sides[0]!.db.url });
  await stats.connect();
  await stats.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements').catch(() => undefined);
  // The database's own time in each side's statements (pg_stat_statements, top-level; NaN without it).
  const dbMs = async (s: Side) => {
    const r = await stats
      .query<{ ms: number | null }>(
        `SELECT sum(total_exec_time)::float8 AS ms FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = $1 AND s.toplevel`,
        [new URL(s.db.url).pathname.slice(1)],
      )
      .catch(() => ({ rows: [{ ms: null }] }));
    return r.rows[0]?.ms ?? Number.NaN;
  };
  for (let r = 0; r < rounds; r++) {
    const order = sides.map((_, i) => i);
    if (r % 2) order.reverse();
    for (const i of order) {
      const s = sides[i]!;
      const latencies = new Latencies();
      const cpu0 = await s.service.cpuMs();
      const db0 = await dbMs(s);
      for (let k = 0; k < shuffles; k++) {
        const t0 = performance.now();
        await s.shuffle();
        latencies.add(performance.now() - t0);
      }
      samples[i]!.cpu.push(((await s.service.cpuMs()) - cpu0) / shuffles);
      samples[i]!.p50.push(latencies.summary().p50);
      samples[i]!.pg.push(((await dbMs(s)) - db0) / shuffles);
    }
    process.stdout.write(
      `round ${r + 1} (load ${loadAverage()}): ${sides.map((s, i) => `${s.entry} cpu ${samples[i]!.cpu.at(-1)!.toFixed(2)} db ${samples[i]!.pg.at(-1)!.toFixed(2)} p50 ${samples[i]!.p50.at(-1)!.toFixed(2)}`).join(' | ')}\n`,
    );
  }
  const first = samples[0]!;
  for (const [i, s] of sides.entries()) {
    if (i === 0) continue;
    const mine = samples[i]!;
    process.stdout.write(
      `${s.entry} ÷ ${sides[0]!.entry}: CPU ${fmtRatioEstimate(pairedRatio(mine.cpu, first.cpu, { atMost: 1.2 }))}, ` +
        `latency p50 ${fmtRatioEstimate(pairedRatio(mine.p50, first.p50, { atMost: 1.2 }))}, ` +
        `database time ${fmtRatioEstimate(pairedRatio(mine.pg, first.pg, { atMost: 1.2 }))}\n`,
    );
  }
  process.stdout.write(`load average ${loadAverage()}\n`);
  await stats.end();
} finally {
  for (const s of sides) {
    s.close();
    await s.service.stop();
    await s.db.release();
  }
}
