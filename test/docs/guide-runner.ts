/**
 * Runs one guide's examples, in order, against a real service on a real PostgreSQL (a database of
 * the calling file's own), with the credential each annotation names; what the guide shows is what
 * the service answers, apart from ids, tokens and date-times (see `examples.ts` for the
 * annotations). Each guide is run by its own file under `test/docs/guides/`, so each starts from
 * an empty service: its examples create what they use.
 *
 * After changing an example or the API: `UPDATE_DOCS=1 npx vitest run test/docs` runs the
 * examples and writes their real answers (and this run's ids) into the guides; review the diff,
 * then run the tests again without the variable.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FANOUT_CHANNEL } from '../../src/events/fanout.js';
import { UPDATE } from '../support/doc-example.js';
import { startJwks, type TestJwks } from '../support/jwks.js';
import { ROOT, runCommand } from '../support/process.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import {
  bindLeniently,
  bindTextLeniently,
  Bindings,
  formatJson,
  matchJson,
  matchText,
  parseGuide,
  type CodeBlock,
  type Example,
} from './examples.js';

const DOCUMENTED_ORIGIN = 'http://localhost:4000';
/** The issuer the guides' platform identity examples name (AUTH_ISSUER). */
const GUIDE_ISSUER = 'https://id.example.com/';
/** The kinds of example this runner runs or checks itself (`not-run` ones are other tests'). */
const RUN_HERE = new Set(['graphql', 'subscription', 'sh', 'excerpt', 'figure']);

/** One fenced block of an example, by language and role; `required` ones fail the test when absent. */
function block(where: string, example: Example, lang: string, role: string, required: true): CodeBlock;
function block(
  where: string,
  example: Example,
  lang: string,
  role: string,
  required?: false,
): CodeBlock | undefined;
function block(
  where: string,
  example: Example,
  lang: string,
  role: string,
  required = false,
): CodeBlock | undefined {
  const found = example.blocks.find((b) => b.lang === lang && b.role === role);
  if (!found && required)
    throw new Error(
      `${where} line ${example.line}: a ${example.kind} example needs a \`\`\`${lang} ${role} block`,
    );
  return found;
}

/** The examples of `file` (relative to the repository) that this runner runs, in order. */
export function runnableExamples(file: string): Example[] {
  return parseGuide(readFileSync(path.join(ROOT, file), 'utf8')).examples.filter((e) => RUN_HERE.has(e.kind));
}

