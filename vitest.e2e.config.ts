import { defineConfig } from 'vitest/config';

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
  },
});
