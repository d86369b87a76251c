/**
 * Adding a move kind (docs/architecture.md, "Adding a move"): a planted kind, `plantedMove`, whose
 * record is written and registered but nothing else, fails the compile with a diagnostic naming
 * each missing piece; with every piece written the compile is clean. The pieces are planted in memory over the real sources
 * (TypeScript's compiler API, the repository's tsconfig); nothing is written to disk.
 *
 * The record-only compile type-checks the files a move kind touches first and stops once a
 * diagnostic names each missing piece (a piece never named has it check every file, and fail); the
 * compile with every piece checks every file of `src/`. Both share one parse of the unchanged files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The file under `src/rules` that declares `export type <name> =` (wherever the vocabulary lives). */
function declaring(name: string): string {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );
  const found = walk(path.join(ROOT, 'src/rules')).filter((f) =>
    readFileSync(f, 'utf8').includes(`export type ${name} =\n`),
  );
  expect(found, `one declaration of ${name}`).toHaveLength(1);
  return path.relative(ROOT, found[0]!);
}

/** A source edit: insert `text` after the first occurrence of `after` in `file` (or, with `whole`, be the file). */
interface Edit {
  readonly file: string;
  readonly after: string;
  readonly text: string;
  readonly whole?: boolean;
}

const MOVE_TYPE = declaring('Move');
const EVENT_KIND = declaring('EventKind');
const GENERATED = 'src/generated/graphql.ts';

/** The record, registered: what a developer writes first. */
const RECORD_ONLY: readonly Edit[] = [
  {
    file: 'src/rules/moves/planted.ts',
    after: '',
    whole: true,
    text: "export const plantedMove = { kind: 'plantedMove', events: ['PLANTED_HAPPENED'] } as const;\n",
  },
  {
    file: 'src/rules/moves/index.ts',
    after: 'export const MOVE_RECORDS = {\n',
    text: '  plantedMove,\n',
  },
  {
    file: 'src/rules/moves/index.ts',
    after: '',
    text: "import { plantedMove } from './planted.js';\n",
  },
];

/** Every other piece, by the name the compile must give it when it is left out. */
const PIECES: Readonly<Record<string, { readonly edits: readonly Edit[]; readonly named: RegExp }>> = {
  'the record: shape, policy, plan': {
    edits: [
      {
        file: 'src/rules/moves/planted.ts',
        after: '',
        whole: true,
        text: [
          "import { moveRecord } from './record.js';",
          'export const plantedMove = moveRecord({',
          "  kind: 'plantedMove',",
          "  events: ['PLANTED_HAPPENED'],",
          "  shape: (m) => [[typeof m.note === 'string', 'BAD_SELECTOR', 'note must be a string']],",
          '  policy: () => null,',
          "  plan: (d) => { d.begin('PLANTED_HAPPENED'); d.end(); },",
          '});',
          '',
        ].join('\n'),
      },
    ],
    named: /plantedMove[\s\S]*missing the following properties[^\n]*shape, policy, plan/,
  },
  'its move type (Move)': {
    edits: [
      { file: MOVE_TYPE, after: 'export type Move =\n', text: '  | PlantedMove\n' },
      {
        file: MOVE_TYPE,
        after: '',
        text: "export interface PlantedMove { readonly kind: 'plantedMove'; readonly note: string }\n",
      },
    ],
    named: /move type missing from Move[\s\S]*plantedMove/,
  },
  'its event kind (EventKind)': {
    edits: [{ file: EVENT_KIND, after: 'export type EventKind =\n', text: "  | 'PLANTED_HAPPENED'\n" }],
    named: /PLANTED_HAPPENED[^\n]*EventKind/,
  },
  'its input entry (resolvers/move-inputs)': {
    edits: [
      {
        file: 'src/resolvers/move-inputs/index.ts',
        after: 'export const MOVE_INPUTS = {\n',
        text: "  plantedMove: moveInput('plantNote', (input) => ({ kind: 'plantedMove' as const, note: input.note })),\n",
      },
      {
        file: 'src/resolvers/move-inputs/index.ts',
        after: '',
        text: "import { moveInput } from './entry.js';\n",
      },
    ],
    named: /Property 'plantedMove' is missing/,
  },
  'its mutation in the schema (SDL, as codegen writes it)': {
    edits: [
      {
        file: GENERATED,
        after:
          "export type MutationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {\n",
        text: "  plantNote?: Resolver<ResolversTypes['MovePayload'], ParentType, ContextType, RequireFields<MutationPlantNoteArgs, 'input'>>;\n",
      },
      {
        file: GENERATED,
        after: '',
        text: [
          'export type PlantNoteInput = {',
          "  readonly expectedVersion?: InputMaybe<Scalars['Int']['input']>;",
          "  readonly gameId: Scalars['ID']['input'];",
          "  readonly idempotencyKey?: InputMaybe<Scalars['String']['input']>;",
          "  readonly note: Scalars['String']['input'];",
          "  readonly onBehalfOf?: InputMaybe<Scalars['ID']['input']>;",
          '};',
          'export type MutationPlantNoteArgs = { input: PlantNoteInput };',
          '',
        ].join('\n'),
      },
    ],
    named: /mutation missing from the schema[\s\S]*plantNote/,
  },
  'its event kind in the schema enum (SDL, as codegen writes it)': {
    edits: [{ file: GENERATED, after: 'export type EventKind =\n', text: "  | 'PLANTED_HAPPENED'\n" }],
    named: /event kind missing from the schema enum[\s\S]*PLANTED_HAPPENED/,
  },
  'its counted mutation (metrics GAME_MUTATIONS)': {
    edits: [{ file: 'src/metrics.ts', after: 'export const GAME_MUTATIONS = [\n', text: "  'plantNote',\n" }],
    named: /"plantNote"[\s\S]*not assignable/,
  },
  "the log decoder's key (db/event-rows.ts)": {
    edits: [
      {
        file: 'src/db/event-rows.ts',
        after: 'const EVENT_KIND_KEYS = {\n',
        text: '  PLANTED_HAPPENED: true,\n',
      },
    ],
    named: /PLANTED_HAPPENED/,
  },
};

