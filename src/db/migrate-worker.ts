/** The worker thread of `applyMigrationsAtStart` (src/db/migrate.ts): applies, answers, ends. */
import { parentPort, workerData } from 'node:worker_threads';
import { serializeError } from './migrate.js';
import { applyMigrations } from './schema-engine.js';

try {
  const applied = await applyMigrations((workerData as { databaseUrl: string }).databaseUrl);
  parentPort?.postMessage({ applied });
} catch (err) {
  parentPort?.postMessage({ error: serializeError(err) });
}
