import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['tests/setup/global-db.ts'],
    setupFiles: ['tests/setup/dom.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PGlite instances are large (hundreds of MB each); two workers fit 2 cores and the memory.
    pool: 'forks',
    maxWorkers: 2,
  },
});
