import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './e2e/support/sequencer.ts';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two files at once: each starts its own server (own DATA_DIR or database, own port) and browser.
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    // Seeds the demo data once per run; each file's server starts on a copy of it (ADR 0021).
    globalSetup: ['e2e/support/global-setup.ts'],
    // Slowest files first, from measured times, so that both workers finish together.
    sequence: { sequencer: SlowestFirst },
  },
});
