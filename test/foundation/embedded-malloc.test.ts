/**
 * The embedded PostgreSQL's malloc settings (src/postgres/embedded-placement.ts, `SERVER_MALLOC`):
 * its backends keep their heap between statements instead of giving it back after each large one
 * (docs/memory-findings.md, "The backend's heap").
 */
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { SERVER_MALLOC, serverEnvironment } from '../../src/postgres/embedded-placement.js';

/** The environment of a running process, as `NAME=value` entries. */
async function environOf(pid: number): Promise<Map<string, string>> {
  const raw = await readFile(`/proc/${pid}/environ`, 'utf8');
  return new Map(
    raw
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
}

describe('the embedded server’s environment', () => {
  it('adds the malloc settings to the caller’s environment, over an inherited mmap threshold', () => {
    const env = serverEnvironment({ PATH: '/bin', MALLOC_MMAP_THRESHOLD_: '131072', LC_MESSAGES: 'fr_FR' });
    expect(env).toEqual({ PATH: '/bin', LC_MESSAGES: 'C', ...SERVER_MALLOC });
    expect(Number(SERVER_MALLOC.MALLOC_TRIM_THRESHOLD_)).toBeGreaterThanOrEqual(1 << 20);
  });

  it('keeps a trim threshold the caller set, and leaves glibc its own when it is set empty', () => {
    expect(serverEnvironment({ MALLOC_TRIM_THRESHOLD_: '4096', MALLOC_MMAP_THRESHOLD_: '131072' })).toEqual({
      MALLOC_TRIM_THRESHOLD_: '4096',
      MALLOC_MMAP_THRESHOLD_: '131072',
      LC_MESSAGES: 'C',
    });
    expect(
      serverEnvironment({ MALLOC_TRIM_THRESHOLD_: '', MALLOC_MMAP_THRESHOLD_: '131072', HOME: '/h' }),
    ).toEqual({
      HOME: '/h',
      LC_MESSAGES: 'C',
    });
  });

  // The tests' own server is embedded unless a URL names another (test/support/global-setup.ts).
  const embedded = !process.env['TEST_DATABASE_URL'] && !process.env['DATABASE_URL'];
  // A backend's own environment is overwritten by its process title; it forks from the postmaster
  // with the postmaster's malloc settings, and the postmaster's environment is still readable.
  it.runIf(embedded)('reaches the postmaster of a running embedded server', async () => {
    const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const stat = await readFile(`/proc/${rows[0]!.pid}/stat`, 'utf8');
      const postmaster = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const env = await environOf(postmaster);
      expect(env.get('LC_MESSAGES')).toBe('C');
      expect(env.get('MALLOC_TRIM_THRESHOLD_')).toBe(SERVER_MALLOC.MALLOC_TRIM_THRESHOLD_);
      expect(env.get('MALLOC_MMAP_THRESHOLD_')).toBe(SERVER_MALLOC.MALLOC_MMAP_THRESHOLD_);
    } finally {
      await client.end();
    }
  });
});
