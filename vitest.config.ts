import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; integration tests (`*.int.test.ts`) go through HTTP on a database
// of their own: PostgreSQL when DATABASE_URL is set, else PGlite, copied from the template the global
// setup migrates and seeds once per run.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // an integration file waits on its database about half the time, so two run well on two cores
    // (vitest's default, one less than the cores, would run one at a time there)
    maxWorkers: Math.max(os.availableParallelism() - 1, 2),
    globalSetup: ['packages/server/src/test/global-setup.ts'],
  },
});
