/**
 * The process's memory budget as `npm start` sets it: the old space (`NODE_HEAP_MB`) and the young
 * generation (`NODE_SEMI_SPACE_MB`) both reach node as flags with the configuration's defaults,
 * and `heapLimitMiB`, which the start-up warning compares with V8's own limit, is what V8 reports
 * for those flags (a wrong formula would warn on every `npm start`, or never).
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { heapLimitMiB, loadConfig } from '../../src/config.js';
import { ROOT } from '../support/process.js';

/** V8's heap limit in MiB for a node started with these flags. */
function v8HeapLimitMiB(flags: readonly string[]): number {
  const run = spawnSync(
    process.execPath,
    [...flags, '-e', 'process.stdout.write(String(require("v8").getHeapStatistics().heap_size_limit))'],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout) / 2 ** 20;
}

describe('memory budget', () => {
  it('npm start passes NODE_HEAP_MB and NODE_SEMI_SPACE_MB with the configuration’s defaults', async () => {
    const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const start = pkg.scripts['start']!;
    const defaults = loadConfig({});
    expect(start).toContain(`--max-old-space-size=\${NODE_HEAP_MB:-${defaults.NODE_HEAP_MB}}`);
    expect(start).toContain(`--max-semi-space-size=\${NODE_SEMI_SPACE_MB:-${defaults.NODE_SEMI_SPACE_MB}}`);
  });

  it.each([
    [512, 64],
    [256, 8],
  ])('heapLimitMiB is V8’s limit under --max-old-space-size=%i --max-semi-space-size=%i', (heap, semi) => {
    const actual = v8HeapLimitMiB([`--max-old-space-size=${heap}`, `--max-semi-space-size=${semi}`]);
    const expected = heapLimitMiB({ NODE_HEAP_MB: heap, NODE_SEMI_SPACE_MB: semi });
    // V8 adds a little of its own to the old space; the start-up warning allows 64 MiB.
    expect(Math.abs(actual - expected)).toBeLessThan(8);
  });
});
