/**
 * The guides (README.md and every Markdown file under docs/) and their examples: every code block of
 * a guide is annotated (`<!-- example: … -->`, see `examples.ts`), each annotation covers the
 * blocks its kind needs, an example another test runs is read by that test and holds the text it
 * last ran, and every guide with examples to run has its file under `test/docs/guides/`, which runs
 * them against a real service (`guide-runner.ts`). The README fits on a page, its first query near
 * the top.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process.js';
import {
  docExample,
  documentFiles,
  exampleText,
  readLedger,
  sha256,
  UPDATE_VARIABLE,
} from '../support/doc-example.js';
import { runnableExamples } from './guide-runner.js';
import {
  actorPhrase,
  Bindings,
  matchJson,
  matchText,
  parseGuide,
  shapeProblems,
  type Example,
} from './examples.js';

/**
 * Documents that are references, not guides: their code blocks (drawings, formats, commands for
 * another system) need no annotation. Annotated examples in them still run.
 */
const REFERENCES = new Set([
  // The map of the code: its drawings are held by dependency-cruiser's LAYERS (npm run lint).
  'docs/architecture.md',
  // Beyond one PostgreSQL: commands for a Citus cluster, which the tests do not have.
  'docs/scaling.md',
  'docs/rules-coverage.md',
]);
const isReference = (file: string) => REFERENCES.has(file) || file.startsWith('docs/rulesets/');

/** The string arguments of every call to `name(…)` in a TypeScript file, from its code. */
function callArguments(file: string, name: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === name &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const ledger = readLedger();
const documents = documentFiles().map((file) => ({
  file,
  parsed: parseGuide(readFileSync(path.join(ROOT, file), 'utf8')),
}));
const GUIDE_TESTS = 'test/docs/guides';

/** What is wrong with one not-run example: its test must exist, read it, and have run this text. */
function notRunProblems(where: string, ex: Example): string[] {
  const by = ex.attrs['covered-by'];
  const id = ex.attrs['id'];
  if (!by) return [`${where}: not-run needs covered-by=<test file>`];
  if (!id) return [`${where}: not-run needs id=<name>, for its test to read it by`];
  if (!existsSync(path.join(ROOT, by))) return [`${where}: ${by} does not exist`];
  // The named test reads the example from its guide and runs it: a call in its code, not a
  // comment or a copy, and the ledger holds the very text it ran last.
  if (!callArguments(path.join(ROOT, by), 'docExample').includes(id))
    return [`${where}: ${by} never calls docExample('${id}')`];
  if (ledger[id]?.test !== by) return [`${where}: the ledger says ${ledger[id]?.test} runs example ${id}`];
  if (ledger[id]?.sha256 !== sha256(exampleText(ex)))
    return [
      `${where}: example ${id} changed since ${by} last ran it (run ${by} with ${UPDATE_VARIABLE}=1, review test/docs/examples-covered.json)`,
    ];
  return [];
}

describe('the guides', () => {
  it.each(documents)(
    '$file: every code block annotated, each annotation as its kind needs',
    ({ file, parsed }) => {
      expect(parsed.problems).toEqual([]);
      if (!isReference(file))
        expect(
          parsed.orphans.map(
            (b) => `${file} line ${b.open + 1}: \`\`\`${b.lang} block with no <!-- example: … --> before it`,
          ),
        ).toEqual([]);
      // A credential is shown shortened (`zkp_abcd…`), never whole, not even one from a test run.
      expect(
        parsed.lines.flatMap((l, i) =>
          /zk[a-z]_[A-Za-z0-9_-]{20,}/.test(l) ? [`${file} line ${i + 1}`] : [],
        ),
        'credentials printed whole',
      ).toEqual([]);
      for (const ex of parsed.examples) {
        const where = `${file} line ${ex.line}`;
        expect(shapeProblems(ex), file).toEqual([]);
        if (ex.kind === 'not-run') expect(notRunProblems(where, ex)).toEqual([]);
        if (ex.kind === 'graphql' || ex.kind === 'subscription') {
          expect(ex.attrs['as'], `${where}: say whose credential (as=…)`).toBeDefined();
          // The reader must be told too, in the prose right before the example.
          expect(
            ex.lead.toLowerCase(),
            `${where}: the text before it must say "${actorPhrase(ex.attrs['as']!)}"`,
          ).toContain(actorPhrase(ex.attrs['as']!).toLowerCase());
        }
        if (ex.kind === 'graphql' || ex.kind === 'subscription' || ex.kind === 'sh')
          for (const b of ex.blocks)
            expect(
              b.content.replace(/zk[a-z]_[A-Za-z0-9_-]*…/g, '').includes('…'),
              `${file} line ${b.open + 1}: nothing may be elided (shortened tokens aside)`,
            ).toBe(false);
      }
    },
  );

  it('every guide with examples to run has its test file, which runs that guide', () => {
    const expected = documents
      .filter(({ file }) => runnableExamples(file).length > 0)
      .map(({ file }) => ({
        file,
        test: `${GUIDE_TESTS}/${path.basename(file, '.md').toLowerCase()}.test.ts`,
      }));
    const tests = readdirSync(path.join(ROOT, GUIDE_TESTS)).map((t) => `${GUIDE_TESTS}/${t}`);
    expect(tests.sort(), `one file per guide under ${GUIDE_TESTS}`).toEqual(
      expected.map((e) => e.test).sort(),
    );
    for (const { file, test } of expected)
      expect(callArguments(path.join(ROOT, test), 'describeGuide'), test).toEqual([file]);
  });

  it("ids are unique, and the ledger records examples of today's guides only", () => {
    const ids = documents.flatMap(({ parsed }) =>
      parsed.examples.flatMap((e) => (e.attrs['id'] ? [e.attrs['id']] : [])),
    );
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'ids used twice',
    ).toEqual([]);
    expect(
      Object.keys(ledger).filter((id) => !ids.includes(id)),
      'ledger entries with no example',
    ).toEqual([]);
    // Guides whose annotations were lost would pass everything above vacuously.
    const count = (kind: string) =>
      documents.flatMap(({ parsed }) => parsed.examples).filter((e) => e.kind === kind).length;
    expect(count('graphql')).toBeGreaterThanOrEqual(6);
    expect(count('subscription')).toBeGreaterThanOrEqual(1);
    expect(count('sh')).toBeGreaterThanOrEqual(6);
  });

  it('the README fits on a page, and a newcomer reaches the first query within its first 60 lines', () => {
    const readme = documents.find(({ file }) => file === 'README.md')!.parsed;
    expect(readme.lines.length).toBeLessThanOrEqual(350);
    const first = readme.examples.find((e) => e.kind === 'graphql' || e.kind === 'sh');
    expect(first?.line).toBeLessThanOrEqual(60);
  });

  it("CI runs the README's test command, as its last step", () => {
    const ci = readFileSync(path.join(ROOT, '.ci/run'), 'utf8').trim().split('\n');
    expect(ci.at(-1)).toBe(docExample('test-command'));
  });

  it("the guides' update command sets the variable and runs this folder's tests", () => {
    const [assignment, ...command] = docExample('update-docs').split(' ');
    expect(assignment).toBe(`${UPDATE_VARIABLE}=1`);
    expect(command).toEqual([
      'npx',
      'vitest',
      'run',
      path.dirname(path.relative(ROOT, expect.getState().testPath!)),
    ]);
  });
});

