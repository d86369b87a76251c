import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from '../../src/config.js';
import { ROOT } from '../support/process.js';

const configKeys = Object.keys(configSchema.shape);

describe('configuration', () => {
  it("documents every variable in .env.example and in the operator guide's table", async () => {
    const example = await readFile(path.join(ROOT, '.env.example'), 'utf8');
    const guide = await readFile(path.join(ROOT, 'docs/operators.md'), 'utf8');
    const exampleKeys = [...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    const readmeKeys = [...guide.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    for (const key of configKeys) {
      expect(exampleKeys, `.env.example lacks ${key}`).toContain(key);
      expect(readmeKeys, `docs/operators.md lacks ${key}`).toContain(key);
    }
    // And nothing documented that the code does not read (test-only and tool variables are listed explicitly).
    const extra = [
      'NODE_ENV',
      'TEST_DATABASE_URL',
      'ZONEKEEPER_URL',
      'FC_RUNS',
      'FUZZ_RUNS',
      'BENCH_DATABASE_URL',
      'BENCH_SECONDS',
    ];
    for (const key of exampleKeys) expect([...configKeys, ...extra]).toContain(key);
    expect(new Set(readmeKeys)).toEqual(new Set(exampleKeys));
  });

  it('rejects invalid values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN/);
    expect(loadConfig({}).PORT).toBe(4000);
  });

  it("refuses an admin body cap below everyone's (ADMIN_MAX_PAYLOAD_BYTES < MAX_PAYLOAD_BYTES)", () => {
    expect(() => loadConfig({ MAX_PAYLOAD_BYTES: '65536', ADMIN_MAX_PAYLOAD_BYTES: '65535' })).toThrow(
      /ADMIN_MAX_PAYLOAD_BYTES must be at least MAX_PAYLOAD_BYTES/,
    );
    expect(
      loadConfig({ MAX_PAYLOAD_BYTES: '65536', ADMIN_MAX_PAYLOAD_BYTES: '65536' }).ADMIN_MAX_PAYLOAD_BYTES,
    ).toBe(65536);
  });
});
