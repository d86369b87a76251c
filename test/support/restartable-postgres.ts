/**
 * A PostgreSQL cluster of a test's own, for tests that stop and start the database under a running
 * service: kept in its own folder across restarts, on one port, with the service's database created
 * and migrated.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/postgres/embedded.js';
import { applyMigrations } from '../../src/postgres/schema-engine.js';

export class RestartablePostgres {
  /** The service's database's name. */
  static readonly DATABASE = 'zonekeeper';
  #server: EmbeddedDatabase | null;

  private constructor(
    readonly dir: string,
    readonly port: number,
    server: EmbeddedDatabase,
    /** The service's database, migrated. */
    readonly databaseUrl: string,
  ) {
    this.#server = server;
  }

  /** A new cluster in a new folder (named with `prefix`) on a free port, running. */
  static async create(prefix: string): Promise<RestartablePostgres> {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    // The server runs as an unprivileged user, which must be able to enter the folder.
    await chmod(dir, 0o755);
    const port = await freePort();
    const server = await startEmbeddedPostgres({ dir, port, persistent: true });
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${RestartablePostgres.DATABASE}`);
    } finally {
      await client.end();
    }
    const databaseUrl = server.urlFor(RestartablePostgres.DATABASE);
    await applyMigrations(databaseUrl);
    return new RestartablePostgres(dir, port, server, databaseUrl);
  }

  /** Stops the server (the folder is kept). */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    await server?.stop();
  }

  /** Starts the server again, from its folder, on its port. */
  async start(): Promise<void> {
    this.#server ??= await startEmbeddedPostgres({ dir: this.dir, port: this.port, persistent: true });
  }

  /** Stops the server and removes its folder. */
  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}
