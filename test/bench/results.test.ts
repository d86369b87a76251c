/**
 * The bench's documents agree with its results: BENCHMARKS.md and the README's summary are exactly
 * what bench/results.json renders to (`bench/lib/docs.ts`), no target is judged without a
 * threshold, and the Benchmarks sections of the README and of docs/development.md quote no figure
 * outside the rendered summary.
 * After `npm run bench` all three are written together; `npm run bench:docs` renders the documents
 * again from the file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  README_BEGIN,
  README_END,
  README_MAX_LISTED,
  renderBenchmarks,
  renderReadmeSummary,
  type BenchResults,
} from '../../bench/lib/docs.js';
import { ROOT } from '../support/process.js';

const results = JSON.parse(readFileSync(path.join(ROOT, 'bench/results.json'), 'utf8')) as BenchResults;
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe('bench/results.json and the documents drawn from it', () => {
  it('judges every target against a stated threshold', () => {
    expect(results.targets.length).toBeGreaterThan(0);
    const unjudged = results.targets.filter((t) => t.met !== null && !(t.threshold ?? '').trim());
    expect(
      unjudged.map((t) => t.target),
      'targets marked met or missed without a threshold',
    ).toEqual([]);
    const noNote = results.targets.filter((t) => t.met === null && !t.note);
    expect(
      noNote.map((t) => t.target),
      'targets not judged must say why',
    ).toEqual([]);
  });

  it('BENCHMARKS.md is what bench/results.json renders to (else: npm run bench:docs)', () => {
    const doc = readFileSync(path.join(ROOT, results.settings.output || 'BENCHMARKS.md'), 'utf8');
    expect(doc).toBe(renderBenchmarks(results));
  });

  it("the README's summary is what bench/results.json renders to (else: npm run bench:docs)", () => {
    const begin = readme.indexOf(README_BEGIN);
    const end = readme.indexOf(README_END);
    expect(begin, 'README.md has the bench:results section').toBeGreaterThanOrEqual(0);
    expect(readme.slice(begin, end + README_END.length)).toBe(renderReadmeSummary(results));
  });

  it('lists at most README_MAX_LISTED targets not met in the README, those missed first', () => {
    const target = (i: number, met: boolean | null) => ({
      target: `target ${i}`,
      measured: String(i),
      threshold: '≤ 1',
      met,
      ...(met === null ? { note: 'not stable' } : {}),
    });
    const many = [target(0, null), ...Array.from({ length: 20 }, (_, i) => target(i + 1, false))];
    const summary = renderReadmeSummary({ ...results, targets: [...many, target(99, true)] });
    const rows = summary.split('\n').filter((line) => /^\| target \d/.test(line));
    expect(rows).toHaveLength(README_MAX_LISTED);
    expect(rows.some((row) => row.startsWith('| target 0 '))).toBe(false);
    expect(summary).toContain(`${README_MAX_LISTED} of the 21 others (the rest in BENCHMARKS.md)`);
  });

  it.each(['README.md', 'docs/development.md'])(
    'the Benchmarks section of %s quotes no figure outside the rendered summary',
    (file) => {
      const text = file === 'README.md' ? readme : readFileSync(path.join(ROOT, file), 'utf8');
      const at = text.search(/^#+ Benchmarks$/m);
      expect(at, `${file} has a Benchmarks section`).toBeGreaterThanOrEqual(0);
      const section = text.slice(at);
      const next = section.search(/\n#{1,3} /);
      const prose = section.slice(0, next < 0 ? undefined : next);
      const begin = prose.indexOf(README_BEGIN);
      const outside = begin < 0 ? prose : prose.slice(0, begin) + prose.slice(prose.indexOf(README_END));
      const figures =
        outside.match(/\d[\d,.]*\s?(?:ms|s\b|×|KiB|MiB|GiB|%|(?:ops|moves|events|games)\/s)/g) ?? [];
      expect(figures, 'measured figures belong in bench/results.json and the rendered summary').toEqual([]);
    },
  );
});
