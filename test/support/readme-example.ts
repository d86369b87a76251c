/**
 * README examples another test runs (`<!-- example: not-run id=… covered-by=<test file> -->`):
 * that test reads the example here, verbatim from README.md, and runs what it reads, so the
 * README cannot show one thing while the test runs another.
 *
 * The ledger `test/docs/readme-covered.json` records, per example id, the test that runs it and
 * a hash of the text it last ran. The README test (test/docs/readme.test.ts) fails when an example
 * is not in the ledger, when its text changed since (a changed operation must be run again), or
 * when the test it names no longer calls {@link readmeExample} with its id. Here, a test fails when
 * it reads an example whose text the ledger does not hold. After changing such an example, run its
 * test with UPDATE_README=1: it records what it ran; review the ledger's diff.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { parseReadme, type Example } from '../docs/readme-examples.js';
import { ROOT } from './process.js';

export const LEDGER = path.join(ROOT, 'test/docs/readme-covered.json');

export type Ledger = Record<string, { readonly test: string; readonly sha256: string }>;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export function readLedger(): Ledger {
  return existsSync(LEDGER) ? (JSON.parse(readFileSync(LEDGER, 'utf8')) as Ledger) : {};
}

/** The text of a not-run example: its code blocks' contents, in order, separated by a blank line. */
export function exampleText(example: Example): string {
  return example.blocks.map((b) => b.content).join('\n\n');
}

/** The not-run examples of README.md, by id. */
export function coveredExamples(
  readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8'),
): Map<string, Example> {
  const out = new Map<string, Example>();
  for (const ex of parseReadme(readme).examples)
    if (ex.kind === 'not-run' && ex.attrs['id']) out.set(ex.attrs['id'], ex);
  return out;
}

/**
 * The README example `id`, as written (its code blocks; `block` picks one of several), for the
 * calling test to run. Throws when the README has no such example, or when the ledger holds another
 * text for it (UPDATE_README=1 records this one instead).
 */
export function readmeExample(id: string, block?: number): string {
  const example = coveredExamples().get(id);
  if (!example) throw new Error(`README.md has no <!-- example: not-run id=${id} … --> example`);
  const text = exampleText(example);
  const test = path.relative(ROOT, expect.getState().testPath ?? '');
  const ledger = readLedger();
  if (process.env['UPDATE_README'] === '1') {
    ledger[id] = { test, sha256: sha256(text) };
    const sorted = Object.fromEntries(Object.entries(ledger).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(LEDGER, `${JSON.stringify(sorted, null, 2)}\n`);
  } else if (ledger[id]?.sha256 !== sha256(text) || ledger[id]?.test !== test)
    throw new Error(
      `README example ${id} (line ${example.line}) is not the text ${test} last ran: run it with UPDATE_README=1 and review test/docs/readme-covered.json`,
    );
  if (block === undefined) return text;
  const b = example.blocks[block];
  if (!b) throw new Error(`README example ${id} has no block ${block}`);
  return b.content;
}
