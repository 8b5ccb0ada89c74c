import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { linguiPlugins } from './build/lingui-plugins.ts';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * The test files that replace a module (vi.mock, vi.doMock). A replaced module stays replaced
 * in every file that shares its module graph, so these run each in a fresh one.
 */
function filesThatMockModules(): string[] {
  return readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) =>
      /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(path.join(ROOT, 'src', file), 'utf8')),
    )
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}

const shared = {
  root: ROOT,
  plugins: linguiPlugins(),
  test: {
    environment: 'jsdom',
    setupFiles: ['../../scripts/test-setup.ts', './src/test-setup.ts'],
    // Vitest's 5 s default is a budget for an idle machine; beside another worker a typed-in
    // form test can take longer, which is slowness, not a failure.
    testTimeout: 20_000,
    // Spies and stubbed globals end with their test, wherever the test file forgot to.
    restoreMocks: true,
    unstubGlobals: true,
  },
} satisfies TestProjectInlineConfiguration;

/**
 * The web app's tests as two projects. Most files share one module graph per worker (isolate:
 * false): importing React, the router, Lingui and the app anew for each file was two thirds of
 * the project's time (70 files: 61 to 17 s on a 2-core machine). The files that mock modules
 * run isolated ('web'). Both are named here so `--project web*` runs them all.
 */
export function webProjects(): TestProjectInlineConfiguration[] {
  const mocking = filesThatMockModules();
  return [
    { ...shared, test: { ...shared.test, name: 'web', include: mocking } },
    {
      ...shared,
      test: {
        ...shared.test,
        name: 'web-shared',
        include: [TESTS],
        exclude: mocking,
        isolate: false,
      },
    },
  ];
}
