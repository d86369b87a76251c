/**
 * B0, the physical limit of the design: the move done in SQL as one statement (lock the game by
 * bumping its version, move one of a seat's objects between the battlefield and its graveyard,
 * append the event, send the notice), the one round trip the service's own commit makes, with no
 * application in between. The battlefield and graveyard are zones the other movers (library to
 * hand and back) never touch, so B0 never moves a card another mover holds.
 *
 * Run by pgbench with the statement as a custom script where pgbench is found (`PATH` or
 * `/usr/lib/postgresql/<version>/bin`), else by raw `pg` clients running the same statement. The
 * statement finds its game by the client's number in a small table (`zk_bench_b0`) filled from
 * the bench's own games, so pgbench needs no per-client variables.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BenchGame, BenchSeat } from './fixtures.js';
import { closedLoop, openLoop, type RunResult } from './runner.js';
import { summarize } from './stats.js';

/** The move, for client `$1` (pgbench: `:client_id`). */
const MOVE_SQL = (slot: string) => `
WITH b AS (SELECT * FROM zk_bench_b0 WHERE n = ${slot}),
g AS (
  UPDATE game SET version = version + 1, last_seq = last_seq + 1, updated_at = now()
  FROM b WHERE game.id = b.game_id RETURNING game.id, game.version, game.last_seq
),
pick AS (
  SELECT o.key, o.zone_id FROM game_object o, b
  WHERE o.game_id = b.game_id AND o.zone_id IN (b.field_id, b.graveyard_id)
    AND o.owner_id = b.player_id AND o.host_key IS NULL
  ORDER BY o.sort_key LIMIT 1
),
moved AS (
  UPDATE game_object o SET
    zone_id = CASE WHEN pick.zone_id = b.field_id THEN b.graveyard_id ELSE b.field_id END,
    sort_key = (SELECT max(x.sort_key) + 1 FROM game_object x
      WHERE x.game_id = b.game_id AND x.zone_id IN (b.field_id, b.graveyard_id)),
    public_id = gen_random_uuid(),
    history = o.history || b.entry
  FROM pick, b WHERE o.game_id = b.game_id AND o.key = pick.key RETURNING o.key
),
ev AS (
  INSERT INTO game_event (game_id, seq, kind, version, actor_kind, actor_player_id, payload)
  SELECT g.id, g.last_seq, 'OBJECTS_MOVED', g.version, 'PLAYER', b.player_id, b.payload FROM g, b
  RETURNING seq
)
SELECT pg_notify('zk_bench_b0', (SELECT seq FROM ev)::text), (SELECT count(*) FROM moved) AS moved`;

/** pgbench, if installed: on PATH or in PostgreSQL's own bin folders (newest first). */
export async function findPgbench(): Promise<string | null> {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    const p = path.join(dir, 'pgbench');
    if (dir && existsSync(p)) return p;
  }
  const root = '/usr/lib/postgresql';
  const versions = await readdir(root).catch(() => [] as string[]);
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) {
    const p = path.join(root, v, 'bin', 'pgbench');
    if (existsSync(p)) return p;
  }
  return null;
}

export interface B0 {
  /** `pgbench <version>` or `pg (raw client)`. */
  readonly tool: string;
  /** Closed loop at `clients` for `seconds`. */
  closed(clients: number, seconds: number, warmupSeconds: number): Promise<B0Run>;
  /** Open loop at `rate` per second over `clients` connections. */
  open(rate: number, clients: number, seconds: number, warmupSeconds: number): Promise<B0Run>;
  close(): Promise<void>;
}

export interface B0Run {
  readonly throughput: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly errors: number;
}

/** Fills `zk_bench_b0` with one row per game (client n moves games[n], seat n % seats). */
async function prepare(databaseUrl: string, games: readonly BenchGame[], payload: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(`DROP TABLE IF EXISTS zk_bench_b0`);
    await c.query(`CREATE TABLE zk_bench_b0 (n int PRIMARY KEY, game_id uuid, field_id uuid, graveyard_id uuid,
      player_id uuid, entry jsonb, payload jsonb)`);
    const entry = JSON.stringify([
      { fromZoneType: 'battlefield', toZoneType: 'graveyard', by: 'EFFECT', reason: 'MTG 400.7' },
    ]);
    for (const [n, g] of games.entries()) {
      const seat = g.seats[n % g.seats.length] as BenchSeat;
      const inserted = await c.query(
        `INSERT INTO zk_bench_b0
         SELECT $1, $2,
           (SELECT f.id FROM zone f WHERE f.game_id = $2 AND f.type = 'battlefield'
            ORDER BY f.owner_id IS NOT DISTINCT FROM $3::uuid DESC LIMIT 1),
           z.id, $3, $4, $5 FROM zone z
         WHERE z.game_id = $2 AND z.type = 'graveyard' AND z.owner_id = $3`,
        [n, g.id, seat.playerId, entry, payload],
      );
      if (inserted.rowCount !== 1) throw new Error('B0: no graveyard for a bench seat');
    }
    // One statement as a check that it moves a card: a silent no-op would measure nothing.
    const r = await c.query<{ moved: string }>(MOVE_SQL('$1'), [0]);
    if (Number(r.rows[0]?.moved) !== 1) throw new Error('B0 statement moved no card');
  } finally {
    await c.end();
  }
}

