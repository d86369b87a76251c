/**
 * `npm run lint`'s ESLint step holds the size limits of hand-written code in `src/`: a file of at
 * most 300 lines and a function of at most 60, blank lines and comments not counted
 * (`eslint.config.js`). Each case plants a file in `src/`, lints it with the repository's own
 * configuration through ESLint's Node API, and deletes it; the last reads the configuration ESLint
 * computes for every file of `src/` (generated code aside), so no file can be exempted from either limit.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { lintPlanted, removePlanted } from '../support/lint.js';
import { ROOT } from '../support/process.js';

const planted = path.join(ROOT, 'src', `planted-size-${process.pid}.ts`);

afterEach(async () => {
  await removePlanted(planted);
});

/** A function whose body has `statements` lines, each with a comment and a blank line beside it. */
function functionOf(name: string, statements: number): string {
  const body = Array.from({ length: statements }, (_, i) => `  // step ${i}\n\n  total += ${i};`);
  // The signature, `let total = 0;`, `return total;` and the closing brace are 4 lines more.
  return `export function ${name}(): number {\n  let total = 0;\n${body.join('\n')}\n  return total;\n}\n`;
}

/** The size rules that fire on the planted file. */
async function sizeRulesFiredOn(source: string): Promise<string[]> {
  return (await lintPlanted(planted, source))
    .map((m) => m.ruleId ?? `fatal: ${m.message}`)
    .filter((id) => id === 'max-lines' || id === 'max-lines-per-function' || id.startsWith('fatal'));
}

describe('size limits in src/ (eslint.config.js)', () => {
  it('refuses a function of 61 lines and accepts one of 60, comments and blank lines aside', async () => {
    expect(await sizeRulesFiredOn(functionOf('planted', 57))).toEqual(['max-lines-per-function']);
    expect(await sizeRulesFiredOn(functionOf('planted', 56))).toEqual([]);
  }, 120_000);

  it('refuses a file of 301 lines and accepts one of 300, comments and blank lines aside', async () => {
    // Each function is 10 lines; the file's lines are the functions' and one blank between each.
    const functions = (count: number) => Array.from({ length: count }, (_, i) => functionOf(`f${i}`, 6));
    expect(await sizeRulesFiredOn(functions(30).join('\n') + 'export const extra = 1;\n')).toEqual([
      'max-lines',
    ]);
    expect(await sizeRulesFiredOn(functions(30).join('\n'))).toEqual([]);
  }, 120_000);

  it('applies both limits to every hand-written file of src/: no file is exempt', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const files = (await readdir(path.join(ROOT, 'src'), { recursive: true }))
      .filter((f) => f.endsWith('.ts') && !f.startsWith(`generated${path.sep}`))
      .map((f) => path.join(ROOT, 'src', f));
    expect(files.length).toBeGreaterThan(100);
    const exempt: string[] = [];
    for (const file of files) {
      if (await eslint.isPathIgnored(file)) continue;
      const { rules } = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown> };
      const limits = [rules['max-lines'], rules['max-lines-per-function']];
      const held = limits.map((rule) =>
        Array.isArray(rule) ? [rule[0], (rule[1] as { max: number }).max] : rule,
      );
      if (
        JSON.stringify(held) !==
        JSON.stringify([
          [2, 300],
          [2, 60],
        ])
      )
        exempt.push(path.relative(ROOT, file));
    }
    expect(exempt).toEqual([]);
  }, 120_000);
});
