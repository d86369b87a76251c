/**
 * `npm start`: the service. Embedded PostgreSQL when DATABASE_URL is unset.
 */
import { getHeapStatistics } from 'node:v8';
import { startApp } from './app.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);

// The memory budget: `npm start` passes NODE_HEAP_MB to node as --max-old-space-size. Started any
// other way, say so when the heap limit differs (V8 adds a little of its own to the old space).
const heapLimitMiB = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
if (Math.abs(heapLimitMiB - config.NODE_HEAP_MB) > 64)
  logger.warn(
    { heapLimitMiB, NODE_HEAP_MB: config.NODE_HEAP_MB },
    'heap limit differs from NODE_HEAP_MB: start with node --max-old-space-size=$NODE_HEAP_MB (npm start does)',
  );

try {
  const app = await startApp(config, logger);
  logger.info({ url: app.url }, 'Zonekeeper ready');
  // Plain line for humans and scripts, whatever the log format.
  process.stdout.write(`Zonekeeper listening on ${app.url} (HTTP and graphql-ws)\n`);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, 15_000);
    force.unref();
    app.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (err) {
  logger.fatal({ err }, 'failed to start');
  process.exit(1);
}
