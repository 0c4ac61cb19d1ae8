import { defineConfig } from 'vitest/config';

// `npm run test:harness` (issue 14): the harnesses that need real server processes on the PostgreSQL
// server of TEST_DATABASE_URL (crash, races, scale-out, sockets under load, webhook storm). Not part
// of `npm test`, which must pass on a fresh machine with PGlite alone; `.ci/run` runs them.
// HARNESS_LONG=1 selects the long variants.
export default defineConfig({
  test: {
    name: 'harness',
    include: ['tests/harness/**/*.harness.test.ts'],
    environment: 'node',
    pool: 'forks',
    // One harness at a time: each starts its own server processes and loads both cores.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
