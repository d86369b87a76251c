#!/usr/bin/env node
// Builds the client package (client/package.json, `@zonekeeper/client`) into client/dist/: one ES
// module with graphql-ws and the close-code table bundled in (a bot installs nothing else for it
// but `ws` on Node 20), and its type declarations. `npm pack ./client` runs it first (prepack) and
// writes zonekeeper-client-<version>.tgz, the file a bot project depends on (docs/bots.md, "A bot in its
// own project").
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'client', 'dist');
rmSync(out, { recursive: true, force: true });

await build({
  entryPoints: [path.join(root, 'client', 'index.ts')],
  outfile: path.join(out, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  logLevel: 'warning',
});

const tsc = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    path.join(root, 'client', 'index.ts'),
    '--declaration',
    '--emitDeclarationOnly',
    '--rootDir',
    root,
    '--outDir',
    path.join(out, 'types'),
    '--module',
    'NodeNext',
    '--moduleResolution',
    'NodeNext',
    '--target',
    'ES2022',
    '--lib',
    'ES2023,DOM',
    '--types',
    'node',
    '--skipLibCheck',
    '--strict',
  ],
  { cwd: root, stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
