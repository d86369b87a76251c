import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/postgres/embedded.js';
import { closeAfterFile } from '../support/after-file.js';
import { useTestDatabase } from '../support/db.js';
import { buildDist, startServiceProcess } from '../support/process.js';
import { docExample } from '../support/doc-example.js';
import { shellCommands } from '../support/doc-run.js';
import { until } from '../support/wait.js';

// The README's quick start runs `npm start`, the compiled service: building it once here keeps the
// build out of the timed start.
beforeAll(buildDist, 250_000);

describe('npm start without DATABASE_URL (embedded PostgreSQL)', () => {
  it("the README's quick start: starts an embedded database in DATA_DIR, migrates, prints the README's line, stops cleanly and reuses the data on restart", async () => {
    const commands = shellCommands(docExample('start', 0));
    // `npm install` is what made this checkout's node_modules (a test may not run it: they are
    // shared, and it needs the registry); `npm start` runs as written, in the README's environment
    // (no DATABASE_URL, the default log level), on ports and a data folder of its own.
    expect(commands).toEqual([
      { env: {}, words: ['npm', 'install'] },
      { env: {}, words: ['npm', 'start'] },
    ]);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'zk-data-'));
    await chmod(dataDir, 0o755);
    closeAfterFile(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
    };

    const first = await startServiceProcess({ ...env, LOG_LEVEL: 'info' }, 90_000, { via: 'npm' });
    expect(first.url).toBe(`http://localhost:${env.PORT}/graphql`);
    // The line the README shows, field for field: the port is this run's, the time a number.
    const shown = JSON.parse(docExample('start', 1).replaceAll(':4000/', `:${env.PORT}/`)) as Record<
      string,
      unknown
    >;
    const line = first
      .output()
      .split('\n')
      .find((l) => l.includes('Zonekeeper listening on'));
    const printed = JSON.parse(line ?? '{}') as Record<string, unknown>;
    expect(typeof printed['time']).toBe('number');
    expect({ ...printed, time: shown['time'] }).toEqual(shown);
    const ready = await fetch(first.url.replace('/graphql', '/readyz'));
    expect(ready.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(await first.stop('SIGINT')).toBe(0);

    // Second start on the same folder: the cluster is reused, no migration is applied again.
    const second = await startServiceProcess({ ...env, LOG_LEVEL: 'info' });
    expect(second.output()).not.toContain('applied migrations');
    expect((await fetch(second.url.replace('/graphql', '/healthz'))).status).toBe(200);
    expect(await second.stop('SIGTERM')).toBe(0);
  }, 180_000);
});

describe('npm start with DATABASE_URL', () => {
  it('uses the given database and finishes an in-flight request on SIGTERM before exiting 0', async () => {
    const db = await useTestDatabase();
    const service = await startServiceProcess({
      DATABASE_URL: db.url,
      PORT: '0',
      LOG_LEVEL: 'info',
    });
    // An in-flight request: its headers are in (the server's 100 Continue says so; a connection
    // with no request yet is idle and rightly closed at once), its body sent only once the service
    // has begun shutting down.
    const body = JSON.stringify({ query: '{ whoami { kind } }' });
    const { hostname, port } = new URL(service.url);
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /graphql HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await until(() => received.includes('100 Continue'), 'the server to read the request headers');
    const exit = service.stop('SIGTERM');
    await until(() => service.output().includes('shutting down'), 'the service to start shutting down');
    socket.write(body);
    await closed;
    const response = received.slice(received.indexOf('\r\n\r\n') + 4);
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toEqual({
      data: { whoami: { kind: 'ANONYMOUS' } },
    });
    expect(await exit).toBe(0);
  }, 90_000);
});
