/** Keeps docs/rules-coverage.md honest: every rule id listed, every cited test existing. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const rulesDir = new URL('../../../shared/rules/', import.meta.url);
const doc = readFileSync(new URL('../../docs/rules-coverage.md', import.meta.url), 'utf8');
const texts = readdirSync(rulesDir).map((f) => ({
  name: f,
  text: readFileSync(new URL(f, rulesDir), 'utf8'),
}));
const text = (prefix: string) => texts.find((t) => t.name.startsWith(prefix))?.text ?? '';

describe('docs/rules-coverage.md', () => {
  it('lists every MTG rule id (400 from 004, 401-408 from 001)', () => {
    const ids = [
      ...[...text('004_').matchAll(/^(400\.\d+[a-z]?)[. ]/gm)].map((m) => m[1]!),
      ...[...text('001_').matchAll(/^(40[1-8]\.\d+)\n-+/gm)].map((m) => m[1]!),
    ];
    expect(ids.length).toBeGreaterThan(60);
    const missing = ids.filter((id) => !doc.includes(`| ${id} |`));
    expect(missing).toEqual([]);
  });

  it('lists every Netrunner rule id', () => {
    const ids = [...text('003_').matchAll(/(?:chapter|section|subsection|rule): (\w+)/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(25);
    expect(ids.filter((id) => !doc.includes(`| ${id} |`))).toEqual([]);
  });

  it('lists every FAB statement (### and ####) by anchor and quote', () => {
    const lines = text('000_')
      .split('\n')
      .filter((l) => l.startsWith('###'));
    expect(lines.length).toBeGreaterThan(90);
    const missing = lines.filter((l) => {
      const anchor = /@@([\w:]+)@@/.exec(l)?.[1];
      const quote = l
        .replace(/^#+\s*/, '')
        .replace(/@@[\w:]+@@\s*/g, '')
        .replace(/\[\[[^\]]*\]\]/g, '')
        .trim()
        .slice(0, 40);
      return !doc.includes(quote) || (anchor !== undefined && !doc.includes(`\`${anchor}\``));
    });
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
