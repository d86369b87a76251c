/**
 * The default embedded PostgreSQL is supervised (`src/postgres/embedded.ts`): the service runs as a
 * real process on its own embedded cluster, with the guide's bot following a game, and the test
 * stops the cluster's postmaster, first with SIGINT (a fast shutdown), then with SIGKILL. Meanwhile
 * requests answer SERVICE_UNAVAILABLE with `retryAfterSeconds` (never INTERNAL_SERVER_ERROR), the
 * cluster is back within 10 s, and the bot ends with every event once. A cluster that cannot start
 * again (its data directory made unusable) leaves `/healthz` failing, for a liveness probe to act on.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { createZonekeeperClient, type ZonekeeperClient } from '../../client/index.js';
import { freePort } from '../../src/postgres/embedded.js';
import { runTs } from '../support/doc-run.js';
import { buildDist, ROOT, startServiceProcess, type ServiceProcess } from '../support/process.js';
import { eventually, within } from '../events/log-rows.js';
import { deck } from '../api/helpers.js';
import { until } from '../support/wait.js';

// The compiled service (`node dist/main.js`, as `npm start` runs it): a start costs about half
// the CPU of `tsx src/main.ts` (each start here, and each worker of a cluster, pays it).
const DIST = { via: 'dist' } as const;
beforeAll(buildDist, 250_000);

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The service on a new embedded cluster of its own (DATABASE_URL unset). */
async function startOnEmbedded(): Promise<{ service: ServiceProcess; clusterDir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'zk-outage-'));
  // The server runs as an unprivileged user, which must be able to enter the folder.
  await chmod(dir, 0o755);
  dirs.push(dir);
  const service = await startServiceProcess(
    { DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()), PORT: '0' },
    120_000,
    DIST,
  );
  return { service, clusterDir: path.join(dir, 'pg') };
}

const postmasterPid = (clusterDir: string) =>
  Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

