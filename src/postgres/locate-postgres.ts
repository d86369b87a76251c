/**
 * Resolves which PostgreSQL to use: the given URL, or an embedded cluster started on demand.
 */
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { startEmbeddedPostgres, type EmbeddedDatabase, type EmbeddedStatus } from './embedded.js';

export interface ResolvedDatabase {
  readonly url: string;
  readonly embedded: EmbeddedDatabase | null;
}

export async function resolveDatabase(opts: {
  url: string | undefined;
  dataDir: string;
  embeddedPort: number;
  onLog?: (line: string) => void;
  onNotice?: (line: string) => void;
  onStatus?: (status: EmbeddedStatus) => void;
}): Promise<ResolvedDatabase> {
  if (opts.url) return { url: opts.url, embedded: null };
  const embedded = await startEmbeddedPostgres({
    dir: opts.dataDir,
    port: opts.embeddedPort,
    persistent: true,
    ...(opts.onLog ? { onLog: opts.onLog } : {}),
    ...(opts.onNotice ? { onNotice: opts.onNotice } : {}),
    ...(opts.onStatus ? { onStatus: opts.onStatus } : {}),
  });
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: embedded.url });
  // The server may stop while this client is open (it is supervised and restarted): a dropped
  // connection fails the statement in flight, and without a listener its 'error' would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', ['zonekeeper']);
    if (exists.rowCount === 0) await client.query('CREATE DATABASE zonekeeper');
  } finally {
    await client.end();
  }
  return { url: embedded.localUrlFor('zonekeeper'), embedded };
}

/**
 * The database a process serves from, per its configuration: `DATABASE_URL`, else the embedded
 * PostgreSQL (started here, and logged). `directUrl` is the server itself, for what a
 * transaction-mode pooler cannot carry (LISTEN, the migrations' session lock): `DIRECT_DATABASE_URL`
 * when set, else the database URL. `onStatus` hears every change of the embedded database's
 * supervision (it is logged either way).
 */
export async function databaseFor(
  config: Pick<Config, 'DATABASE_URL' | 'DIRECT_DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
  logger: Logger,
  onStatus?: (status: EmbeddedStatus) => void,
): Promise<ResolvedDatabase & { readonly directUrl: string }> {
  const database = await resolveDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    embeddedPort: config.EMBEDDED_PG_PORT,
    onLog: (line) => logger.debug({ postgres: line }),
    onNotice: (line) => logger.warn(line),
    onStatus: (status) => {
      logEmbeddedStatus(logger, status);
      onStatus?.(status);
    },
  });
  if (database.embedded)
    logger.info(
      { dataDir: config.DATA_DIR, clusterDir: database.embedded.clusterDir },
      'started embedded PostgreSQL',
    );
  const directUrl = (database.embedded ? undefined : config.DIRECT_DATABASE_URL) ?? database.url;
  return { ...database, directUrl };
}

/** One log line per change of the embedded database's supervision (see `EmbeddedStatus`). */
function logEmbeddedStatus(logger: Logger, status: EmbeddedStatus): void {
  switch (status.state) {
    case 'running':
      return logger.info('embedded PostgreSQL is running again');
    case 'restarting':
      return logger.warn(
        { attempt: status.attempt, reason: status.reason },
        'embedded PostgreSQL stopped: starting it again',
      );
    case 'failed':
      return logger.fatal(
        { reason: status.reason },
        'embedded PostgreSQL could not be started again: /healthz fails until the service is restarted',
      );
    default:
      status satisfies never;
  }
}
