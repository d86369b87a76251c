/**
 * Keeps docs/rules-coverage.md honest: every rule id of the in-repository index listed, every cited
 * test existing; and, where the original rule texts are available, the index complete against them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAB_STATEMENTS, MTG_RULES, NETRUNNER_RULES } from './rules-index.js';

const doc = readFileSync(new URL('../../docs/rules-coverage.md', import.meta.url), 'utf8');

/**
 * The original rule texts, for the cross-check only: the folder named by `RULES_TEXT_DIR` (CI sets it
 * where the texts are available). A clone has no copy, and the cross-check is then skipped; nothing
 * in the project reads outside the repository.
 */
const rulesDir = process.env['RULES_TEXT_DIR'] ?? '';
const haveTexts = rulesDir !== '' && existsSync(rulesDir);
const skipReason = rulesDir
  ? `RULES_TEXT_DIR=${rulesDir} does not exist`
  : 'RULES_TEXT_DIR is unset (the original rule texts are not in the repository)';
if (!haveTexts)
  console.info(
    `coverage.test.ts: skipping the cross-check of the rule index against the original texts: ${skipReason}. ` +
      'The index is still checked against docs/rules-coverage.md.',
  );
const texts = haveTexts
  ? readdirSync(rulesDir).map((f) => ({ name: f, text: readFileSync(`${rulesDir}/${f}`, 'utf8') }))
  : [];
const text = (prefix: string) => texts.find((t) => t.name.startsWith(prefix))?.text ?? '';

const sorted = (xs: readonly string[]) => [...xs].sort();

describe('the rule index (test/rules/rules-index.ts)', () => {
  it('has unique ids and a summary for every entry', () => {
    const ids = [...MTG_RULES, ...NETRUNNER_RULES].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const lines = FAB_STATEMENTS.map((s) => s.line);
    expect(new Set(lines).size).toBe(lines.length);
    const summaries = [...MTG_RULES, ...NETRUNNER_RULES, ...FAB_STATEMENTS].map((r) => r.summary);
    expect(summaries.filter((s) => s.trim().length < 8)).toEqual([]);
  });

  it('lists every MTG rule id of the texts (400 from 004, 401-408 from 001)', ({ skip }) => {
    if (!haveTexts) skip(skipReason);
    const ids = [...text('004_').matchAll(/^(400\.\d+[a-z]?)[. ]/gm)].map((m) => m[1]!);
    // 401-408: a rule number on its own line, its sub-rules as indented "a." items below it.
    let current = '';
    for (const line of text('001_').split('\n')) {
      const number = /^(40[1-8]\.\d+)$/.exec(line)?.[1];
      if (number) ids.push((current = number));
      const letter = /^ {4}([a-z])\. /.exec(line)?.[1];
      if (letter && current) ids.push(current + letter);
    }
    expect(ids.length).toBeGreaterThan(60);
    expect(sorted(MTG_RULES.map((r) => r.id))).toEqual(sorted(ids));
  });

  it('lists every Netrunner rule id of the texts', ({ skip }) => {
    if (!haveTexts) skip(skipReason);
    const ids = [...text('003_').matchAll(/(?:chapter|section|subsection|rule): (\w+)/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(25);
    expect(sorted(NETRUNNER_RULES.map((r) => r.id))).toEqual(sorted(ids));
  });

  it('lists every FAB statement of the texts (### and ####) by line and anchor', ({ skip }) => {
    if (!haveTexts) skip(skipReason);
    const lines = text('000_').split('\n');
    const statements = lines.flatMap((l, i) => (l.startsWith('###') ? [{ line: i + 1, text: l }] : []));
    expect(statements.length).toBeGreaterThan(90);
    expect(FAB_STATEMENTS.map((s) => s.line)).toEqual(statements.map((s) => s.line));
    for (const { line, text: statement } of statements) {
      const own = /@@([\w:]+)@@/.exec(statement)?.[1];
      const entry = FAB_STATEMENTS.find((s) => s.line === line)!;
      if (own !== undefined) expect(entry.anchor, `line ${line}`).toBe(own);
      // The doc row of the statement quotes its beginning.
      const quote = statement
        .replace(/^#+\s*/, '')
        .replace(/@@[\w:]+@@\s*/g, '')
        .replace(/\[\[[^\]]*\]\]/g, '')
        .trim()
        .slice(0, 40);
      expect(doc, `line ${line}`).toContain(quote);
    }
  });
});

describe('docs/rules-coverage.md', () => {
  it('lists every MTG rule id of the index', () => {
    expect(MTG_RULES.length).toBeGreaterThan(60);
    expect(MTG_RULES.filter((r) => !doc.includes(`| ${r.id} |`)).map((r) => r.id)).toEqual([]);
  });

  it('lists every Netrunner rule id of the index', () => {
    expect(NETRUNNER_RULES.length).toBeGreaterThan(25);
    expect(NETRUNNER_RULES.filter((r) => !doc.includes(`| ${r.id} |`)).map((r) => r.id)).toEqual([]);
  });

  it('lists every FAB statement of the index by line and anchor', () => {
    expect(FAB_STATEMENTS.length).toBeGreaterThan(90);
    const missing = FAB_STATEMENTS.filter((s) => !doc.includes(`| ${s.line} | \`${s.anchor}\``));
    expect(missing).toEqual([]);
  });

  it('every test cited in the doc exists in test/rules', () => {
    const testDir = new URL('./', import.meta.url);
    const files = new Map(
      readdirSync(testDir)
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => [f, readFileSync(new URL(f, testDir), 'utf8')]),
    );
    const cited = [...doc.matchAll(/`([\w.-]+\.test\.ts)` "([^"]+)"/g)].map((m) => ({
      file: m[1]!,
      name: m[2]!,
    }));
    expect(cited.length).toBeGreaterThan(50);
    const missing = cited.filter(({ file, name }) => {
      const src = files.get(file);
      return !src || !(src.includes(`it('${name}'`) || src.includes(`it("${name}"`));
    });
    expect(missing).toEqual([]);
    const statuses = doc
      .split('\n')
      .filter(
        (l) =>
          l.startsWith('| ') && !l.startsWith('| Line') && !l.startsWith('| Rule') && !l.startsWith('| Id'),
      );
    expect(
      statuses.every((l) => /\*\*(enforced|move option|out of scope|enforced \(catalog data\))\*\*/.test(l)),
    ).toBe(true);
  });
});
