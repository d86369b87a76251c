/**
 * Resolves which PostgreSQL to use: the given URL, or an embedded cluster started on demand.
 */
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';

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
}): Promise<ResolvedDatabase> {
  if (opts.url) return { url: opts.url, embedded: null };
  const embedded = await startEmbeddedPostgres({
    dir: opts.dataDir,
    port: opts.embeddedPort,
    persistent: true,
    ...(opts.onLog ? { onLog: opts.onLog } : {}),
    ...(opts.onNotice ? { onNotice: opts.onNotice } : {}),
  });
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', ['zonekeeper']);
    if (exists.rowCount === 0) await client.query('CREATE DATABASE zonekeeper');
  } finally {
    await client.end();
  }
  return { url: embedded.urlFor('zonekeeper'), embedded };
}
