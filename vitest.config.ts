import { defineConfig } from 'vitest/config';

// One config for every suite. Integration tests (*.int.test.ts) need PostgreSQL: they read DATABASE_URL and
// are skipped as a whole file only when it is absent (npm test without a server still runs PGlite for the store).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
  },
});
