import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config.ts';

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
      // The server and the packages run their test files one after another in each worker
      // without a fresh module graph per file (isolate: false): importing the server anew took
      // a third of each file's time (server, chain and core: 5:43 to 4:03 on a 2-core machine).
      // They can share one: nothing in them is mocked or stubbed, and what a process keeps
      // (the metrics registry, caches) is already shared by the several apps one test file
      // builds, as by the instances of one production process.
      {
        test: {
          name: 'core',
          isolate: false,
          include: ['packages/core/src/**/*.test.ts'],
          setupFiles: ['./scripts/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'chain',
          isolate: false,
          include: ['packages/chain/src/**/*.test.ts'],
          setupFiles: ['./scripts/test-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          isolate: false,
          include: ['apps/server/src/**/*.test.ts'],
          setupFiles: ['./scripts/test-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...webProjects(),
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
          // Three files at once: each starts its own server (fresh data folder, free ports, its
          // own Redis prefix where it uses Redis) and browser, so they share no state, and part of
          // a browser test's time is spent waiting on the server, the chain or the page. On the
          // 2-core CI machines two at a time left a sixth of the cores idle (481 s, 1.7 cores
          // busy) and three took 449 s; four took 685 s against two's 600 when last measured.
          maxWorkers: 3,
          // The files of a worker share its modules (Playwright's client, the kits, the server
          // sources the kits import), as the server project's do: importing them again for
          // each file took about 1.6 s of its worker. A file's state is its own servers and
          // browser, started and stopped by its hooks.
          isolate: false,
        },
      },
    ],
  },
});
