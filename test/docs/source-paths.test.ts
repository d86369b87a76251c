/**
 * Every source path the docs name exists: in `docs/` (all Markdown), `README.md`, and in the
 * comments of `src/` (outside the generated code). A path is either rooted at a top folder of the
 * repository (`src/…`, `test/…`, `rulesets/…`, …) or written in backticks with a folder
 * (`db/rows.ts`), and is looked up from the repository root, from `src/`, and from the naming
 * file's folder. Reads only the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Named on purpose although they are not in this repository, each with its reason. */
const NOT_FILES = new Set([
  // architecture.md: the hypothetical file a planted boundary violation would add.
  'src/rules/x.ts',
  // docs/operators.md: a file under the configured data directory, not in the repository.
  'DATA_DIR/credentials.json',
  // docs/frontend.md: the file its typed-request example has the reader write (test/client/request.test.ts).
  'examples/hand.ts',
  // docs/rulesets/netrunner.md: a path in the upstream rules repository it cites.
  'data/input/01_game_concepts.yaml',
]);

const TOP = 'src|test|rulesets|docs|bench|prisma|examples|schemas|scripts';
/** `src/authority/pipeline.ts`, `rulesets/mtg.yaml`: rooted at a top folder; not part of a longer path or a package name. */
const ROOTED = new RegExp(
  `(?<![\\w./@-])((?:${TOP})/[\\w./-]*\\.(?:ts|mjs|graphql|yaml|json|md|sql))(?![\\w/-])`,
  'g',
);
/** `db/rows.ts`: a backticked path with at least one folder. */
const TICKED = /`([\w.-]+(?:\/[\w.-]+)+\.(?:ts|mjs|graphql|yaml|json|md|sql))`/g;

function walk(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** The text of a file that may name paths: all of a Markdown file, the comments of a source file. */
function namingText(file: string): string {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  if (file.endsWith('.md')) return text;
  return (text.match(/\/\/.*|\/\*[\s\S]*?\*\//g) ?? []).join('\n');
}

function missingPaths(file: string, text: string): string[] {
  const named = new Set([...text.matchAll(ROOTED), ...text.matchAll(TICKED)].map((m) => m[1]!));
  return [...named].filter(
    (p) =>
      !NOT_FILES.has(p) &&
      ![p, path.join('src', p), path.join(path.dirname(file), p)].some((c) => existsSync(path.join(ROOT, c))),
  );
}

const NAMING_FILES = [
  ...walk('docs').filter((f) => f.endsWith('.md')),
  'README.md',
  ...walk('src').filter((f) => /\.(ts|mjs)$/.test(f) && !f.startsWith(`src${path.sep}generated`)),
];

describe('source paths named in docs and comments', () => {
  it('finds files that name paths', () => {
    expect(NAMING_FILES).toContain('README.md');
    expect(NAMING_FILES).toContain(path.join('docs', 'architecture.md'));
    expect(NAMING_FILES).toContain(path.join('src', 'app.ts'));
  });

  it.each(NAMING_FILES)('every path %s names exists', (file) => {
    expect(missingPaths(file, namingText(file))).toEqual([]);
  });
});
