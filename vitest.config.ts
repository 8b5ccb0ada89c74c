import { defineConfig } from 'vitest/config';

/**
 * One test runner for the whole workspace, one project per area. `npm test` runs lint,
 * typecheck, then these (see package.json). Browser tests (e2e) need a production build.
 */
export default defineConfig({
  test: {
    passWithNoTests: true,
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
          fileParallelism: false,
        },
      },
    ],
  },
});
