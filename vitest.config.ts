import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Each file's resources are closed and checked after it (test/support/file-resources.ts);
    // fast-check defaults: a property interrupted by a time limit fails (test/support/fast-check.ts).
    setupFiles: ['test/support/file-resources.ts', 'test/support/fast-check.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel, each against its own database cloned from a migrated template.
    pool: 'forks',
    maxWorkers: 2,
    // Files share a worker process (no fresh module graph per file): setting up and importing once
    // per worker instead of once per file. Each file must release what it opens, which
    // test/support/file-resources.ts checks after every file.
    isolate: false,
    // The longest files start first, so that no long file is left for the end while the other
    // worker has nothing to do (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