/** Declares the tests that run the examples of `file` (README.md, docs/….md), in order. */
export function describeGuide(file: string): void {
  const GUIDE = path.join(ROOT, file);
  const parsed = parseGuide(readFileSync(GUIDE, 'utf8'));
  describe(`${file}: examples, in order, against a real service`, () => {
    let server: TestServer;
    const bindings = new Bindings();
    const credentials = new Map<string, string>([['admin', TEST_ADMIN_TOKEN]]);
    const edits: { block: CodeBlock; content: string }[] = [];

    let jwks: TestJwks;
    beforeAll(async () => {
      // The platform identity examples' provider: a key set on loopback, with the guides' issuer.
      jwks = await startJwks();
      server = await startTestServer(jwks.env({ AUTH_ISSUER: GUIDE_ISSUER }));
    });

    afterAll(() => {
      if (!UPDATE || edits.length === 0) return;
      const lines = [...parsed.lines];
      for (const { block: b, content } of [...edits].sort((x, y) => y.block.open - x.block.open))
        lines.splice(b.open + 1, b.close - b.open - 1, ...content.split('\n'));
      writeFileSync(GUIDE, lines.join('\n'));
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
      if (as.startsWith('platform:')) return jwks.sign(as.slice('platform:'.length), { iss: GUIDE_ISSUER });
      const token = credentials.get(as);
      if (!token)
        throw new Error(`${file} line ${ex.line}: no credential for "${as}" from any earlier example`);
      return token;
    }

    function substitute(ex: Example, text: string): string {
      const errors: string[] = [];
      const out = bindings.substitute(text, errors);
      if (errors.length) throw new Error(`${file} line ${ex.line}: ${errors.join('; ')}`);
      return out;
    }

    /** The documented value vs the real one: checked, or (UPDATE_DOCS=1) written back. */
    async function compareJson(ex: Example, shown: CodeBlock, actual: unknown): Promise<void> {
      const expected = JSON.parse(shown.content) as unknown;
      if (UPDATE) {
        bindLeniently(expected, actual, bindings);
        edits.push({ block: shown, content: await formatJson(actual) });
        return;
      }
      const unordered = (ex.attrs['unordered'] ?? '').split(',').filter(Boolean);
      expect(matchJson(expected, actual, bindings, unordered), `${file} line ${shown.open + 1}`).toEqual([]);
    }

    function rewriteInput(input: CodeBlock | undefined): void {
      if (UPDATE && input) edits.push({ block: input, content: bindings.rewrite(input.content) });
    }

    async function runGraphql(ex: Example): Promise<void> {
      const document = block(file, ex, 'graphql', '', true);
      const variables = block(file, ex, 'json', 'variables');
      const response = block(file, ex, 'json', 'response', true);
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
      const document = block(file, ex, 'graphql', '', true);
      const variables = block(file, ex, 'json', 'variables');
      const shown = block(file, ex, 'json', 'events', true);
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
            () =>
              reject(new Error(`${file} line ${ex.line}: ${received.length} of ${take} messages in 20 s`)),
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
      const command = block(file, ex, 'sh', '', true);
      const output = ex.blocks.find((b) => b.role === 'output');
      const origin = new URL(server.url).origin;
      const script = substitute(ex, command.content).replaceAll(DOCUMENTED_ORIGIN, origin);
      const ran = await runCommand('sh', ['-e', '-c', script], {
        env: { ...process.env, ZONEKEEPER_URL: server.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN },
        killAfterMs: 100_000,
      });
      const run = { ...ran, stdout: ran.stdout.replaceAll(origin, DOCUMENTED_ORIGIN) };
      expect(run.code, `${file} line ${command.open + 1} (killed if null): ${run.stderr}`).toBe(
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
      expect(matchText(output.content, run.stdout, bindings), `${file} line ${output.open + 1}`).toEqual([]);
    }

    /**
     * A drawing checks the names it shows: each `LISTEN/NOTIFY <channel>` is the fanout's channel.
     * A drawing that names nothing the test can check has nothing to keep true: it fails.
     */
    function checkFigure(ex: Example): void {
      const channels = ex.blocks.flatMap((b) => [...b.content.matchAll(/NOTIFY\s+(\w+)/g)].map((m) => m[1]));
      expect(
        channels.length,
        `${file} line ${ex.line}: a figure must name a channel the test can check`,
      ).toBeGreaterThan(0);
      for (const c of channels)
        expect(c, `${file} line ${ex.line}: the fanout's channel`).toBe(FANOUT_CHANNEL);
    }

    function checkExcerpt(ex: Example): void {
      const excerpted = ex.attrs['file'];
      expect(excerpted, `${file} line ${ex.line}: excerpt needs file=…`).toBeDefined();
      const source = readFileSync(path.join(ROOT, excerpted!), 'utf8')
        .split('\n')
        .map((l) => l.trim());
      for (const b of ex.blocks) {
        let at = 0;
        for (const line of b.content.split('\n').map((l) => l.trim())) {
          if (!line) continue;
          const found = source.indexOf(line, at);
          expect(
            found,
            `${file} line ${b.open + 1}: "${line}" is not in ${excerpted} (in this order)`,
          ).toBeGreaterThanOrEqual(0);
          at = found + 1;
        }
      }
    }

    for (const ex of parsed.examples.filter((e) => RUN_HERE.has(e.kind))) {
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
            default:
              throw new Error(`${file} line ${ex.line}: ${ex.kind} examples are not run here`);
          }
        },
        120_000,
      );
    }
  });
}