function run(cmd: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

function fromResult(r: RunResult): B0Run {
  return { throughput: r.throughput, ...pick(r.latency), errors: r.errors };
}

function pick(l: { p50: number; p90: number; p99: number; max: number }) {
  return { p50: l.p50, p90: l.p90, p99: l.p99, max: l.max };
}

export async function openB0(databaseUrl: string, games: readonly BenchGame[], payload: string): Promise<B0> {
  await prepare(databaseUrl, games, payload);
  const pgbench = await findPgbench();
  if (pgbench) {
    const version = (await run(pgbench, ['--version'])).out.trim().replace(/^pgbench \(PostgreSQL\) /, '');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zk-b0-'));
    const script = path.join(dir, 'move.sql');
    // pgbench reads a statement up to its semicolon; one line keeps it one command.
    await writeFile(script, `${MOVE_SQL(':client_id').replace(/\s+/g, ' ').trim()};\n`);
    const jobs = (clients: number) => String(Math.max(1, Math.min(clients, os.cpus().length)));
    const bench = async (clients: number, seconds: number, extra: string[]): Promise<B0Run> => {
      const prefix = path.join(dir, `log-${Date.now()}`);
      const r = await run(pgbench, [
        '-n',
        '-M',
        'prepared',
        '-f',
        script,
        '-c',
        String(clients),
        '-j',
        jobs(clients),
        '-T',
        String(Math.max(1, Math.round(seconds))),
        '-l',
        `--log-prefix=${prefix}`,
        ...extra,
        databaseUrl,
      ]);
      if (r.code !== 0)
        throw new Error(`pgbench failed: ${r.out.trim().split('\n').slice(-3).join(' / ').slice(0, 400)}`);
      const tps = Number(/tps = ([\d.]+)/.exec(r.out)?.[1] ?? Number.NaN);
      const failed = Number(/number of failed transactions: (\d+)/.exec(r.out)?.[1] ?? 0);
      // Per-transaction log: `client_id tx_no time_us script_no epoch epoch_us [lag_us]`; with a
      // rate (-R) the time runs from the scheduled start, so queueing counts (no coordinated omission).
      const latencies: number[] = [];
      for (const f of (await readdir(dir)).filter((n) => n.startsWith(path.basename(prefix)))) {
        for (const line of (await readFile(path.join(dir, f), 'utf8')).split('\n')) {
          const us = Number(line.split(' ')[2]);
          if (line && Number.isFinite(us)) latencies.push(us / 1000);
        }
        await rm(path.join(dir, f));
      }
      return { throughput: tps, ...pick(summarize(latencies)), errors: failed };
    };
    return {
      tool: `pgbench ${version}`,
      closed: async (clients, seconds, warmupSeconds) => {
        if (warmupSeconds > 0) await bench(clients, warmupSeconds, []);
        return bench(clients, seconds, []);
      },
      open: (rate, clients, seconds) => bench(clients, seconds, ['-R', String(rate)]),
      close: () => rm(dir, { recursive: true, force: true }),
    };
  }

  // No pgbench: the same statement from raw `pg` clients, one connection per client.
  const clients: pg.Client[] = [];
  const connect = async (n: number) => {
    while (clients.length < n) {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      clients.push(c);
    }
  };
  const op = async (slot: number) => {
    const c = clients[slot];
    if (!c) throw new Error('no client');
    await c.query(MOVE_SQL('$1'), [slot]);
  };
  return {
    tool: 'pg (raw client; pgbench not found)',
    closed: async (n, seconds, warmupSeconds) => {
      await connect(n);
      return fromResult(await closedLoop({ concurrency: n, seconds, warmupSeconds, op }));
    },
    open: async (rate, n, seconds, warmupSeconds) => {
      await connect(n);
      return fromResult(await openLoop({ rate, seconds, warmupSeconds, slots: n, op }));
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    },
  };
}
