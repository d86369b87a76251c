/**
 * Every example in README.md runs, in order, against a real service on a real PostgreSQL, with the
 * credential its annotation names; what the README shows is what the service answers, apart from
 * ids, tokens and date-times (see `readme-examples.ts` for the annotations).
 *
 * After changing an example or the API: `UPDATE_README=1 npx vitest run test/docs/readme.test.ts`
 * runs the examples and writes their real answers (and this run's ids) into README.md; review the
 * diff, then run the test again without the variable.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FANOUT_CHANNEL } from '../../src/events/fanout.js';
import { ROOT, runCommand } from '../support/process.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { exampleText, readLedger, readmeExample, sha256 } from '../support/readme-example.js';
import { startJwks, type TestJwks } from '../support/jwks.js';
import {
  actorPhrase,
  bindLeniently,
  bindTextLeniently,
  Bindings,
  formatJson,
  matchJson,
  matchText,
  parseReadme,
  shapeProblems,
  type CodeBlock,
  type Example,
} from './readme-examples.js';

const README = path.join(ROOT, 'README.md');
const ledger = readLedger();
/** The ids of README examples a test file reads, from its code: calls `readmeExample('<id>', …)`. */
function callsReadmeExample(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const ids: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'readmeExample' &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      ids.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ids;
}
const UPDATE_VARIABLE = 'UPDATE_README';
const UPDATE = process.env[UPDATE_VARIABLE] === '1';
const DOCUMENTED_ORIGIN = 'http://localhost:4000';
/** The issuer the README's platform identity examples name (AUTH_ISSUER). */
const README_ISSUER = 'https://id.example.com/';
const parsed = parseReadme(readFileSync(README, 'utf8'));

/** One fenced block of an example, by language and role; `required` ones fail the test when absent. */
function block(example: Example, lang: string, role: string, required: true): CodeBlock;
function block(example: Example, lang: string, role: string, required?: false): CodeBlock | undefined;
function block(example: Example, lang: string, role: string, required = false): CodeBlock | undefined {
  const found = example.blocks.find((b) => b.lang === lang && b.role === role);
  if (!found && required)
    throw new Error(
      `README line ${example.line}: a ${example.kind} example needs a \`\`\`${lang} ${role} block`,
    );
  return found;
}

