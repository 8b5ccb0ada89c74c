import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One test runner for the whole workspace, one project per area. `npm test` runs lint,
 * typecheck, then these (see package.json). Browser tests (e2e) need a production build.
 */
export default defineConfig({
  test: {
    passWithNoTests: true,
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machines,
    // where most of a test file's time is spent waiting on PostgreSQL, PGlite's worker thread or
    // the localnet, so more files in parallel use the idle time: three on two cores (unit tests
    // 497 to 410 s on one such machine; one worker took 21 minutes, two 17.5 on another). Waits
    // in tests are fit for a loaded machine (web: Testing Library's asyncUtilTimeout).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          setupFiles: ['./scripts/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'chain',
          include: ['packages/chain/src/**/*.test.ts'],
          setupFiles: ['./scripts/test-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          setupFiles: ['./scripts/test-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          // The repository's own rules (lint boundaries) checked on scratch files.
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          setupFiles: ['./scripts/test-setup.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          setupFiles: ['./scripts/test-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at once: each starts its own server (fresh data folder, free ports, its own
          // Redis prefix where it uses Redis) and browser, so they share no state, and most of a
          // browser test's time is spent waiting on the server, the chain or the page. More than
          // two would starve the waits on the 2-core CI machines.
          maxWorkers: 2,
        },
      },
    ],
  },
});
