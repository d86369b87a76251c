/**
 * `npm run lint`'s ESLint step holds the render wall: a resolver in `src/resolvers/` returns what
 * `src/render` shaped, never an object literal of its own (`zonekeeper/resolver-responses`,
 * scripts/lint/resolver-responses.mjs). Each case plants a resolver file, lints it with the
 * repository's own configuration through ESLint's Node API, and deletes it.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lintPlanted, removePlanted } from '../support/lint.js';
import { ROOT } from '../support/process.js';

const planted = path.join(ROOT, 'src', 'resolvers', `planted-response-${process.pid}.ts`);

afterEach(async () => {
  await removePlanted(planted);
});

/** The lines of the planted file on which the rule fires (fatal parse errors as their message). */
async function refusedLines(source: string): Promise<(number | string)[]> {
  return (await lintPlanted(planted, source))
    .filter((m) => m.ruleId === 'zonekeeper/resolver-responses' || m.fatal)
    .map((m) => (m.fatal ? `fatal: ${m.message}` : m.line));
}

/** The planted file's head: what a resolver file imports. */
const HEAD = [
  "import type { Resolvers } from '../generated/graphql.js';",
  "import { whoamiOut, gameOut } from '../render/index.js';",
];

/** A file of `lines` after {@link HEAD}; `at(marker)` is the line of the first line holding it. */
function file(lines: string[]) {
  const all = [...HEAD, ...lines];
  return {
    source: all.join('\n') + '\n',
    at: (marker: string) => all.findIndex((l) => l.includes(marker)) + 1,
  };
}

describe('resolvers return what src/render shaped (eslint.config.js)', () => {
  it('refuses an object literal a resolver returns, however it reaches the return', async () => {
    const f = file([
      'function shape(me: { id: string }) {',
      '  return { id: me.id, kind: "PLAYER" }; // helper',
      '}',
      'function resolverOf(name: string) {',
      '  return async (_p: unknown, _a: unknown, ctx: any) => ({ name, at: await ctx.now() }); // returned',
      '}',
      'const Mutation: Record<string, unknown> = {};',
      'for (const name of ["a", "b"]) Mutation[name] = resolverOf(name);',
      'export const planted = {',
      '  Query: {',
      '    direct: () => ({ ok: true }), // direct',
      '    awaited: async (_p, _a, ctx) => {',
      '      const me = await ctx.authority.whoami(ctx.caller);',
      '      return shape(me);',
      '    },',
      '    listed: async (_p, _a, ctx) => (await ctx.authority.list()).map((g: { id: string }) => ({ id: g.id })), // mapped',
      '    fallback: (_p, _a, ctx) => ctx.cached ?? { empty: true }, // fallback',
      '    named: () => {',
      '      const out = { built: "here" }; // constant',
      '      return out;',
      '    },',
      '  },',
      '  Mutation,',
      '  Game: { players: { resolve: (game) => [{ id: game.id }] } }, // nested',
      '} satisfies Resolvers;',
    ]);
    expect(await refusedLines(f.source)).toEqual(
      ['// helper', '// returned', '// direct', '// mapped', '// fallback', '// constant', '// nested'].map(
        f.at,
      ),
    );
  }, 120_000);

  it('accepts resolvers that return render values and pass objects only as arguments', async () => {
    const f = file([
      'const passThrough = (event: unknown) => event;',
      'export const planted = {',
      '  Query: {',
      '    whoami: async (_p, _a, ctx) => whoamiOut(await ctx.authority.whoami(ctx.caller)),',
      '    game: async (_p, args, ctx) => {',
      '      const { loaded, viewer } = await ctx.authority.game(ctx.caller, { ...args, filter: {} });',
      '      return gameOut(loaded, viewer, "PLAYER");',
      '    },',
      '  },',
      '  Subscription: { gameEvents: { subscribe: (_p, a, ctx) => ctx.authority.subscribe({ a }), resolve: passThrough } },',
      '} satisfies Resolvers;',
    ]);
    expect(await refusedLines(f.source)).toEqual([]);
  }, 120_000);
});
