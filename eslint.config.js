import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'apps/server/drizzle/**',
      'programs/**/build/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // strictTypeChecked is being rolled out area by area: the areas listed here still have
    // findings of the rules below. Remove an area once `npx eslint <area>` passes without it.
    files: ['apps/server/**', 'apps/web/**', 'packages/chain/**', 'bench/**', 'e2e/**'],
    rules: Object.fromEntries(
      [
        'no-deprecated',
        'no-dynamic-delete',
        'no-unsafe-class-instance-assignment',
        'no-non-null-assertion',
        'no-unnecessary-type-conversion',
        'no-unnecessary-condition',
        'restrict-plus-operands',
        'no-invalid-void-type',
        'no-confusing-void-expression',
        'no-misused-spread',
        'no-unnecessary-type-parameters',
      ].map((rule) => [`@typescript-eslint/${rule}`, 'off']),
    ),
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Dependencies point inward: the shared core knows nothing of the apps, Node or the browser.
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto'],
              message: 'packages/core must stay runtime-neutral.',
            },
            {
              group: ['@dum/server', '@dum/web', '@dum/chain', '**/apps/**'],
              message: 'packages/core must not import the apps.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only config.ts reads the environment.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/config.ts',
      'apps/server/src/main.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in config.ts.' },
      ],
    },
  },
);
