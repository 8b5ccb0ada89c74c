import { defineProject } from 'vitest/config';
import { linguiPlugins } from './build/lingui-plugins.ts';

export default defineProject({
  plugins: linguiPlugins(),
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../scripts/test-setup.ts', './src/test-setup.ts'],
    // Vitest's 5 s default is a budget for an idle machine; beside another worker a typed-in
    // form test can take longer, which is slowness, not a failure.
    testTimeout: 20_000,
  },
});
