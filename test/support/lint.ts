/**
 * Lint a planted source file with the repository's own ESLint configuration (the lint tests in
 * test/foundation): the file is written, linted through ESLint's Node API, and deleted by the
 * caller's `afterEach` through {@link removePlanted}.
 */
import { rm, writeFile } from 'node:fs/promises';
import { ESLint, type Linter } from 'eslint';
import { ROOT } from './process.js';

/**
 * The repository's configuration without its typed rule: the planted rules need no types, and
 * loading the whole program for them would take a minute on a busy machine.
 */
const UNTYPED = {
  languageOptions: { parserOptions: { projectService: false } },
  rules: { '@typescript-eslint/switch-exhaustiveness-check': 'off' },
} satisfies ESLint.Options['overrideConfig'];

/** Writes `source` to `file` and returns ESLint's messages on it. */
export async function lintPlanted(file: string, source: string): Promise<Linter.LintMessage[]> {
  await writeFile(file, source);
  const [result] = await new ESLint({ cwd: ROOT, overrideConfig: UNTYPED }).lintFiles([file]);
  return result?.messages ?? [];
}

/** Deletes a planted file (nothing when it is already gone). */
export const removePlanted = (file: string): Promise<void> => rm(file, { force: true });