const route = async (service: ServiceProcess, name: '/healthz' | '/readyz') => {
  const res = await fetch(service.url.replace(/\/graphql$/, name), { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** Answers of `{ game { lastSeq } }` (raw, no retries) until `done`: each error's code and extensions. */
function probeWhile(service: ServiceProcess, gameId: string, token: string) {
  const answers: { code: unknown; retryAfterSeconds: unknown }[] = [];
  let stop = false;
  const running = (async () => {
    while (!stop) {
      try {
        const res = await fetch(service.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            query: 'query($id: ID!) { game(id: $id) { lastSeq } }',
            variables: { id: gameId },
          }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as { errors?: { extensions?: Record<string, unknown> }[] };
        const ext = body.errors?.[0]?.extensions;
        answers.push({ code: ext?.['code'] ?? 'OK', retryAfterSeconds: ext?.['retryAfterSeconds'] });
      } catch (err) {
        // Not an answer: the service itself did not respond (it must, all through the outage).
        answers.push({ code: `no answer: ${String(err)}`, retryAfterSeconds: undefined });
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    answers,
    done: async () => {
      stop = true;
      await running;
    },
  };
}

describe.runIf(process.platform === 'linux')('the embedded database, supervised', () => {
  it('is restarted after SIGINT and SIGKILL under a running bot: SERVICE_UNAVAILABLE meanwhile, back within 10 s, every event once', async () => {
    const { service, clusterDir } = await startOnEmbedded();
    let zk: ZonekeeperClient | undefined;
    try {
      zk = createZonekeeperClient({ url: service.url, webSocketImpl: WebSocket });
      const created = await zk.createGame({
        ruleset: 'mtg',
        players: [
          { name: 'Alice', deck: deck('Alpha', 10) },
          { name: 'Bob', deck: deck('Beta', 10) },
        ],
      });
      const gameId = created.game.id;
      const alice = created.seats[0]!;
      const seat = createZonekeeperClient({ url: service.url, token: alice.token, webSocketImpl: WebSocket });
      const { game } = await seat.game(gameId);
      const zone = (type: string) =>
        game.zones.find((z) => z.type === type && z.owner?.id === alice.player.id)!;
      const drawOne = () =>
        seat.moveObjects({
          gameId,
          select: { zoneId: zone('library').id, from: 'TOP', count: 1 },
          to: { zoneId: zone('hand').id },
        });

      const events = 3;
      const bot = runTs(
        path.join(ROOT, 'examples/bot.ts'),
        {
          ZK_URL: service.url,
          ZK_TOKEN: alice.token,
          ZK_GAME: gameId,
          ZK_MAX_EVENTS: String(events),
          ZK_TIMEOUT_MS: '90000',
        },
        ROOT,
      );
      try {
        await eventually(
          () => bot.output().includes('bot: subscribed'),
          30_000,
          `bot start:\n${bot.output()}`,
        );
        await drawOne();
        for (const signal of ['SIGINT', 'SIGKILL'] as const) {
          const pid = postmasterPid(clusterDir);
          const probe = probeWhile(service, gameId, alice.token);
          await until(() => probe.answers.length > 0, 'a first answer', { timeoutMs: 10_000 });
          const stoppedAt = Date.now();
          process.kill(pid, signal);
          // Back: a new postmaster, and the service answers again.
          await until(
            async () =>
              probe.answers.at(-1)?.code === 'OK' &&
              probe.answers.some((a) => a.code !== 'OK') &&
              (await route(service, '/readyz')).status === 200,
            () =>
              `the service back after ${signal}: ${JSON.stringify(probe.answers.slice(-3))}\n${service.output()}`,
            { timeoutMs: 30_000 },
          );
          const backMs = Date.now() - stoppedAt;
          await probe.done();
          expect(postmasterPid(clusterDir)).not.toBe(pid);
          expect(backMs, `back ${backMs} ms after ${signal}`).toBeLessThan(10_000);
          const failures = probe.answers.filter((a) => a.code !== 'OK');
          expect(new Set(failures.map((a) => a.code)), signal).toEqual(new Set(['SERVICE_UNAVAILABLE']));
          expect(failures.every((a) => a.retryAfterSeconds === 1)).toBe(true);
          expect((await route(service, '/healthz')).status).toBe(200);
          await drawOne();
        }
        expect(await within(60_000, `bot exit:\n${bot.output()}`, bot.exited)).toBe(0);
      } finally {
        bot.kill();
      }
      const seqs = [...bot.output().matchAll(/bot: #(\d+) to hand/g)].map((m) => Number(m[1]));
      expect(seqs).toEqual([...new Set(seqs)]);
      expect(seqs).toHaveLength(events);
      expect(bot.output()).toContain(`bot: done (${events} events)`);
      await seat.dispose();
    } finally {
      await zk?.dispose();
      expect(await service.stop('SIGTERM'), service.output()).toBe(0);
    }
  }, 240_000);

  it('cannot be started again (its data directory unusable): /healthz fails, /readyz says why', async () => {
    const { service, clusterDir } = await startOnEmbedded();
    try {
      expect((await route(service, '/healthz')).status).toBe(200);
      // PostgreSQL refuses a data directory whose PG_VERSION it cannot read.
      writeFileSync(path.join(clusterDir, 'PG_VERSION'), 'not a version\n');
      process.kill(postmasterPid(clusterDir), 'SIGKILL');
      await until(
        async () => (await route(service, '/readyz')).body['database'] === 'restarting',
        'restarting',
        { timeoutMs: 10_000 },
      );
      await until(async () => (await route(service, '/healthz')).status === 503, service.output, {
        timeoutMs: 30_000,
      });
      const healthz = await route(service, '/healthz');
      expect(healthz.body).toMatchObject({ status: 'failed', database: 'failed' });
      expect(String(healthz.body['reason'])).toMatch(/PG_VERSION|did not start/);
      expect(await route(service, '/readyz')).toMatchObject({ status: 503, body: { database: 'failed' } });
    } finally {
      expect(await service.stop('SIGTERM'), service.output()).toBe(0);
    }
  }, 180_000);
});
