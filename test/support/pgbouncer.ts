/**
 * PgBouncer in transaction pooling mode in front of the test PostgreSQL, for tests that run the
 * service the way operators deploy it behind a pooler. Debian's `pgbouncer` package provides the
 * binary (`.ci/run` installs it when missing); the configuration is generated in a temp folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/postgres/embedded.js';

const CANDIDATES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];

/** The pgbouncer binary, or null when it is not installed. */
export function pgbouncerBinary(): string | null {
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export interface PgBouncer {
  /** `url` with host and port replaced by the pooler's: the same database, through PgBouncer. */
  pooled(url: string): string;
  /** PgBouncer's log so far (stderr), for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Starts PgBouncer on a free port, forwarding every database to the PostgreSQL of `serverUrl`
 * (with that URL's password, if any; clients connect on trust), with `pool_mode = transaction`: a server connection is
 * handed to a client for one transaction only, so session state (LISTEN, session advisory locks,
 * `SET`, protocol-level prepared statements) does not survive from one transaction to the next.
 */
export async function startPgBouncer(
  serverUrl: string,
  opts: { poolSize?: number } = {},
): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('pgbouncer is not installed (apt-get install -y pgbouncer)');
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const dir = await mkdtemp(path.join(tmpdir(), 'zk-pgbouncer-'));
  // PgBouncer refuses to run as root; as root it drops to the `postgres` user, which must read the folder.
  await chmod(dir, 0o755);
  const port = await freePort();
  const ini = [
    '[databases]',
    // The server's own credentials, when its URL has them (the embedded cluster's password): the
    // pooler authenticates to PostgreSQL with them, while its clients connect on trust.
    `* = host=${server.hostname} port=${server.port || 5432}` +
      (server.password ? ` user=${user} password=${decodeURIComponent(server.password)}` : ''),
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'userlist.txt')}`,
    'pool_mode = transaction',
    `admin_users = ${user}`,
    'max_client_conn = 1000',
    `default_pool_size = ${opts.poolSize ?? 10}`,
    // node-postgres sends none of these by default; listed so a client that does is not refused.
    'ignore_startup_parameters = extra_float_digits,options,application_name',
    'server_reset_query =',
    'log_connections = 0',
    'log_disconnections = 0',
    '',
  ].join('\n');
  await writeFile(path.join(dir, 'pgbouncer.ini'), ini, { mode: 0o644 });
  await writeFile(path.join(dir, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 });
  const args =
    process.getuid?.() === 0
      ? ['-u', 'postgres', path.join(dir, 'pgbouncer.ini')]
      : [path.join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
      throw new Error(`pgbouncer did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    pooled(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    log: () => log,
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))]);
        if (!exited) child.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
