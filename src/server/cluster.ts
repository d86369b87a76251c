/**
 * `WORKERS` > 1: the cluster's primary (node:cluster). It owns the database side of start-up (the
 * embedded PostgreSQL when `DATABASE_URL` is unset, and the migrations), then forks `WORKERS` server
 * processes that share the one port: each is a whole service (HTTP, graphql-ws, its own state cache
 * and pool) and they see each other's moves through the fanout's PostgreSQL NOTIFY (or Redis), as
 * separate instances do. The primary serves nothing; it restarts a worker that dies, and on SIGTERM
 * or SIGINT drains the workers, then stops the embedded database.
 *
 * Workers learn the database from `DATABASE_URL` in their environment and skip the migrations.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { EmbeddedStatus } from '../postgres/embedded.js';

/** What a worker tells the primary once it listens. */
export interface ListeningMessage {
  readonly kind: 'zonekeeper-listening';
  readonly url: string;
}

export function isListeningMessage(m: unknown): m is ListeningMessage {
  return (m as { kind?: unknown } | null)?.kind === 'zonekeeper-listening';
}

/** What the primary tells every worker when its embedded database's supervision changes state. */
interface DatabaseStatusMessage {
  readonly kind: 'zonekeeper-database';
  readonly status: EmbeddedStatus;
}

function isDatabaseStatusMessage(m: unknown): m is DatabaseStatusMessage {
  return (m as { kind?: unknown } | null)?.kind === 'zonekeeper-database';
}

/**
 * In a worker: the primary's embedded database as its messages describe it, for `/readyz` and
 * `/healthz` (a worker's own database is the primary's cluster, which only the primary supervises).
 */
export function primaryDatabaseStatus(): { status(): EmbeddedStatus } {
  let status: EmbeddedStatus = { state: 'running' };
  process.on('message', (m: unknown) => {
    if (isDatabaseStatusMessage(m)) status = m.status;
  });
  return { status: () => status };
}

/** A worker that dies this soon after its start is not restarted (it would only die again). */
const MIN_UPTIME_MS = 5_000;

export interface Primary {
  /** The URL the workers answer on. */
  readonly url: string;
  /** Drains the workers (SIGTERM), then stops the embedded database. */
  stop(): Promise<void>;
}

export async function startPrimary(config: Config, logger: Logger): Promise<Primary> {
  // Loaded here: a worker never needs the embedded PostgreSQL nor the migration engine.
  const { databaseFor } = await import('../postgres/locate-postgres.js');
  const pool = workerPool(logger);
  const database = await databaseFor(config, logger, (status) => pool.databaseChanged(status));
  try {
    const { applyMigrationsAtStart } = await import('../postgres/migrate.js');
    const applied = await applyMigrationsAtStart(database.directUrl);
    if (applied.length) logger.info({ applied }, 'applied migrations');
    const url = await allListening(() => pool.fork(database.url), config.WORKERS);
    return {
      url,
      stop: async () => {
        await pool.stop();
        await database.embedded?.stop();
      },
    };
  } catch (err) {
    await pool.stop();
    await database.embedded?.stop();
    throw err;
  }
}

/** The primary's workers: forked, restarted when one dies (unless it died young), and drained. */
interface WorkerPool {
  /** Tells every worker the embedded database's new state (`primaryDatabaseStatus`). */
  databaseChanged(status: EmbeddedStatus): void;
  /** Forks one worker on the database at `databaseUrl`; a worker that dies is forked again. */
  fork(databaseUrl: string): Worker;
  /** Sends every worker SIGTERM (SIGKILL after 15 s) and waits for all to exit; none is restarted. */
  stop(): Promise<void>;
}

function workerPool(logger: Logger): WorkerPool {
  const workers = new Set<Worker>();
  let databaseStatus: EmbeddedStatus = { state: 'running' };
  let stopping = false;
  const started = new Map<Worker, number>();
  const exited = new Map<Worker, Promise<void>>();
  const tell = (worker: Worker) => {
    if (worker.isConnected())
      worker.send({ kind: 'zonekeeper-database', status: databaseStatus } satisfies DatabaseStatusMessage);
  };
  const fork = (databaseUrl: string): Worker => {
    const worker = cluster.fork({ DATABASE_URL: databaseUrl });
    workers.add(worker);
    started.set(worker, Date.now());
    // A worker forked while the database is down learns it at once.
    if (databaseStatus.state !== 'running') worker.once('online', () => tell(worker));
    exited.set(
      worker,
      new Promise((resolve) =>
        worker.once('exit', (code, signal) => {
          workers.delete(worker);
          if (!stopping) {
            logger.error({ worker: worker.id, code, signal }, 'worker exited');
            if (Date.now() - (started.get(worker) ?? 0) >= MIN_UPTIME_MS) fork(databaseUrl);
          }
          resolve();
        }),
      ),
    );
    return worker;
  };
  return {
    databaseChanged(status) {
      databaseStatus = status;
      workers.forEach(tell);
    },
    fork,
    async stop() {
      stopping = true;
      const all = [...exited.values()];
      for (const w of workers) w.process.kill('SIGTERM');
      const force = setTimeout(() => {
        for (const w of workers) w.process.kill('SIGKILL');
      }, 15_000);
      await Promise.all(all);
      clearTimeout(force);
    },
  };
}

/**
 * Forks `count` workers and resolves with the URL they answer on once every one listens; rejects
 * when one exits before that (a worker that cannot start says why on its stderr).
 */
function allListening(fork: () => Worker, count: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let listening = 0;
    for (let i = 0; i < count; i++) {
      const worker = fork();
      const onMessage = (m: unknown) => {
        if (!isListeningMessage(m)) return;
        worker.off('message', onMessage);
        if (++listening === count) resolve(m.url);
      };
      worker.on('message', onMessage);
      worker.once('exit', (code) => {
        if (listening < count) reject(new Error(`A worker exited with code ${code} during start-up.`));
      });
    }
  });
}
