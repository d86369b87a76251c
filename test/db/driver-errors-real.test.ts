/**
 * The errors a database outage really raises, produced for real and never written by hand: an
 * embedded cluster whose postmaster is stopped (SIGINT, a fast shutdown: 57P01 to sessions, 57P03
 * to new connections, its Unix socket gone: `connect ENOENT`; then SIGKILL: `Connection terminated
 * unexpectedly`, ECONNREFUSED, 57P03 while it starts again), under reads through every path the
 * service has (a Prisma model query, a raw query, an interactive transaction, the pool itself).
 * Each is "the database is unavailable" (`isDatabaseUnavailable`), and a client is answered
 * SERVICE_UNAVAILABLE for it by the masking every request passes (`formatError`), also wrapped in
 * the GraphQLError a resolver's throw becomes.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GraphQLError } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { isDatabaseUnavailable } from '../../src/db/driver-errors.js';
import { ErrorCode, formatError } from '../../src/errors.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/postgres/embedded.js';
import { until } from '../support/wait.js';

/** An error's class, code and last message line: what tells one shape from another. */
const shapeOf = (e: unknown) => {
  const x = e as { constructor?: { name?: string }; code?: unknown; message?: unknown };
  const line = String(x.message).split('\n').filter(Boolean).at(-1) ?? '';
  return `${x.constructor?.name}|${String(x.code)}|${line.replace(/\/tmp\/\S+/g, '<socket>')}`;
};

let cluster: EmbeddedDatabase | undefined;
afterAll(async () => cluster?.stop());

describe.runIf(process.platform === 'linux')('database outage errors, as raised', () => {
  it('are each SERVICE_UNAVAILABLE, through Prisma, raw queries, transactions and the pool', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'zk-outage-errors-'));
    await chmod(dir, 0o755);
    const statuses: string[] = [];
    cluster = await startEmbeddedPostgres({
      dir,
      port: 0,
      persistent: false,
      onStatus: (s) => statuses.push(s.state),
    });
    const { db, pool } = openDatabase(cluster.localUrlFor('postgres'), 4);
    await db.$executeRawUnsafe('CREATE TABLE game (id uuid PRIMARY KEY, version int NOT NULL)');
    const seen = new Map<string, unknown>();
    const readers: Record<string, () => Promise<unknown>> = {
      model: () => db.game.findUnique({ where: { id: randomUUID() }, select: { version: true } }),
      raw: () => db.$queryRaw`SELECT 1`,
      transaction: () =>
        db.$transaction(async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          // Not a wait for a condition: the transaction is held open, so an outage can land inside it.
          await new Promise((r) => setTimeout(r, 100));
          return tx.game.findUnique({ where: { id: randomUUID() }, select: { version: true } });
        }),
      pool: () => pool.query('SELECT 1'),
    };
    let reading = true;
    const loops = Object.entries({ ...readers, transaction2: readers['transaction']! }).map(
      async ([name, read]) => {
        while (reading) {
          await read().catch((err: unknown) => seen.set(`${name}: ${shapeOf(err)}`, err));
          await new Promise((r) => setTimeout(r, 2));
        }
      },
    );
    try {
      for (const signal of ['SIGINT', 'SIGKILL'] as const) {
        const before = statuses.length;
        const pid = Number(
          readFileSync(path.join(cluster.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0],
        );
        process.kill(pid, signal);
        await until(() => statuses.slice(before).includes('running'), `the cluster back after ${signal}`, {
          timeoutMs: 30_000,
        });
        // Back: every kind of read answers again.
        for (const read of Object.values(readers))
          await until(
            async () =>
              read().then(
                () => true,
                () => false,
              ),
            'a read after the restart',
            {
              timeoutMs: 10_000,
            },
          );
      }
    } finally {
      reading = false;
      await Promise.all(loops);
      await db.$disconnect();
    }
    const shapes = [...seen.keys()];
    // The outage was seen through each path.
    for (const name of Object.keys(readers))
      expect(
        shapes.some((s) => s.startsWith(`${name}:`)),
        name,
      ).toBe(true);
    expect(shapes.join('\n')).toMatch(/57P0[13]|ENOENT|ECONNREFUSED|terminated|P1001|P1017/);
    for (const [shape, err] of seen) {
      expect(isDatabaseUnavailable(err), shape).toBe(true);
      for (const original of [err, new GraphQLError('x', { originalError: err as Error })]) {
        const out = formatError({ message: String(err), path: ['game'] }, 'r', () => undefined, original);
        expect(out.extensions, shape).toMatchObject({
          code: ErrorCode.SERVICE_UNAVAILABLE,
          retryAfterSeconds: 1,
        });
      }
    }
  }, 120_000);
});
