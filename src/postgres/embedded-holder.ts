/**
 * Who holds an embedded cluster, from its `postmaster.pid` and the owner file beside it, and what a
 * start does about it: a server left running by a service that was killed is stopped, one whose
 * service runs is refused, a stranger holding a recycled PID is left alone.
 */
import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedStartError } from './embedded-error.js';

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
function clusterHolder(clusterDir: string): {
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

/** Records this process as the service that started the cluster's server (see {@link clusterHolder}). */
export async function recordOwner(clusterDir: string): Promise<void> {
  await writeFile(ownerFile(clusterDir), `${process.pid}\n`);
}

/**
 * Makes `clusterDir` free for a new server, or refuses. A server left running by a service that was
 * killed (SIGKILL, an OOM kill) is stopped, so that a supervisor's restart needs no hand; one whose
 * service runs is refused; a stranger holding the recorded PID is never touched, and its stale lock
 * file goes (PostgreSQL's own shared-memory check still refuses a cluster whose old server
 * processes live on).
 */
export async function claimCluster(clusterDir: string, notice: (line: string) => void): Promise<void> {
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
}
