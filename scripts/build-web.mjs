#!/usr/bin/env node
// Bundles the browser pages (the GraphQL IDE and the table page) with esbuild into web/dist/, which
// the service serves under /assets/. Everything the pages load is in that folder: no CDN, so they
// work on a machine without internet.
//
//   node scripts/build-web.mjs             build
//   node scripts/build-web.mjs --if-stale  build only when a source under web/ or a bundled input
//                                          changed since the last build (tests call this)
//   node scripts/build-web.mjs --optional  as --if-stale, but only warn when the build tools are
//                                          absent (an install without devDependencies)
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'web');
const outDir = path.join(webDir, 'dist');
const stampFile = path.join(outDir, 'build.json');
const args = new Set(process.argv.slice(2));
const optional = args.has('--optional');
const ifStale = optional || args.has('--if-stale');

/** Newest modification time of any file under `dir`, skipping the output folder. */
async function newestUnder(dir) {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (full === outDir) continue;
    if (entry.isDirectory()) newest = Math.max(newest, await newestUnder(full));
    else newest = Math.max(newest, (await stat(full)).mtimeMs);
  }
  return newest;
}

async function isStale() {
  let stamp;
  try {
    stamp = JSON.parse(await readFile(stampFile, 'utf8'));
  } catch {
    return true;
  }
  const builtAt = stamp.builtAt;
  const watched = [
    path.join(root, 'package-lock.json'),
    fileURLToPath(import.meta.url),
    ...stamp.inputs.map((p) => path.join(root, p)),
  ];
  for (const file of watched) {
    try {
      if ((await stat(file)).mtimeMs > builtAt) return true;
    } catch {
      return true;
    }
  }
  return (await newestUnder(webDir)) > builtAt;
}

if (ifStale && !(await isStale())) process.exit(0);

let esbuild;
try {
  esbuild = await import('esbuild');
  await import.meta.resolve?.('graphiql');
} catch (err) {
  if (optional) {
    console.warn(`build-web: skipped (${err.message}); the IDE and table page need \`npm run build:web\`.`);
    process.exit(0);
  }
  throw err;
}

const started = Date.now();
await rm(outDir, { recursive: true, force: true });

const common = {
  absWorkingDir: root,
  bundle: true,
  minify: true,
  target: ['chrome120', 'firefox120', 'safari17'],
  outdir: outDir,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  metafile: true,
  legalComments: 'linked',
};

// The table page, the reference client: small, with a source map so it reads well in devtools.
const table = await esbuild.build({
  ...common,
  entryPoints: { table: 'web/table/main.ts' },
  format: 'esm',
  sourcemap: 'linked',
});

// The IDE: an ES module with its CSS beside it (ide.css).
const ide = await esbuild.build({
  ...common,
  entryPoints: { ide: 'web/ide/main.ts' },
  format: 'esm',
  // Fonts that are not inlined by the packages' CSS become files next to the bundle.
  loader: { '.ttf': 'file', '.woff': 'file', '.woff2': 'file', '.svg': 'file' },
  assetNames: '[name]-[hash]',
  publicPath: '/assets/',
});

// Monaco's web workers (the IDE's editors): classic scripts the IDE starts by URL.
const workers = await esbuild.build({
  ...common,
  entryPoints: {
    'editor.worker': 'web/ide/workers/editor.worker.ts',
    'json.worker': 'web/ide/workers/json.worker.ts',
    'graphql.worker': 'web/ide/workers/graphql.worker.ts',
  },
  format: 'iife',
});

const inputs = [
  ...new Set([table, ide, workers].flatMap((result) => Object.keys(result.metafile.inputs))),
].filter((p) => !p.startsWith('<'));
await writeFile(stampFile, JSON.stringify({ builtAt: Date.now(), inputs }));
console.log(`build-web: web/dist built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
