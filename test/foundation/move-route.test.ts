/**
 * The route of a move, from HTTP to publish, as docs/architecture.md draws it ("The route of a
 * move"), held to the code's import graph as dependency-cruiser computes it with the repository's
 * own configuration (`.dependency-cruiser.mjs`): at most six modules, each hop a direct import, the
 * authority's `move` built in the drawing's third module, the commit written in the storage facade
 * itself, and no import from `src/db` back up into `src/authority`, so that the one arrow back up,
 * from `commitMove` into the pure decision, is a callback. Reads only the repository.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IModule } from 'dependency-cruiser';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/process.js';

/** The most modules a move may pass through from HTTP to publish (issue 39). */
const MAX_ROUTE_MODULES = 6;

/** The modules the drawing names, one per line, in its order. */
function drawnRoute(): string[] {
  const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## The route of a move'));
  const drawing = section.slice(
    section.indexOf('```') + 3,
    section.indexOf('```', section.indexOf('```') + 3),
  );
  return drawing
    .split('\n')
    .map((line) => /^\s*(src\/[\w./-]+\.ts)\b/.exec(line)?.[1])
    .filter((module): module is string => module !== undefined);
}

/** The names of the functions and methods `file`'s code calls (`f(…)`, `x.f(…)`), comments aside. */
function callsIn(file: string): Set<string> {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
  );
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee)) names.add(callee.text);
      else if (ts.isPropertyAccessExpression(callee)) names.add(callee.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

let graph: Map<string, IModule>;

/** Whether `from` imports `to` directly, by value (a type-only import does not call anything). */
function importsByValue(from: string, to: string): boolean {
  return (graph.get(from)?.dependencies ?? []).some(
    (d) => d.resolved === to && !d.dependencyTypes.includes('type-only'),
  );
}

beforeAll(async () => {
  // The repository's own options (resolution, TypeScript pre-compilation dependencies, exclusions).
  const config = pathToFileURL(path.join(ROOT, '.dependency-cruiser.mjs')).href;
  const { options } = ((await import(config)) as { default: { options: Record<string, unknown> } }).default;
  const result = await cruise(['src'], { ...options, baseDir: ROOT }, undefined, {
    tsConfig: { fileName: path.join(ROOT, 'tsconfig.json') },
  });
  const output = result.output as ICruiseResult;
  graph = new Map(output.modules.map((m) => [m.source, m]));
}, 120_000);

describe('the route of a move (docs/architecture.md)', () => {
  it('passes through at most six modules, each of them a module of src/', () => {
    const route = drawnRoute();
    expect(route.slice(0, 2)).toEqual(['src/server/graphql-request.ts', 'src/resolvers/mutations.ts']);
    expect(route.at(-1)).toBe('src/authority/publish.ts');
    expect(new Set(route).size).toBe(route.length);
    expect(route.length).toBeLessThanOrEqual(MAX_ROUTE_MODULES);
    for (const module of route) expect(graph.has(module), module).toBe(true);
  });

  it('enters the authority at the module that builds `move`, which imports every later stop directly', () => {
    const [entry, ...after] = drawnRoute().slice(2);
    expect(entry).toMatch(/^src\/authority\//);
    // The object app.ts builds and the resolvers call: its `move` is the entry module's.
    expect(importsByValue('src/authority/authority.ts', entry!), 'authority.ts → entry').toBe(true);
    for (const stop of after) expect(importsByValue(entry!, stop), `${entry} → ${stop}`).toBe(true);
    // The calls that are the hops: through the door, into the facade's commit, then publish.
    const calls = callsIn(entry!);
    for (const hop of ['through', 'commitMove', 'publish'])
      expect(calls.has(hop), `${entry} calls ${hop}`).toBe(true);
    // No other module of the authority hands a move to the facade.
    const committing = [...graph.keys()].filter(
      (m) => m.startsWith('src/authority/') && callsIn(m).has('commitMove'),
    );
    expect(committing).toEqual([entry]);
  });

  it('commits in the storage facade itself, and the facade only calls the decision back', () => {
    const route = drawnRoute();
    expect(route).toContain('src/db/index.ts');
    // The one statement that writes a move (zk_commit_move) is called from the facade's commitMove;
    // the clock sweep's expiry is the only other commit, outside a move's route.
    const committers = [...graph.values()]
      .filter((m) =>
        m.dependencies.some(
          (d) => d.resolved === 'src/db/commit.ts' && !d.dependencyTypes.includes('type-only'),
        ),
      )
      .map((m) => m.source)
      .sort();
    expect(committers).toEqual(['src/db/clock.ts', 'src/db/index.ts']);
    // Nothing in src/db imports src/authority: the arrow back up is the `decide` handed in.
    const upward = [...graph.values()].flatMap((m) =>
      m.source.startsWith('src/db/')
        ? m.dependencies
            .filter((d) => d.resolved.startsWith('src/authority/'))
            .map((d) => `${m.source} → ${d.resolved}`)
        : [],
    );
    expect(upward).toEqual([]);
  });
});
