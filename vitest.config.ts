import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// One config for every suite. Integration tests (*.int.test.ts) need PostgreSQL: they read DATABASE_URL and
// are skipped as a whole file only when it is absent (npm test without a server still runs PGlite for the store).
export default defineConfig({
  // The published packages' names resolve to their sources here (tsconfig.json `paths` says the same to tsc);
  // test/packages installs the built tarballs instead.
  resolve: {
    alias: [
      { find: /^@engram\/client$/, replacement: source('./src/client/index.ts') },
      { find: /^@engram\/client\/supabase$/, replacement: source('./src/client/supabase.ts') },
      { find: /^@engram\/langgraph$/, replacement: source('./src/integrations/langgraph/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two test processes, not vitest's default of cores - 1 (one on this 2-core machine): most suites wait on
    // PostgreSQL, PGlite's WASM or a child process, so two overlap. Measured on 2 cores: the whole suite 608 s with
    // one worker, 488 s with two, every test passing in both.
    maxWorkers: 2,
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
  },
});
