#!/usr/bin/env node
// `npm run build`: compiles src/ to dist/ (tsc, tsconfig.build.json) and copies the files that are
// not TypeScript (the GraphQL SDL, for one) beside the compiled code, so that `npm start` runs plain
// JavaScript with no transpiler at run time.
//
// `--if-stale` (what `npm start` runs first) builds only when dist/ is missing or older than a file
// of src/ or of the build configuration, so a fresh clone's first `npm start` builds and later ones
// start at once. The build goes to a temporary folder that replaces dist/ when complete.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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

const ifStale = process.argv.includes('--if-stale');
// A copy that ships dist/ without src/ is a prebuilt one.
if (ifStale && (!existsSync(src) || !stale())) process.exit(0);

// One build at a time per checkout: a second `npm start` (or test) that finds dist/ stale waits for
// the first build instead of replacing dist/ under a service that is starting from it. The lock is
// a folder (mkdir is atomic) holding the builder's pid; a lock whose builder is gone is taken over.
const lock = path.join(root, 'node_modules', '.cache', 'zonekeeper-build.lock');
mkdirSync(path.dirname(lock), { recursive: true });
const deadline = Date.now() + 300_000;
for (;;) {
  try {
    mkdirSync(lock);
    writeFileSync(path.join(lock, 'pid'), String(process.pid));
    break;
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
    if (!builderAlive()) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) {
      console.error(`Another build holds ${lock}; remove it if no build is running.`);
      process.exit(1);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
}
const unlock = () => rmSync(lock, { recursive: true, force: true });
process.on('exit', unlock);
// The build that held the lock may have made dist/ current.
if (ifStale && !stale()) process.exit(0);

/** Whether the pid recorded in the lock is a live process. */
function builderAlive() {
  let pid;
  try {
    pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    // Between its mkdir and its write; a lock left without a pid for long was abandoned there.
    try {
      return Date.now() - statSync(lock).mtimeMs < 10_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

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
