/**
 * `schema.graphql`, the typed client's generated code and the server's resolver types are committed:
 * they must be exactly what `npm run codegen` produces from `src/schema` and the operations in
 * `client/` and `examples/`.
 * The check runs as its own process (`npm run schema:check`), as a developer would run it: under
 * the test runner, graphql-tools and the code generator could load two copies of `graphql`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../support/process.js';

it('schema.graphql, client/generated and the resolver types are up to date (else: npm run codegen, and commit)', () => {
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/schema.ts', 'check'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(run.stderr + run.stdout).toContain(
    'schema.graphql, client/generated/ and src/generated/graphql.ts are up to date',
  );
  expect(run.status).toBe(0);
}, 60_000);

it('schema.graphql carries the whole schema, descriptions included', () => {
  const sdl = readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8');
  expect(sdl).toMatch(/^type Subscription \{/m);
  expect(sdl).toContain('Every event of a game, in order, with no gaps and no duplicates.');
});
