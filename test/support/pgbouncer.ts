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
import { expect } from 'vitest';
import { freePort } from '../../src/postgres/embedded.js';

const CANDIDATES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];

/** The pgbouncer binary, or null when it is not installed. */
export function pgbouncerBinary(): string | null {
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** An ini file's `key = value` lines by section (no comments or continuations: PgBouncer's own subset). */
function parseIni(text: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  let section: Record<string, string> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      section = out[header[1]!] = {};
      continue;
    }
    const eq = line.indexOf('=');
    if (!section || eq < 0) throw new Error(`not a pgbouncer.ini line: ${line}`);
    section[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return out;
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
 * With `config` (an operator's `pgbouncer.ini`), its settings win and its databases are the only
 * ones the pooler serves, each forwarded to the database of `serverUrl`.
 */
export async function startPgBouncer(
  serverUrl: string,
  opts: { poolSize?: number; config?: string } = {},
): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('pgbouncer is not installed (apt-get install -y pgbouncer)');
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const dir = await mkdtemp(path.join(tmpdir(), 'zk-pgbouncer-'));
  // PgBouncer refuses to run as root; as root it drops to the `postgres` user, which must read the folder.
  await chmod(dir, 0o755);
  const port = await freePort();
  // The server's own credentials, when its URL has them (the embedded cluster's password): the
  // pooler authenticates to PostgreSQL with them, while its clients connect on trust.
  const target =
    `host=${server.hostname} port=${server.port || 5432}` +
    (server.password ? ` user=${user} password=${decodeURIComponent(server.password)}` : '');
  const settings = new Map<string, string>([
    ['listen_addr', '127.0.0.1'],
    ['listen_port', String(port)],
    ['unix_socket_dir', ''],
    ['auth_type', 'trust'],
    ['auth_file', path.join(dir, 'userlist.txt')],
    ['pool_mode', 'transaction'],
    ['admin_users', user],
    ['max_client_conn', '1000'],
    ['default_pool_size', String(opts.poolSize ?? 10)],
    // node-postgres sends none of these by default; listed so a client that does is not refused.
    ['ignore_startup_parameters', 'extra_float_digits,options,application_name'],
    ['server_reset_query', ''],
    ['log_connections', '0'],
    ['log_disconnections', '0'],
  ]);
  let databases = [`* = ${target}`];
  if (opts.config !== undefined) {
    // An operator's configuration (the guide's): its settings win over the ones above, and its
    // databases are the only ones, each sent to this server's database whatever host it names.
    const given = parseIni(opts.config);
    expect(Object.keys(given).sort(), 'the sections of the given pgbouncer.ini').toEqual([
      'databases',
      'pgbouncer',
    ]);
    databases = Object.entries(given['databases']!).map(([name, value]) => {
      expect(value, `database ${name} names a host and a port`).toMatch(/^host=\S+ port=\d+$/);
      return `${name} = ${target} dbname=${server.pathname.slice(1)}`;
    });
    for (const [key, value] of Object.entries(given['pgbouncer']!)) settings.set(key, value);
  }
  const ini = [
    '[databases]',
    ...databases,
    '[pgbouncer]',
    ...[...settings].map(([key, value]) => `${key} = ${value}`),
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
