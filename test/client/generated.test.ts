/**
 * `schema.graphql`, the typed client's generated code and the server's resolver types are committed:
 * they must be exactly what `npm run codegen` produces from `src/schema` and the operations in
 * `client/` and `examples/`. The guide's two commands run as written, each as its own process,
 * as a developer would run them (under the test runner, graphql-tools and the code generator could
 * load two copies of `graphql`): the check on this checkout, and, in a copy whose generated files
 * went stale, the check failing by name, then codegen writing back exactly what is committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, runCommand } from '../support/process.js';
import { docExample } from '../support/doc-example.js';
import { copyOfCheckout, CODEGEN_ENTRIES, shellCommands } from '../support/doc-run.js';

const GENERATED = [
  'schema.graphql',
  'client/generated/gql.ts',
  'client/generated/graphql.ts',
  'src/generated/graphql.ts',
];

it("the guide's codegen commands: the check passes here; in a stale copy it names the files, and codegen restores them", async () => {
  const commands = shellCommands(docExample('codegen')).map((c) => {
    expect(c.env).toEqual({});
    return c.words;
  });
  expect(commands).toEqual([
    ['npm', 'run', 'codegen'],
    ['npm', 'run', 'schema:check'],
  ]);
  const [codegen, check] = commands as [string[], string[]];
  const run = async (words: string[], cwd = ROOT) => {
    const done = await runCommand(words[0]!, words.slice(1), { env: process.env, killAfterMs: 120_000, cwd });
    return { code: done.code, out: done.stdout + done.stderr };
  };

  const here = await run(check);
  expect(here.out).toContain('schema.graphql, client/generated/ and src/generated/graphql.ts are up to date');
  expect(here.code).toBe(0);

  const copy = copyOfCheckout(CODEGEN_ENTRIES);
  // The client's generated files (schema.graphql stays: the generator reads the schema from it).
  const stale = GENERATED.filter((f) => f.startsWith('client/'));
  for (const file of stale) writeFileSync(path.join(copy, file), '// stale\n');
  const failed = await run(check, copy);
  expect(failed.code, failed.out).toBe(1);
  expect(failed.out).toContain(`stale: ${stale.join(', ')}.`);
  const wrote = await run(codegen, copy);
  expect(wrote.code, wrote.out).toBe(0);
  for (const file of GENERATED)
    expect(readFileSync(path.join(copy, file), 'utf8'), file).toBe(
      readFileSync(path.join(ROOT, file), 'utf8'),
    );
  expect((await run(check, copy)).code).toBe(0);
}, 240_000);

it('schema.graphql carries the whole schema, descriptions included', () => {
  const sdl = readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8');
  expect(sdl).toMatch(/^type Subscription \{/m);
  expect(sdl).toContain('Every event of a game, in order, with no gaps and no duplicates.');
});