describe('README.md', () => {
  it('annotates every code block, and each annotation covers the blocks its kind needs', () => {
    expect(parsed.problems).toEqual([]);
    expect(
      parsed.orphans.map(
        (b) => `line ${b.open + 1}: \`\`\`${b.lang} block with no <!-- example: … --> before it`,
      ),
    ).toEqual([]);
    for (const ex of parsed.examples) {
      const where = `README line ${ex.line}`;
      expect(shapeProblems(ex), 'README').toEqual([]);
      if (ex.kind === 'not-run') {
        const by = ex.attrs['covered-by'];
        const id = ex.attrs['id'];
        expect(by, `${where}: not-run needs covered-by=<test file>`).toBeDefined();
        expect(id, `${where}: not-run needs id=<name>, for its test to read it by`).toBeDefined();
        expect(existsSync(path.join(ROOT, by!)), `${where}: ${by} does not exist`).toBe(true);
        // The named test reads the example from here and runs it: a call in its code, not a
        // comment or a copy, and the ledger holds the very text it ran last.
        const calls = callsReadmeExample(path.join(ROOT, by!));
        expect(calls, `${where}: ${by} never calls readmeExample('${id}')`).toContain(id);
        const entry = ledger[id!];
        expect(entry?.test, `${where}: the ledger says who runs example ${id}`).toBe(by);
        expect(
          entry?.sha256,
          `${where}: example ${id} changed since ${by} last ran it (run ${by} with UPDATE_README=1, review test/docs/readme-covered.json)`,
        ).toBe(sha256(exampleText(ex)));
      }
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
            `README line ${b.open + 1}: nothing may be elided (shortened tokens aside)`,
          ).toBe(false);
    }
    // Every ledger entry is an example of today's README (a removed one leaves no stale record).
    const ids = new Set(parsed.examples.map((e) => e.attrs['id']));
    expect(
      Object.keys(ledger).filter((id) => !ids.has(id)),
      'ledger entries with no README example',
    ).toEqual([]);
    // A README whose annotations were lost would pass everything below vacuously.
    const count = (kind: string) => parsed.examples.filter((e) => e.kind === kind).length;
    expect(count('graphql')).toBeGreaterThanOrEqual(6);
    expect(count('subscription')).toBeGreaterThanOrEqual(1);
    expect(count('sh')).toBeGreaterThanOrEqual(6);
  });

  it("CI runs the README's test command, as its last step", () => {
    const ci = readFileSync(path.join(ROOT, '.ci/run'), 'utf8').trim().split('\n');
    expect(ci.at(-1)).toBe(readmeExample('test-command'));
  });

  it("the README's update command sets this test's variable and runs this file", () => {
    const [assignment, ...command] = readmeExample('update-readme').split(' ');
    expect(assignment).toBe(`${UPDATE_VARIABLE}=1`);
    expect(command).toEqual(['npx', 'vitest', 'run', path.relative(ROOT, expect.getState().testPath!)]);
  });

  describe('examples, in order, against a real service', () => {
    let server: TestServer;
    const bindings = new Bindings();
    const credentials = new Map<string, string>([['admin', TEST_ADMIN_TOKEN]]);
    const edits: { block: CodeBlock; content: string }[] = [];

    let jwks: TestJwks;
    beforeAll(async () => {
      // The platform identity examples' provider: a key set on loopback, with the README's issuer.
      jwks = await startJwks();
      server = await startTestServer(jwks.env({ AUTH_ISSUER: README_ISSUER }));
    });

    afterAll(() => {
      if (!UPDATE || edits.length === 0) return;
      const lines = [...parsed.lines];
      for (const { block: b, content } of [...edits].sort((x, y) => y.block.open - x.block.open))
        lines.splice(b.open + 1, b.close - b.open - 1, ...content.split('\n'));
      writeFileSync(README, lines.join('\n'));
    });

    /** Seat tokens (by player name) and the spectator token from any payload that hands them out. */
    function harvest(value: unknown): void {
      if (Array.isArray(value)) return value.forEach(harvest);
      if (value === null || typeof value !== 'object') return;
      const o = value as Record<string, unknown>;
      if (typeof o['spectatorToken'] === 'string') credentials.set('spectator', o['spectatorToken']);
      if (Array.isArray(o['seats']))
        for (const s of o['seats'] as { player?: { name?: string }; token?: string }[])
          if (s.player?.name && s.token) credentials.set(s.player.name, s.token);
      Object.values(o).forEach(harvest);
    }

    async function credential(ex: Example): Promise<string | undefined> {
      const as = ex.attrs['as'] ?? 'none';
      if (as === 'none') return undefined;
      // `platform:<sub>`: a token the platform's identity provider signed for that user.
      if (as.startsWith('platform:')) return jwks.sign(as.slice('platform:'.length), { iss: README_ISSUER });
      const token = credentials.get(as);
      if (!token)
        throw new Error(`README line ${ex.line}: no credential for "${as}" from any earlier example`);
      return token;
    }

    function substitute(ex: Example, text: string): string {
      const errors: string[] = [];
      const out = bindings.substitute(text, errors);
      if (errors.length) throw new Error(`README line ${ex.line}: ${errors.join('; ')}`);
      return out;
    }

    /** The documented value vs the real one: checked, or (UPDATE_README=1) written back. */
    async function compareJson(ex: Example, shown: CodeBlock, actual: unknown): Promise<void> {
      const expected = JSON.parse(shown.content) as unknown;
      if (UPDATE) {
        bindLeniently(expected, actual, bindings);
        edits.push({ block: shown, content: await formatJson(actual) });
        return;
      }
      const unordered = (ex.attrs['unordered'] ?? '').split(',').filter(Boolean);
      expect(matchJson(expected, actual, bindings, unordered), `README line ${shown.open + 1}`).toEqual([]);
    }

    function rewriteInput(input: CodeBlock | undefined): void {
      if (UPDATE && input) edits.push({ block: input, content: bindings.rewrite(input.content) });
    }

    async function runGraphql(ex: Example): Promise<void> {
      const document = block(ex, 'graphql', '', true);
      const variables = block(ex, 'json', 'variables');
      const response = block(ex, 'json', 'response', true);
      const token = await credential(ex);
      const res = await fetch(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({
          query: document.content,
          variables: variables ? JSON.parse(substitute(ex, variables.content)) : {},
        }),
      });
      const body = (await res.json()) as unknown;
      harvest(body);
      rewriteInput(variables);
      await compareJson(ex, response, body);
    }

    async function runSubscription(ex: Example): Promise<void> {
      const document = block(ex, 'graphql', '', true);
      const variables = block(ex, 'json', 'variables');
      const shown = block(ex, 'json', 'events', true);
      const take = (JSON.parse(shown.content) as unknown[]).length;
      const token = await credential(ex);
      const client = createClient({
        url: server.wsUrl,
        webSocketImpl: WebSocket,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
        retryAttempts: 0,
      });
      const received: unknown[] = [];
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`README line ${ex.line}: ${received.length} of ${take} messages in 20 s`)),
            20_000,
          );
          const stop = client.subscribe(
            {
              query: document.content,
              variables: variables
                ? (JSON.parse(substitute(ex, variables.content)) as Record<string, unknown>)
                : {},
            },
            {
              next: (message) => {
                received.push(message);
                if (received.length === take) {
                  clearTimeout(timer);
                  stop();
                  resolve();
                }
              },
              error: (err) => {
                clearTimeout(timer);
                reject(err instanceof Error ? err : new Error(JSON.stringify(err)));
              },
              complete: () => {
                clearTimeout(timer);
                resolve();
              },
            },
          );
        });
      } finally {
        await client.dispose();
      }
      rewriteInput(variables);
      await compareJson(ex, shown, received);
    }

    async function runShell(ex: Example): Promise<void> {
      const command = block(ex, 'sh', '', true);
      const output = ex.blocks.find((b) => b.role === 'output');
      const origin = new URL(server.url).origin;
      const script = substitute(ex, command.content).replaceAll(DOCUMENTED_ORIGIN, origin);
      const ran = await runCommand('sh', ['-e', '-c', script], {
        env: { ...process.env, ZONEKEEPER_URL: server.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN },
        killAfterMs: 100_000,
      });
      const run = { ...ran, stdout: ran.stdout.replaceAll(origin, DOCUMENTED_ORIGIN) };
      expect(run.code, `README line ${command.open + 1} (killed if null): ${run.stderr}`).toBe(
        Number(ex.attrs['exit'] ?? 0),
      );
      rewriteInput(command);
      if (!output) return;
      if (output.lang === 'json') {
        // Exactly what the command printed must parse: no banner, no log line, nothing but JSON.
        const value = JSON.parse(run.stdout) as unknown;
        harvest(value);
        return compareJson(ex, output, value);
      }
      if (UPDATE) {
        bindTextLeniently(output.content, run.stdout, bindings);
        edits.push({ block: output, content: run.stdout.replace(/\n+$/, '') });
        return;
      }
      expect(matchText(output.content, run.stdout, bindings), `README line ${output.open + 1}`).toEqual([]);
    }

    /**
     * A drawing checks the names it shows: each `LISTEN/NOTIFY <channel>` is the fanout's channel.
     * A drawing that names nothing the test can check has nothing to keep true: it fails.
     */
    function checkFigure(ex: Example): void {
      const channels = ex.blocks.flatMap((b) => [...b.content.matchAll(/NOTIFY\s+(\w+)/g)].map((m) => m[1]));
      expect(
        channels.length,
        `README line ${ex.line}: a figure must name a channel the test can check`,
      ).toBeGreaterThan(0);
      for (const c of channels)
        expect(c, `README line ${ex.line}: the fanout's channel`).toBe(FANOUT_CHANNEL);
    }

    function checkExcerpt(ex: Example): void {
      const file = ex.attrs['file'];
      expect(file, `README line ${ex.line}: excerpt needs file=…`).toBeDefined();
      const source = readFileSync(path.join(ROOT, file!), 'utf8')
        .split('\n')
        .map((l) => l.trim());
      for (const b of ex.blocks) {
        let at = 0;
        for (const line of b.content.split('\n').map((l) => l.trim())) {
          if (!line) continue;
          const found = source.indexOf(line, at);
          expect(
            found,
            `README line ${b.open + 1}: "${line}" is not in ${file} (in this order)`,
          ).toBeGreaterThanOrEqual(0);
          at = found + 1;
        }
      }
    }

    for (const ex of parsed.examples) {
      const title = `line ${ex.line}: ${ex.kind}${Object.entries(ex.attrs)
        .map(([k, v]) => ` ${k}=${v}`)
        .join('')}`;
      it(
        title,
        async () => {
          switch (ex.kind) {
            case 'graphql':
              return runGraphql(ex);
            case 'subscription':
              return runSubscription(ex);
            case 'sh':
              return runShell(ex);
            case 'excerpt':
              return checkExcerpt(ex);
            case 'figure':
              return checkFigure(ex);
            case 'not-run':
              return;
          }
        },
        120_000,
      );
    }
  });
});

describe('the README example checker', () => {
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
    const parsed = parseReadme(text);
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
