/**
 * Reading ruleset files: the built-ins in `rulesets/` (beside package.json, so the same from
 * `dist/` and from `src/` under tsx) and every file of `RULESETS_DIR`. Each file is parsed (YAML,
 * or JSON for `.json`), validated (`schema.ts`), hashed into its version and built into a ruleset
 * by the rules layer. A file that fails stops the start with an error naming the file, the JSON
 * path and the reason.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isScalar, parse as parseYaml, parseDocument, visit } from 'yaml';
import { canonicalJson } from '../json.js';
import type { z } from 'zod';
import { LRUCache } from 'lru-cache';
import {
  buildRuleset,
  RulesetRegistry,
  type KeptVersions,
  type RulesetDocument,
  type RulesetEntry,
} from '../rules/index.js';
import { rulesetSchema } from './schema.js';

/** The built-in rulesets' folder: `rulesets/` at the package root (two folders above this module). */
export const BUILTIN_RULESETS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'rulesets',
);

const EXTENSIONS = ['.yaml', '.yml', '.json'];

/**
 * The largest ruleset file, in bytes. The largest built-in is about 10 KiB; a file a hundred times
 * that is still a game, and the cap keeps a mistaken or hostile file from taking the start's memory
 * (a file is parsed whole, and its YAML or JSON tree is several times its size).
 */
export const RULESET_FILE_MAX_BYTES = 1024 * 1024;

/** A ruleset file that cannot be loaded: which file, where in it (a JSON path, or empty) and why. */
export class RulesetFileError extends Error {
  constructor(
    readonly file: string,
    readonly path: string,
    readonly reason: string,
  ) {
    super(`Invalid ruleset file ${file}${path ? ` at ${path}` : ''}: ${reason}`);
    this.name = 'RulesetFileError';
  }
}

/** `zoneTypes[3].visibility` from zod's path. */
function jsonPath(parts: readonly PropertyKey[]): string {
  return parts
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/**
 * The reason of an issue in words, with the valid values where there is a list. Zod's issue codes
 * are its own union: the ones worded here are those a ruleset file meets; the others keep zod's text,
 * and a code a new zod adds fails to compile until it is placed.
 */
function reasonOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return `must be one of the valid values: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    case 'invalid_type':
      return issue.message.endsWith('received undefined')
        ? `required field is missing (expected ${issue.expected})`
        : issue.message;
    case 'too_big':
    case 'too_small':
    case 'invalid_format':
    case 'not_multiple_of':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return issue.message;
  }
}

/** A ruleset's version: the first 16 hex digits of the SHA-256 of its canonical content. */
export function rulesetVersionOf(doc: RulesetDocument): string {
  return createHash('sha256').update(canonicalJson(doc)).digest('hex').slice(0, 16);
}

/** A loaded ruleset file: its document (canonical content), version and built ruleset. */
export interface LoadedRuleset extends RulesetEntry {
  readonly file: string;
}

/** Validates parsed content (from a file, or stored with games); throws {@link RulesetFileError}. */
export function rulesetFromContent(content: unknown, file: string): LoadedRuleset {
  const parsed = rulesetSchema.safeParse(content);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new RulesetFileError(file, jsonPath(issue.path), reasonOf(issue));
  }
  // The canonical content: keys sorted, the editor's `$schema` reference left out.
  const { $schema: _editorSchema, ...fields } = parsed.data;
  const document = JSON.parse(canonicalJson(fields)) as RulesetDocument;
  const version = rulesetVersionOf(document);
  return { file, document, spec: buildRuleset(document, version) };
}

/**
 * The first key a JSON object of `text` holds twice, and its line, or null. `JSON.parse` keeps the
 * last one silently, so a file could say one thing to a reader and another to the service (a hand
 * declared secret, then public further down); YAML files are refused the same by the parser.
 */
function duplicateKey(text: string): { key: string; line: number } | null {
  let found: { key: string; line: number } | null = null;
  visit(parseDocument(text, { uniqueKeys: false }), {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        if (seen.has(key)) {
          const offset = isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0;
          found = { key, line: text.slice(0, offset).split('\n').length };
          return visit.BREAK;
        }
        seen.add(key);
      }
      return undefined;
    },
  });
  return found;
}

/** Reads, parses and validates one ruleset file. */
export function loadRulesetFile(file: string): LoadedRuleset {
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > RULESET_FILE_MAX_BYTES)
      throw new RulesetFileError(
        file,
        '',
        `is ${size} bytes, over the ${RULESET_FILE_MAX_BYTES} bytes a ruleset file may have`,
      );
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof RulesetFileError) throw e;
    throw new RulesetFileError(file, '', `cannot be read (${(e as Error).message})`);
  }
  let content: unknown;
  try {
    content = file.endsWith('.json')
      ? JSON.parse(text)
      : parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  } catch (e) {
    throw new RulesetFileError(
      file,
      '',
      `is not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(e as Error).message}`,
    );
  }
  if (file.endsWith('.json')) {
    const twice = duplicateKey(text);
    if (twice)
      throw new RulesetFileError(
        file,
        '',
        `the key "${twice.key}" appears twice in one object (line ${twice.line})`,
      );
  }
  return rulesetFromContent(content, file);
}

/** The ruleset files of a folder (`.yaml`, `.yml`, `.json`), by name. */
function filesIn(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    throw new RulesetFileError(dir, '', `the rulesets folder cannot be read (${(e as Error).message})`);
  }
  return names
    .filter((n) => EXTENSIONS.some((x) => n.endsWith(x)))
    .sort()
    .map((n) => path.join(dir, n));
}

/**
 * Loads the built-in rulesets and those of `extraDir` (`RULESETS_DIR`). Two files with the same id
 * are a start error naming both.
 */
export function loadRulesets(extraDir?: string): LoadedRuleset[] {
  const dirs = [BUILTIN_RULESETS_DIR];
  if (extraDir && path.resolve(extraDir) !== BUILTIN_RULESETS_DIR) dirs.push(path.resolve(extraDir));
  const loaded: LoadedRuleset[] = [];
  for (const file of dirs.flatMap(filesIn)) {
    const r = loadRulesetFile(file);
    const twin = loaded.find((l) => l.spec.id === r.spec.id);
    if (twin)
      throw new RulesetFileError(file, 'id', `ruleset id "${r.spec.id}" is also defined by ${twin.file}`);
    loaded.push(r);
  }
  return loaded;
}

/**
 * The most ruleset versions a service keeps besides those it loaded: older versions that games
 * created with them still play, rebuilt from their stored content (`rulesets/versions.ts`). A
 * version dropped is read back and validated again when one of its games is next loaded; the
 * state cache holds the ruleset of every game it caches, so a game being played keeps its own.
 */
export const KEPT_RULESET_VERSIONS = 64;

/**
 * A service's ruleset registry: the built-ins and those of `extraDir` (`RULESETS_DIR`, see
 * {@link loadRulesets}), and room for {@link KEPT_RULESET_VERSIONS} older versions.
 */
export function rulesetRegistry(extraDir?: string): RulesetRegistry {
  const kept: KeptVersions = new LRUCache<string, RulesetEntry>({ max: KEPT_RULESET_VERSIONS });
  return new RulesetRegistry(loadRulesets(extraDir), kept);
}
