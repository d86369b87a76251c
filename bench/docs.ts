/**
 * `npm run bench:docs`: renders BENCHMARKS.md and the README's results summary again from
 * bench/results.json (`BENCH_RESULTS`), without measuring anything. See `lib/docs.ts`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resultsPath, writeDocs, type BenchResults } from './lib/docs.js';
import { ROOT } from './lib/service.js';

const results = JSON.parse(await readFile(resultsPath(), 'utf8')) as BenchResults;
for (const file of await writeDocs(results, results.settings.output || 'BENCHMARKS.md'))
  process.stdout.write(`bench:docs: wrote ${path.relative(ROOT, file)}\n`);
