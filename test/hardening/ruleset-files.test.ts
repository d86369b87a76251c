/**
 * Hostile ruleset files through `scripts/rulesets.ts check`, which validates a file as the service
 * does at start: a JSON file that declares a zone secret and then, further down the same object,
 * public (JSON.parse would keep the second and serve the hand), and a file past the size cap (a
 * 65 MB file once passed at 1 GB of memory). Each is refused, exit code 1, naming the file.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RULESET_FILE_MAX_BYTES } from '../../src/rulesets/load.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WAR = path.join(ROOT, 'examples/rulesets/war.yaml');

/** Runs the check on `file`: its exit code and what it printed. */
function check(file: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [path.join(ROOT, 'scripts/rulesets.ts'), 'check', file],
      { cwd: ROOT, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

function fileWith(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'zk-hostile-rulesets-')), name);
  writeFileSync(file, text);
  return file;
}

describe('hostile ruleset files', () => {
  it('a JSON zone type declared secret, then public in the same object, is refused naming the file and key', async () => {
    const json = JSON.stringify(parse(readFileSync(WAR, 'utf8')), null, 2);
    const file = fileWith(
      'war.json',
      json.replace(/"visibility": "secret"/, '"visibility": "secret", "visibility": "public"'),
    );
    const { code, output } = await check(file);
    expect(code, output).toBe(1);
    expect(output).toContain(
      `Invalid ruleset file ${file}: the key "visibility" appears twice in one object`,
    );
  }, 90_000);

  it('a file over the size cap is refused before it is parsed', async () => {
    const text = `${readFileSync(WAR, 'utf8')}\n# ${'x'.repeat(2 * RULESET_FILE_MAX_BYTES)}\n`;
    const file = fileWith('big.yaml', text);
    const { code, output } = await check(file);
    expect(code, output).toBe(1);
    expect(output).toContain(`Invalid ruleset file ${file}: is ${Buffer.byteLength(text)} bytes, over the`);
  }, 90_000);
});
