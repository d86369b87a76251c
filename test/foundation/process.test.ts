import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/postgres/embedded.js';
import { useTestDatabase } from '../support/db.js';
import { startServiceProcess } from '../support/process.js';

describe('npm start without DATABASE_URL (embedded PostgreSQL)', () => {
  it('starts an embedded database in DATA_DIR, migrates, serves, stops cleanly and reuses the data on restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'zk-data-'));
    await chmod(dataDir, 0o755);
    afterAll(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
    };

    const first = await startServiceProcess(env);
    expect(first.url).toBe(`http://localhost:${env.PORT}/graphql`);
    const ready = await fetch(first.url.replace('/graphql', '/readyz'));
    expect(ready.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(await first.stop('SIGINT')).toBe(0);

    // Second start on the same folder: the cluster is reused, no migration is applied again.
    const second = await startServiceProcess({ ...env, LOG_LEVEL: 'info' });
    expect(second.output()).not.toContain('applied migrations');
    expect((await fetch(second.url.replace('/graphql', '/healthz'))).status).toBe(200);
    expect(await second.stop('SIGTERM')).toBe(0);
  }, 120_000);
});

describe('npm start with DATABASE_URL', () => {
  it('uses the given database and finishes an in-flight request on SIGTERM before exiting 0', async () => {
    const db = await useTestDatabase();
    const service = await startServiceProcess({ DATABASE_URL: db.url, PORT: String(await freePort()) });
    // An in-flight request: a body that arrives slowly, finished after the signal was sent.
    const body = JSON.stringify({ query: '{ whoami { kind } }' });
    const request = fetch(service.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(body.slice(0, 10)));
          await new Promise((r) => setTimeout(r, 1_500));
          controller.enqueue(new TextEncoder().encode(body.slice(10)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    // Give the request time to reach the server (a connection with no request yet is idle and is
    // rightly closed at once), then signal while its body is still arriving.
    await new Promise((r) => setTimeout(r, 700));
    const exit = service.stop('SIGTERM');
    const response = await request;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { whoami: { kind: 'ANONYMOUS' } } });
    expect(await exit).toBe(0);
  }, 90_000);
});
