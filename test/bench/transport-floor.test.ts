/**
 * The view's transport floor (bench/b2-view.ts, `transportCpuMs`): a bare HTTP server, its own
 * process, that answers the view's request with the view's own bytes, unchanged, on keep-alive
 * connections; its CPU per answer is measured over a closed loop, as the service's is.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { transportCpuMs } from '../../bench/b2-view.js';
import { startFloorProcess } from '../../bench/lib/floor-process.js';

describe('the view’s transport floor', () => {
  it('answers every request with the given bytes, and measures its CPU per answer', async () => {
    const body = JSON.stringify({ data: { game: { id: 'g', name: 'é'.repeat(40_000) } } });
    const dir = await mkdtemp(path.join(tmpdir(), 'zk-floor-test-'));
    const file = path.join(dir, 'answer.json');
    await writeFile(file, body);
    const server = await startFloorProcess('answer-server.ts', [file]);
    try {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`http://127.0.0.1:${server.port}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ game(id: "g") { id } }' }),
        });
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(await res.text()).toBe(body);
      }
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
    const request = { query: '{ game(id: "g") { id } }', variables: {}, token: 't' };
    const cpu = await transportCpuMs(body, request, 2, { seconds: 0.5, warmupSeconds: 0.1 });
    expect(Number.isFinite(cpu)).toBe(true);
    expect(cpu).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
