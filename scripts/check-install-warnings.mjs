#!/usr/bin/env node
/**
 * Fails when npm's install output (stdin) has a warning that `.ci/install-warnings.txt` does not
 * list; names (without failing: a newer Node prints fewer) listed warnings npm no longer printed. Each warning is
 * keyed `<code> <package>`: `npm warn EBADENGINE Unsupported engine { package: 'x@1.2.3', … }` is
 * `EBADENGINE x`, `npm warn deprecated x@1.2.3: …` is `deprecated x`, any other its first words.
 *
 *   npm ci 2>&1 | tee install.log; node scripts/check-install-warnings.mjs < install.log
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const listFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../.ci/install-warnings.txt');
const allowed = new Set(
  readFileSync(listFile, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);

const output = readFileSync(0, 'utf8');
const seen = new Set();
let pendingEngine = false;
for (const line of output.split('\n')) {
  const warn = /^npm warn (\S+)\s*(.*)$/.exec(line);
  if (!warn) continue;
  const [, code, rest] = warn;
  if (code === 'EBADENGINE') {
    // The package comes on a following line of the same warning.
    const pkg = /package: '((?:@[^/@]+\/)?[^@']+)@/.exec(rest);
    if (pkg) {
      seen.add(`EBADENGINE ${pkg[1]}`);
      pendingEngine = false;
    } else if (/^Unsupported engine/.test(rest)) pendingEngine = true;
    continue;
  }
  if (code === 'deprecated') {
    seen.add(`deprecated ${/^((?:@[^/@]+\/)?[^@\s]+)/.exec(rest)?.[1] ?? rest}`);
    continue;
  }
  seen.add(`${code} ${rest.split(/\s+/).slice(0, 3).join(' ')}`.trim());
}
if (pendingEngine) seen.add('EBADENGINE (unparsed package)');

const unexplained = [...seen].filter((w) => !allowed.has(w));
const stale = [...allowed].filter((w) => !seen.has(w));
if (stale.length)
  console.log(`listed in .ci/install-warnings.txt but not printed (this Node?):\n  ${stale.join('\n  ')}`);
if (unexplained.length) {
  console.error(
    `npm printed warnings that docs/operators.md does not explain:\n  ${unexplained.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`npm install warnings: ${seen.size}, each explained in docs/operators.md`);
