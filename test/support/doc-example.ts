/**
 * Examples of the guides (README.md and every Markdown file under docs/) that another test runs
 * (`<!-- example: not-run id=… covered-by=<test file> -->`): that test reads the example here,
 * verbatim from its guide, and runs what it reads, so a guide cannot show one thing while the test
 * runs another.
 *
 * The ledger `test/docs/examples-covered.json` records, per example id, the test that runs it and
 * a hash of the text it last ran. The guides test (test/docs/guides.test.ts) fails when an example
 * is not in the ledger, when its text changed since (a changed operation must be run again), or
 * when the test it names no longer calls {@link docExample} with its id. Here, a test fails when
 * it reads an example whose text the ledger does not hold. After changing such an example, run its
 * test with UPDATE_DOCS=1: it records what it ran; review the ledger's diff.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { parseGuide, type Example } from '../docs/examples.js';
import { ROOT } from './process.js';

export const LEDGER = path.join(ROOT, 'test/docs/examples-covered.json');

/** The variable that makes the guide tests write what they ran into the guides and the ledger. */
export const UPDATE_VARIABLE = 'UPDATE_DOCS';
export const UPDATE = process.env[UPDATE_VARIABLE] === '1';

export type Ledger = Record<string, { readonly test: string; readonly sha256: string }>;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export function readLedger(): Ledger {
  return existsSync(LEDGER) ? (JSON.parse(readFileSync(LEDGER, 'utf8')) as Ledger) : {};
}

/** Every document whose examples run: README.md, then the Markdown files under docs/, sorted (relative paths). */
export function documentFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  return [
    'README.md',
    ...walk('docs')
      .filter((f) => f.endsWith('.md'))
      .sort(),
  ];
}

/** The text of a not-run example: its code blocks' contents, in order, separated by a blank line. */
export function exampleText(example: Example): string {
  return example.blocks.map((b) => b.content).join('\n\n');
}

/** The not-run examples of every document, by id, each with the file it is in. */
export function coveredExamples(): Map<string, { file: string; example: Example }> {
  const out = new Map<string, { file: string; example: Example }>();
  for (const file of documentFiles())
    for (const example of parseGuide(readFileSync(path.join(ROOT, file), 'utf8')).examples)
      if (example.kind === 'not-run' && example.attrs['id']) out.set(example.attrs['id'], { file, example });
  return out;
}

/**
 * The guide example `id`, as written (its code blocks; `block` picks one of several), for the
 * calling test to run. Throws when no guide has such an example, or when the ledger holds another
 * text for it (UPDATE_DOCS=1 records this one instead).
 */
export function docExample(id: string, block?: number): string {
  const found = coveredExamples().get(id);
  if (!found) throw new Error(`no guide has a <!-- example: not-run id=${id} … --> example`);
  const { file, example } = found;
  const text = exampleText(example);
  const test = path.relative(ROOT, expect.getState().testPath ?? '');
  const ledger = readLedger();
  if (UPDATE) {
    ledger[id] = { test, sha256: sha256(text) };
    const sorted = Object.fromEntries(Object.entries(ledger).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(LEDGER, `${JSON.stringify(sorted, null, 2)}\n`);
  } else if (ledger[id]?.sha256 !== sha256(text) || ledger[id]?.test !== test)
    throw new Error(
      `example ${id} (${file} line ${example.line}) is not the text ${test} last ran: run it with ${UPDATE_VARIABLE}=1 and review test/docs/examples-covered.json`,
    );
  if (block === undefined) return text;
  const b = example.blocks[block];
  if (!b) throw new Error(`example ${id} (${file}) has no block ${block}`);
  return b.content;
}
