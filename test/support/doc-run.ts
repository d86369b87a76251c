/**
 * Running what a guide's example shows, as read by `docExample`: its shell command lines as
 * words, its `<placeholders>` filled with this test's values, its TypeScript as a file of its own
 * (type-checked, then run with tsx), and a copy of the checkout for commands that write into one.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { expect } from 'vitest';
import { closeAfterFile } from './after-file.js';
import { ROOT } from './process.js';

/** The service URL the guide's examples use; a test runs them against its own server. */
export const DOCS_URL = 'http://localhost:4000/graphql';

/** One command of a shell example: its leading `NAME=value` assignments, then its words. */
export interface ShellCommand {
  readonly env: Record<string, string>;
  readonly words: string[];
}

/**
 * The commands of a shell example: comments dropped, `\` continuations joined, `&&` chains split.
 * Words are split on blanks outside `<…>` placeholders; the guide's commands quote nothing, and
 * one that did fails here rather than be split wrong.
 */
export function shellCommands(text: string): ShellCommand[] {
  const joined = text.replace(/\\\n/g, ' ');
  const out: ShellCommand[] = [];
  for (const line of joined.split('\n')) {
    const code = line.replace(/(^|\s)#.*$/, '').trim();
    if (!code) continue;
    expect(code, 'a command of a guide that this helper can split').not.toMatch(/["'`$|;><](?![^<]*>)/);
    for (const part of code.split('&&')) {
      const words = part.trim().split(/\s+(?![^<]*>)/);
      const env: Record<string, string> = {};
      while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
        const w = words.shift()!;
        env[w.slice(0, w.indexOf('='))] = w.slice(w.indexOf('=') + 1);
      }
      out.push({ env, words });
    }
  }
  return out;
}

/**
 * `text` with each `<name>` replaced by `values[name]`. Every placeholder must have a value and
 * every value a placeholder: a renamed or added placeholder fails the test that fills it.
 */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  const found = new Set([...text.matchAll(/<([^<>\n]+)>/g)].map((m) => m[1]!));
  expect([...found].sort(), 'the placeholders of the example').toEqual(Object.keys(values).sort());
  return text.replace(/<([^<>\n]+)>/g, (_, name: string) => values[name]!);
}

/**
 * A fresh folder holding copies of `entries` of the checkout (files or folders), with this
 * checkout's `node_modules` linked in; removed after the calling file's tests.
 */
export function copyOfCheckout(entries: readonly string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'zk-readme-'));
  closeAfterFile(() => rmSync(dir, { recursive: true, force: true }));
  for (const entry of entries)
    cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true, preserveTimestamps: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** What `npm run codegen` and `npm run schema:check` read and write: a copy of them runs either. */
export const CODEGEN_ENTRIES = [
  'package.json',
  'tsconfig.json',
  'scripts',
  'src',
  'client',
  'examples',
  'web/table',
  'schema.graphql',
] as const;

/**
 * A folder where a guide's TypeScript example's `./client/index.js` is this checkout's client (links
 * to it, to the `src/` it imports and to `node_modules`), as at the repository's root, an ES module
 * package as the repository is; removed after the calling file.
 */
export function besideClient(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'zk-readme-'));
  closeAfterFile(() => rmSync(dir, { recursive: true, force: true }));
  for (const entry of ['client', 'src', 'node_modules'])
    symlinkSync(path.join(ROOT, entry), path.join(dir, entry));
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  return dir;
}

/**
 * Writes a guide's TypeScript example to `file`, between `prelude` (declaring the values it uses
 * without defining them, from the environment) and `postlude` (what the test reads of its result),
 * and type-checks it (unless told not to yet): an example that does not compile fails here.
 */
export function writeTsExample(
  file: string,
  example: string,
  prelude: string,
  postlude = '',
  opts: { typecheck?: boolean } = {},
): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${prelude}\n${example}\n${postlude}\n`);
  if (opts.typecheck !== false) typecheck(file);
}

/** Type-checks one file (and what it imports) as a strict ES module project would. */
export function typecheck(file: string): void {
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    allowImportingTsExtensions: false,
  });
  const problems = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    return `${d.file ? path.basename(d.file.fileName) : ''}${where ? `:${where.line + 1}` : ''} ${text}`;
  });
  expect(problems, `the example in ${file} type-checks`).toEqual([]);
}

/** A TypeScript file running under tsx: what it printed so far, its exit, and a way to stop it. */
export interface TsRun {
  output(): string;
  readonly exited: Promise<number | null>;
  kill(): void;
}

/**
 * Runs `file` with tsx in `cwd` (its own folder by default) and command-line `args`, with `env`
 * added to this process's environment. One process (node with tsx's loader, not the `tsx` command, which runs node as a
 * child of its own), so killing it closes its pipes.
 */
export function runTs(
  file: string,
  env: Record<string, string>,
  cwd = path.dirname(file),
  args: readonly string[] = [],
): TsRun {
  const loader = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', loader, file, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  closeAfterFile(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return {
    output: () => out,
    exited,
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
