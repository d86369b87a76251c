#!/usr/bin/env node
// `npm run build`: compiles src/ to dist/ (tsc, tsconfig.build.json) and copies the files that are
// not TypeScript (the GraphQL SDL, for one) beside the compiled code, so that `npm start` runs plain
// JavaScript with no transpiler at run time.
//
// `--if-stale` (what `npm start` runs first) builds only when dist/ is missing or older than a file
// of src/ or of the build configuration, so a fresh clone's first `npm start` builds and later ones
// start at once. The build goes to a temporary folder that replaces dist/ when complete.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.build-complete');
const inputs = ['package.json', 'tsconfig.json', 'tsconfig.build.json'].map((f) => path.join(root, f));

/** Every file below `dir`. */
function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : [full];
  });
}

function stale() {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return [...files(src), ...inputs].some((f) => statSync(f).mtimeMs > built);
}

// A copy that ships dist/ without src/ is a prebuilt one.
if (process.argv.includes('--if-stale') && (!existsSync(src) || !stale())) process.exit(0);

const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
if (!existsSync(tsc)) {
  console.error(
    'Cannot build dist/: TypeScript is not installed (devDependencies omitted?). ' +
      'Run `npm install` and `npm run build`, or ship a dist/ built elsewhere.',
  );
  process.exit(1);
}
// Beside the other caches, on the same file system as dist/ (for the rename), ignored by every tool.
const out = path.join(root, 'node_modules', '.cache', `zonekeeper-dist-${process.pid}`);
rmSync(out, { recursive: true, force: true });
console.error('Building dist/ (tsc -p tsconfig.build.json)');
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', out], {
  cwd: root,
  stdio: 'inherit',
});
if (result.status !== 0) {
  rmSync(out, { recursive: true, force: true });
  console.error('Build failed: see the TypeScript errors above.');
  process.exit(result.status ?? 1);
}
for (const file of files(src)) {
  if (/\.(ts|mts|cts)$/.test(file)) continue;
  const target = path.join(out, path.relative(src, file));
  cpSync(file, target);
}
writeFileSync(path.join(out, '.build-complete'), `${new Date().toISOString()}\n`);
// Another build may have finished meanwhile: the newest complete one wins, never a partial one.
rmSync(dist, { recursive: true, force: true });
try {
  renameSync(out, dist);
} catch {
  rmSync(out, { recursive: true, force: true });
}
