/**
 * Ruleset files (docs/rulesets.md): the built-ins load, the committed JSON Schema is the one the
 * validator generates, a version is the hash of the content (not of comments or layout), and each
 * kind of mistake stops loading with an error naming the file, the JSON path and the reason.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { HOOK_NAMES } from '../../src/rules/index.js';
import {
  BUILTIN_RULESETS_DIR,
  loadRulesetFile,
  loadRulesets,
  RULESET_FILE_MAX_BYTES,
  RulesetFileError,
} from '../../src/rulesets/load.js';
import { RULESET_JSON_SCHEMA_FILE, rulesetJsonSchema } from '../../src/rulesets/schema.js';
import { ROOT } from '../support/process.js';

const WAR = path.join(ROOT, 'examples/rulesets/war.yaml');
/** The example file as plain data, which each mistake below edits freely (any field, any shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a document being broken on purpose
type Doc = Record<string, any>;
const war = (): Doc => parse(readFileSync(WAR, 'utf8')) as Doc;

/** Writes `content` (an object, as YAML, or raw text) to a new folder; returns the file's path. */
function writeRuleset(content: unknown, name = 'game.yaml'): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'zk-rulesets-'));
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : stringify(content));
  return file;
}

/** The error loading `file` gives (the test fails when it loads). */
function failure(file: string): RulesetFileError {
  try {
    loadRulesetFile(file);
  } catch (e) {
    expect(e).toBeInstanceOf(RulesetFileError);
    return e as RulesetFileError;
  }
  throw new Error(`${file} loaded`);
}

