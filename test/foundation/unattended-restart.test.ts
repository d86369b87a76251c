/**
 * A supervisor's restart after the service was killed outright (SIGKILL, an OOM kill): the next
 * `npm start` on the same data directory finds the embedded PostgreSQL the dead service left
 * running, checks that it is that directory's postmaster, stops it and starts its own, with no
 * hand involved. A process that merely holds the recorded PID is never touched. (A second start
 * while the first service lives is still refused: test/foundation/npm-start.test.ts.)
 */
import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../src/postgres/embedded.js';
import { createGame, drawCards, post } from '../support/game-api.js';
import {
  buildDist,
  descendants,
  isRunning,
  startServiceProcess,
  type ServiceProcess,
} from '../support/process.js';

/** Every process this file starts or finds under its services, killed after it whatever happened. */
const started = new Set<number>();
const services: ServiceProcess[] = [];
const strangers: ChildProcess[] = [];
let dir = '';

beforeAll(buildDist, 250_000);
afterAll(async () => {
  await Promise.all(services.map((s) => s.stop('SIGTERM').catch(() => null)));
  for (const child of strangers) child.kill('SIGKILL');
  for (const pid of started)
    if (isRunning(pid))
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
  if (dir) await rm(dir, { recursive: true, force: true });
}, 90_000);

const command = (pid: number) => {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return '';
  }
};

async function start(env: Record<string, string>, timeoutMs: number): Promise<ServiceProcess> {
  const service = await startServiceProcess(env, timeoutMs, { via: 'npm' });
  services.push(service);
  for (const pid of descendants(service.child.pid!)) started.add(pid);
  return service;
}

async function ready(service: ServiceProcess, deadline: number): Promise<void> {
  for (;;) {
    const status = await fetch(service.url.replace('/graphql', '/readyz')).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`not ready in time:\n${service.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const DECK = Array.from({ length: 10 }, (_, i) => ({ name: `Card ${i + 1}`, types: ['Creature'] }));
const GAME = 'query ($id: ID!) { game(id: $id) { version lastSeq zones { id type owner { id } count } } }';
interface View {
  game: {
    version: number;
    lastSeq: number;
    zones: { id: string; type: string; owner: { id: string } | null; count: number }[];
  };
}

it.runIf(process.platform === 'linux')(
  'after a SIGKILL of the service, npm start on the same data directory is ready within 30 s with every acknowledged move; a stranger holding the recorded PID is left alone',
  async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'zk-restart-'));
    // The embedded server runs as an unprivileged user, which must be able to enter the folder.
    await chmod(dir, 0o755);
    const env = { DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()), PORT: String(await freePort()) };

    const first = await start(env, 90_000);
    const game = await createGame(first, 'mtg', [DECK, DECK]);
    const seat = game.players[0]!;
    const view = async (service: ServiceProcess) =>
      (await post<View>(service, GAME, { id: game.gameId }, seat.token)).data!.game;
    const before = await view(first);
    const zone = (type: string) => before.zones.find((z) => z.type === type && z.owner?.id === seat.id)!.id;
    const acknowledged = await drawCards(first, game.gameId, seat, 5);

    // SIGKILL to the service alone: its PostgreSQL lives on, orphaned, holding the data directory.
    const node = descendants(first.child.pid!).find((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/main.js'),
    )!;
    const postmaster = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    started.add(postmaster);
    process.kill(node, 'SIGKILL');
    for (const end = Date.now() + 10_000; isRunning(node) && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 50));
    // npm ends with its child; nothing of the tree is killed here (the orphan is no longer in it).
    await first.stop('SIGTERM');
    expect(isRunning(postmaster), 'the orphaned PostgreSQL still runs').toBe(true);

    // The supervisor's restart: nothing by hand, ready within 30 s, every acknowledged move there.
    const begun = Date.now();
    const second = await start(env, 30_000);
    await ready(second, begun + 30_000);
    expect(Date.now() - begun).toBeLessThan(30_000);
    expect(isRunning(postmaster), 'the orphan was stopped').toBe(false);
    const after = await view(second);
    expect(after.version).toBe(acknowledged);
    expect(after.zones.find((z) => z.id === zone('hand'))!.count).toBe(
      before.zones.find((z) => z.id === zone('hand'))!.count + 5,
    );
    expect(await second.stop('SIGTERM'), second.output()).toBe(0);

    // A stranger holds the PID a stale postmaster.pid names (a PID reused after a crash): it is
    // not this directory's postmaster, so it is left alone, and the service starts.
    const stranger = spawn('sleep', ['300'], { stdio: 'ignore' });
    strangers.push(stranger);
    const lock = [
      String(stranger.pid),
      path.join(dir, 'pg'),
      String(Math.floor(Date.now() / 1000)),
      env.EMBEDDED_PG_PORT,
      '',
      '',
      '',
      '',
    ];
    writeFileSync(path.join(dir, 'pg', 'postmaster.pid'), lock.join('\n'));
    expect(command(stranger.pid!)).toMatch(/sleep/);
    const third = await start(env, 60_000);
    await ready(third, Date.now() + 30_000);
    expect(isRunning(stranger.pid!), 'the stranger is untouched').toBe(true);
    expect((await view(third)).version).toBe(acknowledged);
    expect(await third.stop('SIGTERM'), third.output()).toBe(0);
  },
  300_000,
);
