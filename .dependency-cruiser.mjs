// @ts-check
/**
 * Import boundaries of `src/`, checked by `npm run lint` (dependency-cruiser).
 *
 * Why dependency-cruiser rather than eslint-plugin-boundaries: it resolves the whole import graph
 * once (TypeScript paths, `.js` → `.ts`, type-only imports included), so cycles are found across
 * any number of files, and a layer is a plain path pattern that reads the same here as in
 * `docs/architecture.md`. eslint-plugin-boundaries checks one file's imports at a time and has no
 * cycle check of its own (eslint-plugin-import's `no-cycle` would be a second, slower graph walk).
 *
 * THE LAYERS: the one list to edit when folders move. Lowest first; a module may import its own
 * layer and any lower one, never a higher one. Every path is a regular expression on the path
 * from the repository root.
 */
const LAYERS = [
  // Pure game rules: imports nothing outside itself (not even npm packages or Node built-ins).
  { name: 'rules', path: '^src/rules/' },
  // Leaves every layer may use: typed errors, configuration, logging, metrics, credentials, the
  // ruleset files (rulesets/: read, validated and handed to the rules layer at start), the
  // generated Prisma client, the zk-rng/1 derivation (fairness/). `db/driver-errors.ts` classifies driver errors without importing
  // anything, so that `errors.ts` can mask them.
  {
    name: 'base',
    path: '^src/(errors|config|logger|metrics|metrics-observed|ids|uuid|json)[.]ts$|^src/(auth|rulesets|fairness)/|^src/generated/prisma/|^src/db/driver-errors[.]ts$',
  },
  // Stored forms shared by storage and the transfer format: pure mappings between the rules layer's
  // values and the rows a table or an export document holds (Prisma types only).
  { name: 'stored', path: '^src/stored/' },
  // PostgreSQL provisioning: find or start the database (embedded when none is configured) and
  // apply migrations with Prisma's schema engine. Run by the entry points before anything is stored.
  { name: 'postgres', path: '^src/postgres/' },
  // Storage and notification: Prisma, the event log, fan-out between instances.
  { name: 'db/events', path: '^src/(db|events)/' },
  // Export and import documents, pure: format, validation, id remapping, the imported log's replay.
  // The import operation and the I/O are the authority's, through the GameStore (db/transfer-io.ts).
  { name: 'transfer', path: '^src/transfer/' },
  // The authority decides who may do what and commits through db/, then publishes through events/.
  { name: 'authority', path: '^src/authority/' },
  // The redaction boundary: every outgoing shape, from decoded values and the caller's viewer.
  // Above the authority, so that nothing which decides can also shape what a caller is shown.
  { name: 'render', path: '^src/render/' },
  // The transport: HTTP and WebSocket server, request context, limits, and the resolver types
  // generated from the schema (they name the resolvers' context and parent values).
  { name: 'server', path: '^src/server/|^src/generated/graphql[.]ts$' },
  // The GraphQL operations: parse input, call the authority, render; and the executable schema
  // they make with the SDL. Above the transport, which is handed the schema by `app.ts`.
  { name: 'resolvers', path: '^src/resolvers/' },
  // Process wiring.
  { name: 'entry', path: '^src/(app|main)[.]ts$' },
];

/** The public API of `src/rules`: the only module of it that code outside `src/rules` may import. */
const RULES_API = '^src/rules/index[.]ts$';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const layerRules = LAYERS.flatMap((layer, i) => {
  const higher = LAYERS.slice(i + 1);
  if (higher.length === 0) return [];
  return [
    {
      name: `no-upward-import-from-${layer.name.replace(/\W/g, '-')}`,
      comment: `${layer.name} may not import a higher layer (${higher.map((l) => l.name).join(', ')}).`,
      severity: /** @type {const} */ ('error'),
      from: { path: layer.path, pathNot: higher.map((l) => l.path) },
      to: { path: higher.map((l) => l.path), pathNot: layer.path },
    },
  ];
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'rules-imports-only-itself',
      comment: 'src/rules is pure: it imports nothing outside src/rules (no npm package, no Node built-in).',
      severity: 'error',
      from: { path: '^src/rules/' },
      to: { pathNot: '^src/rules/' },
    },
    ...layerRules,
    {
      name: 'resolvers-not-to-db',
      comment:
        'Resolvers parse, call the authority (src/authority) and render: they never read or write the store.',
      severity: 'error',
      from: { path: '^src/resolvers/' },
      to: { path: '^src/db/' },
    },
    {
      name: 'resolvers-not-to-events',
      comment:
        'Resolvers reach the event hub only through their context (built by src/server), never src/events.',
      severity: 'error',
      from: { path: '^src/resolvers/' },
      to: { path: '^src/events/' },
    },
    {
      name: 'authority-to-db-only-through-index',
      comment:
        'The authority reaches storage only through its facade, the GameStore of src/db/index.ts: the commit protocol, reads and writes live behind it.',
      severity: 'error',
      from: { path: '^src/authority/' },
      to: { path: '^src/db/', pathNot: '^src/db/index[.]ts$' },
    },
    {
      name: 'transfer-not-to-db',
      comment:
        'src/transfer is pure (format, validation, id remapping, replay): it reaches no src/db; the authority reads and writes through the GameStore and hands it values.',
      severity: 'error',
      from: { path: '^src/transfer/' },
      to: { path: '^src/db/' },
    },
    {
      name: 'server-not-to-resolvers',
      comment:
        'The transport is handed the schema (src/app.ts composes them); it never imports src/resolvers.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/resolvers/' },
    },
    {
      name: 'db-not-to-errors',
      comment:
        'src/db stores: it raises its own DbError (src/db/errors.ts), which the authority maps to public codes; it never builds a public error.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/errors[.]ts$' },
    },
    {
      name: 'db-rules-types-only',
      comment:
        'src/db decides nothing about actors, events, layouts or rulesets: it imports only types from src/rules.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/rules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles in src/ through imports that exist at run time.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular-type-only',
      comment: 'No import cycles in src/, type-only imports included.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { pathNot: '^src/generated/graphql[.]ts$' } },
    },
    {
      name: 'rules-only-through-index',
      comment: 'Code outside src/rules imports src/rules only through src/rules/index.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/rules/' },
      to: { path: '^src/rules/', pathNot: RULES_API },
    },
    {
      name: 'every-src-module-has-a-layer',
      comment:
        'A new top-level folder or file under src/ must be placed in LAYERS (.dependency-cruiser.mjs).',
      severity: 'error',
      from: { path: '^src/', pathNot: LAYERS.map((l) => l.path) },
      to: {},
    },
    {
      name: 'every-imported-src-module-has-a-layer',
      comment:
        'A new top-level folder or file under src/ must be placed in LAYERS (.dependency-cruiser.mjs).',
      severity: 'error',
      from: {},
      to: { path: '^src/', pathNot: [...LAYERS.map((l) => l.path), '^src/generated/prisma/'] },
    },
    {
      name: 'src-does-not-import-tooling',
      comment: 'The product never imports tests, benchmarks or scripts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts|examples)/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (a typo or a moved file fails here, before the type-check).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/prisma/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