describe('the built-in ruleset files', () => {
  it('load, each under its id, with a 16-hex-digit version', () => {
    const loaded = loadRulesets();
    expect(loaded.map((l) => l.spec.id)).toEqual(expect.arrayContaining(['fab', 'mtg', 'netrunner']));
    for (const l of loaded) {
      expect(path.dirname(l.file)).toBe(BUILTIN_RULESETS_DIR);
      expect(l.spec.version).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('schemas/ruleset.schema.json is up to date (else: npm run schema:rulesets, and commit)', () => {
    expect(readFileSync(path.join(ROOT, RULESET_JSON_SCHEMA_FILE), 'utf8')).toBe(rulesetJsonSchema());
  });

  it('a version is the hash of the content: comments, layout and $schema leave it; a changed value changes it', () => {
    const original = loadRulesetFile(WAR).spec.version;
    const relaid = writeRuleset(
      `# another comment\n$schema: elsewhere.json\n${stringify(war(), { indent: 4 })}`,
    );
    expect(loadRulesetFile(relaid).spec.version).toBe(original);
    const changed = war();
    changed['name'] = 'War, changed';
    expect(loadRulesetFile(writeRuleset(changed)).spec.version).not.toBe(original);
  });
});

describe('a malformed ruleset file names the file, the JSON path and the reason', () => {
  /** Each kind of mistake: how to make it from the example file, the path and the reason expected. */
  const mistakes: {
    kind: string;
    edit: (d: Doc) => void;
    path: string;
    reason: RegExp;
  }[] = [
    {
      kind: 'a value outside its list (the valid values are listed)',
      edit: (d) => (d['zoneTypes'][1].visibility = 'secrett'),
      path: 'zoneTypes[1].visibility',
      reason: /valid values: public, secret, hidden/,
    },
    {
      kind: 'a deck zone that is no zone type of the file',
      edit: (d) => (d['deckZone'] = 'library'),
      path: 'deckZone',
      reason: /No zone type "library".*valid values: deck, hand, table, discard/,
    },
    {
      kind: 'a clear zone that is no zone type of the file',
      edit: (d) => (d['clearZone'] = 'graveyard'),
      path: 'clearZone',
      reason: /No zone type "graveyard"/,
    },
    {
      kind: 'an unknown hook name (the valid names are listed)',
      edit: (d) => (d['hooks'] = ['mtg.staysInPlace', 'war.magic']),
      path: 'hooks[1]',
      reason: new RegExp(`Unknown hook "war.magic" \\(valid values: ${HOOK_NAMES.join(', ')}\\)`),
    },
    {
      kind: 'a zone type defined twice',
      edit: (d) => d['zoneTypes'].push({ ...d['zoneTypes'][1] }),
      path: 'zoneTypes[4].type',
      reason: /Duplicate zone type "hand"/,
    },
    {
      kind: 'a shared zone type with zones per player',
      edit: (d) => (d['zoneTypes'][2].perPlayer = 2),
      path: 'zoneTypes[2].perPlayer',
      reason: /A shared zone type has perPlayer 0/,
    },
    {
      kind: 'a reveal-to-enter rule for no zone type',
      edit: (d) => (d['seatPolicy'].revealToEnter = [{ type: 'battlefield', rule: 'WAR 3' }]),
      path: 'seatPolicy.revealToEnter[0].type',
      reason: /No zone type "battlefield"/,
    },
    {
      kind: 'a required field missing',
      edit: (d) => delete d['citations'].shuffle,
      path: 'citations.shuffle',
      reason: /required field is missing \(expected string\)/,
    },
    {
      kind: 'a value of the wrong type',
      edit: (d) => (d['zoneTypes'][0].ordered = 'yes please'),
      path: 'zoneTypes[0].ordered',
      reason: /expected boolean, received string/,
    },
    {
      kind: 'an unknown field (a misspelt one)',
      edit: (d) => (d['zoneTypes'][3].capacityy = 3),
      path: 'zoneTypes[3]',
      reason: /unknown field capacityy/,
    },
    {
      kind: 'fewer seats at most than at least',
      edit: (d) => (d['players'] = { min: 4, max: 2 }),
      path: 'players.min',
      reason: /Min 4 is more than max 2/,
    },
    {
      kind: 'an alias naming no zone type',
      edit: (d) => (d['behaviour'].aliases = [{ type: 'battlefield', to: 'board', rule: 'WAR 3' }]),
      path: 'behaviour.aliases[0].to',
      reason: /No zone type "board"/,
    },
    {
      kind: 'an id that is no machine name',
      edit: (d) => (d['id'] = 'Big War!'),
      path: 'id',
      reason: /must start with a lower-case letter/,
    },
    {
      kind: 'a hosted fate to no zone type',
      edit: (d) => (d['behaviour'].hostedFate = { kind: 'toOwnerZone', type: 'graveyard', rule: 'WAR 5' }),
      path: 'behaviour.hostedFate.type',
      reason: /No zone type "graveyard"/,
    },
  ];

  for (const m of mistakes)
    it(`${m.kind}: ${m.path}`, () => {
      const doc = war();
      m.edit(doc);
      const file = writeRuleset(doc);
      const e = failure(file);
      expect(e.file).toBe(file);
      expect(e.path).toBe(m.path);
      expect(e.reason).toMatch(m.reason);
      expect(e.message).toBe(`Invalid ruleset file ${file} at ${m.path}: ${e.reason}`);
    });

  it('text that is not YAML: the file and the parser’s reason', () => {
    const file = writeRuleset('id: war\nzoneTypes: [\n');
    const e = failure(file);
    expect(e.file).toBe(file);
    expect(e.path).toBe('');
    expect(e.reason).toMatch(/^is not valid YAML: /);
  });

  it('a JSON file holding a key twice in one object: the file and the key (JSON.parse would keep the last)', () => {
    const json = JSON.stringify(war(), null, 2);
    expect(loadRulesetFile(writeRuleset(json, 'game.json')).spec.id).toBe('war');
    // The first zone type says secret, then public further down: a reader and the service would disagree.
    const twice = json.replace(
      /"visibility": "(\w+)"/,
      '"visibility": "secret",\n      "visibility": "public"',
    );
    expect(twice).not.toBe(json);
    const file = writeRuleset(twice, 'game.json');
    const e = failure(file);
    expect([e.file, e.path]).toEqual([file, '']);
    expect(e.reason).toMatch(/^the key "visibility" appears twice in one object \(line \d+\)$/);
  });

  it(`a file over ${RULESET_FILE_MAX_BYTES} bytes: the file and its size, before it is parsed`, () => {
    const text = readFileSync(WAR, 'utf8');
    const padded = `${text}\n# ${'x'.repeat(RULESET_FILE_MAX_BYTES - text.length)}\n`;
    const file = writeRuleset(padded);
    const e = failure(file);
    expect(e.file).toBe(file);
    expect(e.reason).toBe(
      `is ${Buffer.byteLength(padded)} bytes, over the ${RULESET_FILE_MAX_BYTES} bytes a ruleset file may have`,
    );
    // Just under the cap, the same game loads.
    const under = `${text}\n# ${'x'.repeat(RULESET_FILE_MAX_BYTES - text.length - 10)}\n`;
    expect(loadRulesetFile(writeRuleset(under)).spec.id).toBe('war');
  });

  it('the same id in two files: the second file, its id, and the first file', () => {
    const file = writeRuleset({ ...war(), id: 'mtg' });
    let error: unknown;
    try {
      loadRulesets(path.dirname(file));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RulesetFileError);
    const e = error as RulesetFileError;
    expect([e.file, e.path]).toEqual([file, 'id']);
    expect(e.reason).toBe(
      `ruleset id "mtg" is also defined by ${path.join(BUILTIN_RULESETS_DIR, 'mtg.yaml')}`,
    );
  });
});
