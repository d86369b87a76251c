#!/usr/bin/env node
// Runs `prisma generate` without the native schema engine, which cannot be downloaded here:
// generation does not need it, and pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file
// stops the CLI from trying to fetch it (it cannot be downloaded without internet access).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const result = spawnSync('prisma', ['generate'], {
  stdio: 'inherit',
  env,
  shell: process.platform === 'win32',
});
if (result.status !== 0) process.exit(result.status ?? 1);

// The query compiler's WebAssembly ships as a JavaScript module holding it as one base64 string
// (4.4 MiB). Imported, that string stays on the heap for the life of the process twice over: as
// the module's source text (V8 keeps every script's source) and as its exported binding. Read
// as a file instead, both are garbage once the module is compiled: some 9 MiB less at rest
// (heap snapshots, issue 43). The generated loader is rewritten to do that; a Prisma release that
// changes its shape stops generation here rather than silently keeping the import.
const classFile = fileURLToPath(
  new globalThis.URL('../src/generated/prisma/internal/class.ts', import.meta.url),
);
const imported =
  /const \{ wasm \} = await import\("(@prisma\/client\/runtime\/query_compiler_[a-z]+_bg\.postgresql\.wasm-base64\.mjs)"\)\n(\s*)return await decodeBase64AsWasm\(wasm\)/;
const generated = readFileSync(classFile, 'utf8');
const found = imported.exec(generated);
if (!found) {
  console.error(
    `scripts/generate.mjs: the query compiler loader in ${classFile} has changed shape; update the rewrite.`,
  );
  process.exit(1);
}
const [, specifier, indent] = found;
const readAsFile = [
  `const { readFile } = await import('node:fs/promises')`,
  `const { createRequire } = await import('node:module')`,
  `const text = await readFile(createRequire(import.meta.url).resolve(${JSON.stringify(specifier)}), 'latin1')`,
  `const base64 = /"([A-Za-z0-9+/=]+)"/.exec(text)?.[1]`,
  `if (!base64) throw new Error('no WebAssembly in ${specifier}')`,
  `return await decodeBase64AsWasm(base64)`,
].join(`\n${indent}`);
writeFileSync(classFile, generated.replace(imported, readAsFile));