const config = ts.getParsedCommandLineOfConfigFile(
  path.join(ROOT, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
)!;
const ROOTS = config.fileNames.filter((f) => path.relative(ROOT, f).startsWith('src' + path.sep));
let previous: ts.Program | undefined;

/** The program over `src/` with `edits` applied in memory. */
function plant(edits: readonly Edit[]): ts.Program {
  const files = new Map<string, string>();
  for (const e of edits) {
    const abs = path.join(ROOT, e.file);
    const current = e.whole ? '' : (files.get(abs) ?? ts.sys.readFile(abs) ?? '');
    const at = e.after === '' ? 0 : current.indexOf(e.after) + e.after.length;
    if (e.after !== '' && at < e.after.length) throw new Error(`${e.file}: no "${e.after}" to plant after`);
    files.set(abs, current.slice(0, at) + e.text + current.slice(at));
  }
  const host = ts.createCompilerHost(config.options);
  const { readFile, fileExists } = host;
  host.readFile = (f) => files.get(path.resolve(f)) ?? readFile.call(host, f);
  host.fileExists = (f) => files.has(path.resolve(f)) || fileExists.call(host, f);
  const program = ts.createProgram({
    rootNames: [...new Set([...ROOTS, ...files.keys()])],
    options: config.options,
    host,
    // Unchanged files are parsed once for both tests.
    oldProgram: previous,
  });
  previous = program;
  return program;
}

/** Diagnostics as `file: message`, the message's chain flattened into it. */
const described = (diagnostics: readonly ts.Diagnostic[]): string[] =>
  diagnostics.map(
    (d) =>
      `${d.file ? path.relative(ROOT, d.file.fileName) : '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
  );

/** The whole compile's diagnostics over `src/` with `edits` applied in memory. */
function compile(edits: readonly Edit[]): string[] {
  return described(ts.getPreEmitDiagnostics(plant(edits)));
}

/**
 * The diagnostics of the compile with `edits` applied, file by file until each of `wanted` matches
 * one diagnostic: checking stops there, and runs over every file when one is never named. The files
 * of `first` (those a new move kind touches) are checked first, then every other file of the program.
 */
function compileUntilNamed(
  edits: readonly Edit[],
  wanted: readonly RegExp[],
  first: readonly string[],
): string[] {
  const program = plant(edits);
  const found = described([
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(),
  ]);
  const named = () => wanted.every((w) => found.some((d) => w.test(d)));
  const firstFiles = [...new Set(first.map((f) => path.join(ROOT, f)))];
  const order = [
    ...firstFiles,
    ...program
      .getSourceFiles()
      .map((f) => path.resolve(f.fileName))
      .filter((f) => !firstFiles.includes(f)),
  ];
  for (const file of order) {
    if (named()) break;
    const source = program.getSourceFile(file);
    if (source) found.push(...described(program.getSemanticDiagnostics(source)));
  }
  return found;
}

const allPieces = () => Object.values(PIECES).flatMap((p) => p.edits);

/**
 * The pieces the record alone makes the compile name. The schema's, the counted mutation and the
 * decoder's key follow from the move type, the event kind and the input entry once those are written.
 */
const RECORD_ONLY_NAMES = [
  'the record: shape, policy, plan',
  'its move type (Move)',
  'its event kind (EventKind)',
  'its input entry (resolvers/move-inputs)',
];

/** A compile of the whole of `src/` takes a minute on a busy 2-core machine. */
const COMPILE_MS = 600_000;

describe('adding a move kind', () => {
  it(
    'with its record only, the compile names each missing piece',
    () => {
      const named = RECORD_ONLY_NAMES.map((name) => PIECES[name]!.named);
      const touched = [...RECORD_ONLY, ...allPieces()].map((e) => e.file);
      const found = compileUntilNamed(RECORD_ONLY, named, touched);
      for (const name of RECORD_ONLY_NAMES)
        expect(
          found.filter((d) => PIECES[name]!.named.test(d)),
          `one diagnostic names ${name}:\n\n${found.join('\n\n')}`,
        ).not.toEqual([]);
    },
    COMPILE_MS,
  );

  it(
    'with every piece, the compile is clean',
    () => {
      expect(compile([...RECORD_ONLY, ...allPieces()])).toEqual([]);
    },
    COMPILE_MS,
  );
});
