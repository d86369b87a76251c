/**
 * `npm start`: the service. Embedded PostgreSQL when DATABASE_URL is unset.
 *
 * `npm start` runs this file compiled (`dist/main.js`) with `exec`, so the process npm starts is
 * this one: npm passes SIGTERM and SIGINT on to it, and both drain the server, stop the database
 * (the embedded one included) and exit 0.
 *
 * With `WORKERS` > 1 this process is the cluster's primary (src/server/cluster.ts): it starts the
 * database and the workers, each of which runs this file as a worker and serves.
 */
import cluster from 'node:cluster';
import { getHeapStatistics } from 'node:v8';
import type { App } from './app.js';
import { heapLimitMiB, loadConfig, type Config } from './config.js';
import { isDatabaseUnavailable } from './db/driver-errors.js';
import { EmbeddedStartError } from './postgres/embedded-error.js';
import { createLogger, type Logger } from './logger.js';
import { loadRulesets } from './rulesets/load.js';

/** One line naming why the service could not start, for an operator rather than a developer. */
function startupCause(err: unknown, config: Config | null): string {
  const e = err as (NodeJS.ErrnoException & { syscall?: string }) | null;
  const first = (err instanceof Error ? err.message : String(err)).split('\n')[0]?.trim() ?? '';
  if (err instanceof EmbeddedStartError || !config) return first;
  if (e?.syscall === 'listen' && e.code === 'EADDRINUSE')
    return `Port ${config.PORT} on ${config.HOST} is already in use (PORT, HOST): stop what listens there or choose another port.`;
  if (e?.syscall === 'listen' && e.code === 'EACCES')
    return `Not allowed to listen on port ${config.PORT} (PORT): choose a port above 1023 or grant the permission.`;
  if (config.DATABASE_URL && isDatabaseUnavailable(err)) {
    const url = new URL(config.DATABASE_URL);
    return `Cannot reach the database at ${url.hostname}:${url.port || 5432} (DATABASE_URL): ${first}`;
  }
  return `${err instanceof Error ? `${err.name}: ` : ''}${first}`;
}

function failed(logger: Logger | null, err: unknown, config: Config | null): never {
  const cause = startupCause(err, config);
  // The details (stack, error chain) for whoever turns the log level up; the cause on one line.
  logger?.debug({ err }, 'startup error');
  logger?.fatal({ cause }, 'failed to start');
  process.stderr.write(`Zonekeeper failed to start: ${cause}\n`);
  process.exit(1);
}

let config: Config | null = null;
let logger: Logger | null = null;
try {
  config = loadConfig();
  logger = createLogger(config.LOG_LEVEL);
  // The ruleset files checked before anything starts: an invalid one stops the start here, naming
  // the file, the path and the reason. Each service builds its registry from them (`startApp`).
  const rulesets = loadRulesets(config.RULESETS_DIR);
  if (!cluster.isWorker)
    logger.info({ rulesets: rulesets.map((r) => `${r.spec.id}@${r.spec.version}`) }, 'rulesets loaded');
} catch (err) {
  failed(null, err, null);
}

// The memory budget: `npm start` passes NODE_HEAP_MB to node as --max-old-space-size and
// NODE_SEMI_SPACE_MB as --max-semi-space-size. Started any other way, say so when the heap limit
// differs (V8 adds a little of its own to the old space).
const heapLimit = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
if (!cluster.isWorker && Math.abs(heapLimit - heapLimitMiB(config)) > 64)
  logger.warn(
    {
      heapLimitMiB: heapLimit,
      NODE_HEAP_MB: config.NODE_HEAP_MB,
      NODE_SEMI_SPACE_MB: config.NODE_SEMI_SPACE_MB,
    },
    'heap limit differs from NODE_HEAP_MB and NODE_SEMI_SPACE_MB: start with node ' +
      '--max-old-space-size=$NODE_HEAP_MB --max-semi-space-size=$NODE_SEMI_SPACE_MB (npm start does)',
  );

/** This process supervises workers instead of serving (see src/server/cluster.ts). */
const primary = cluster.isPrimary && config.WORKERS > 1;

let app: Pick<App, 'url' | 'stop'> | null = null;
let requested: NodeJS.Signals | null = null;
let stopping = false;
/** Drains the server, stops the database, exits 0; a signal during start-up waits for it to finish. */
const shutdown = (signal: NodeJS.Signals) => {
  requested ??= signal;
  if (stopping || !app) return;
  stopping = true;
  logger?.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger?.error('shutdown timed out');
    process.exit(1);
  }, 15_000);
  force.unref();
  app.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      logger?.error({ err }, 'error during shutdown');
      process.exit(1);
    },
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
// A worker whose primary is gone stops too.
if (cluster.isWorker) process.on('disconnect', () => shutdown('SIGTERM'));

try {
  if (primary) {
    const { startPrimary } = await import('./server/cluster.js');
    app = await startPrimary(config, logger);
  } else {
    const { startApp } = await import('./app.js');
    // A worker's primary has applied the migrations already, and supervises the embedded database.
    const embedded = cluster.isWorker ? (await import('./server/cluster.js')).primaryDatabaseStatus() : null;
    app = await startApp(config, logger, { migrate: !cluster.isWorker, embedded });
  }
} catch (err) {
  failed(logger, err, config);
}
if (cluster.isWorker) {
  process.send?.({ kind: 'zonekeeper-listening', url: app.url });
} else {
  // Every stdout line is JSON: this one too, written whatever LOG_LEVEL is, since people and
  // scripts wait for it (its `msg` names the URL).
  process.stdout.write(
    `${JSON.stringify({
      level: 30,
      time: Date.now(),
      service: 'zonekeeper',
      url: app.url,
      workers: primary ? config.WORKERS : 1,
      msg: `Zonekeeper listening on ${app.url} (HTTP and graphql-ws)`,
    })}\n`,
  );
}
if (requested) shutdown(requested);