describe('the example checker', () => {
  it('finds code blocks with no annotation, malformed annotations, and the prose before each example', () => {
    const fence = '```';
    const text = [
      '## A',
      'As Alice (her seat token):',
      '<!-- example: graphql as=Alice -->',
      `${fence}graphql`,
      '{ whoami { kind } }',
      fence,
      `${fence}json response`,
      '{}',
      fence,
      'then something unannotated:',
      `${fence}sh`,
      'rm -rf /',
      fence,
      '## B',
      `${fence}sh`,
      'echo orphan',
      fence,
      '<!-- example: frobnicate -->',
    ].join('\n');
    const parsed = parseGuide(text);
    expect(parsed.examples).toHaveLength(1);
    expect(parsed.examples[0]).toMatchObject({ kind: 'graphql', attrs: { as: 'Alice' }, line: 3 });
    expect(parsed.examples[0]!.lead).toContain('As Alice (her seat token):');
    // A block after the example's own ones belongs to it (up to the next heading or annotation),
    // and is refused: nothing would run it. The one after the heading is an orphan.
    expect(shapeProblems(parsed.examples[0]!)).toEqual([
      'line 11: ```sh block that the graphql example above does not run',
    ]);
    expect(shapeProblems({ ...parsed.examples[0]!, blocks: parsed.examples[0]!.blocks.slice(0, 1) })).toEqual(
      ['line 3: a graphql example needs a ```json response block here'],
    );
    expect(parsed.orphans.map((b) => b.content)).toEqual(['echo orphan']);
    expect(parsed.problems).toEqual(['line 18: malformed annotation <!-- example: frobnicate -->']);
  });

  it('catches a changed value, an elided list and an id that stands for two things', () => {
    const b = new Bindings();
    const game = {
      id: 'ab659cbe-12a5-4500-8c73-8995de0b701d',
      zones: [{ type: 'hand' }, { type: 'library' }],
    };
    const real = {
      id: 'c5f2f282-29de-400b-bbcb-f0e37382d35b',
      zones: [{ type: 'hand' }, { type: 'library' }],
    };
    expect(matchJson(game, real, b)).toEqual([]);
    expect(matchJson({ ...game, zones: [{ type: 'hand' }] }, real, new Bindings())).not.toEqual([]);
    expect(matchJson({ ...game, version: 2 }, { ...real, version: 3 }, new Bindings())).not.toEqual([]);
    // The same README id now standing for another real one.
    expect(matchJson(game.id, '571fcc34-955b-4e9a-9578-0eb5d4889e73', b)).not.toEqual([]);
    const errors: string[] = [];
    b.substitute('{"id": "8b02a907-4d9c-45a9-a6cc-56e3477b9513"}', errors);
    expect(errors).toEqual(['id 8b02a907-4d9c-45a9-a6cc-56e3477b9513 appears in no earlier response']);
  });

  it('compares command output line by line, ids and date-times aside', () => {
    const b = new Bindings();
    const shown = 'game ab659cbe-12a5-4500-8c73-8995de0b701d  mtg  2026-11-22T23:31:18.000Z';
    expect(
      matchText(shown, 'game c5f2f282-29de-400b-bbcb-f0e37382d35b  mtg  2026-11-23T10:00:00.123Z\n', b),
    ).toEqual([]);
    expect(
      matchText(shown, 'game c5f2f282-29de-400b-bbcb-f0e37382d35b  fab  2026-11-23T10:00:00.123Z', b),
    ).not.toEqual([]);
  });
});
