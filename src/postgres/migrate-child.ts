/**
 * The child process of `applyMigrationsAtStart` (src/postgres/migrate.ts): receives the database URL over
 * its IPC channel (not in its arguments or environment, which other users of the machine may
 * read), applies the pending migrations, answers and exits.
 */
import { serializeError } from './migrate.js';
import { applyMigrations } from './schema-engine.js';

// The service that started it went away (a crash, a kill): stop, rather than outlive it.
process.once('disconnect', () => process.exit(1));
process.once('message', (message: { databaseUrl: string }) => {
  applyMigrations(message.databaseUrl).then(
    (applied) => process.send?.({ applied }, () => process.exit(0)),
    (err: unknown) => process.send?.({ error: serializeError(err) }, () => process.exit(0)),
  );
});
