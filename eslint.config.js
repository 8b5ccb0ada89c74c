import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const serverSrc = 'apps/server/src';

/**
 * The server's slices: each folder under src/modules that holds code of its own (a folder that
 * only groups others, such as a domain with sub-slices, is walked into), plus src/realtime.
 */
function serverSlices(dir = `${serverSrc}/modules`) {
  const entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  if (entries.some((entry) => entry.isFile() && entry.name.endsWith('.ts'))) return [dir];
  return entries
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => serverSlices(`${dir}/${entry.name}`));
}

/**
 * A slice is used from outside only through its index.ts (its public face) and its test kits
 * (which only tests import); everything else in the folder is its own business.
 */
function sliceZone(slice) {
  // Everything outside the slice: the server's other folders level by level up to src/, the
  // files directly in src/, and the benchmarks, browser tests and scripts.
  const outside = [`${serverSrc}/*.ts`, 'bench/**', 'e2e/**', 'scripts/**'];
  for (let dir = slice; dir !== serverSrc; dir = path.posix.dirname(dir)) {
    outside.push(`${path.posix.dirname(dir)}/!(${path.posix.basename(dir)})/**`);
  }
  return {
    target: outside,
    from: `${slice}/**`,
    except: [`**/${slice}/index.ts`, `**/${slice}/*test-kit.ts`],
    message: 'Use another slice through its index.ts (its public face) only.',
  };
}

const webFeatures = 'apps/web/src/features';

/** The web app's features: each folder under src/features. */
function webFeatureNames() {
  return readdirSync(path.join(root, webFeatures), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * A web feature is used from outside (other features, pages, the app, components, lib) only
 * through its index.ts, its test kits (which only tests import) and its *-entry.ts files (a face
 * loaded lazily, so its code stays out of the importer's chunk).
 */
function webFeatureZone(name) {
  const feature = `${webFeatures}/${name}`;
  return {
    target: [
      'apps/web/src/*.{ts,tsx}',
      'apps/web/src/!(features)/**',
      `${webFeatures}/!(${name})/**`,
    ],
    from: `${feature}/**`,
    except: [
      `**/${feature}/index.ts`,
      `**/${feature}/*test-kit.{ts,tsx}`,
      `**/${feature}/*-entry.ts`,
    ],
    message: 'Use another web feature through its index.ts (its public face) only.',
  };
}

/** Tests and what only tests use: their kits and setup, the browser tests. */
const testFiles = [
  '**/*.test.{ts,tsx}',
  '**/*.spec.ts',
  '**/*test-kit.{ts,tsx}',
  '**/test-setup.ts',
  'e2e/**',
];

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
    // Tests and their kits may assert with `!` on a value they just made: a wrong guess fails
    // the test at once, where an `if` would hide the missing value.
    files: ['**/*.test.{ts,tsx}', '**/*test-kit.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Boundaries: server slices and web features meet only through their faces; dependencies
    // point inward (the web never imports the server, a package never imports an app). Import
    // cycles are the tooling tests' (scripts/import-cycles.test.ts): they count type imports,
    // which import-x/no-cycle skips, and take a second where that rule took a tenth of lint.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: 'apps/web',
              from: 'apps/server',
              message:
                'The web app talks to the server over HTTP; shared code lives in packages/core.',
            },
            { target: 'packages', from: 'apps', message: 'A package never imports an app.' },
            {
              target: 'packages/core',
              from: 'packages/chain',
              message: 'packages/core stays pure.',
            },
            ...[...serverSlices(), `${serverSrc}/realtime`].map(sliceZone),
            ...webFeatureNames().map(webFeatureZone),
          ],
        },
      ],
    },
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
    // Every text a person reads goes through the message catalogue (Lingui's macros), so it can
    // be translated: a string literal that looks like one (it has a capital letter: "Copied!",
    // "Send tip") is refused outside a macro. Lower-case strings (class names, paths, keys,
    // codes), string-literal union types and the names below are code, not text. Tests keep
    // their English.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [...testFiles, 'apps/web/src/sw/**'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          useTsTypes: true,
          ignore: [
            // No capital letter: code, not a sentence. All capitals: a constant ('POST', 'SOL').
            '^[^A-Z]*$',
            '^[A-Z0-9_]+$',
            // Units, tickers and names the product never translates.
            '^(SOL|DUM|DUM Club|Dum Club|DevNet|Solana|Phantom|Solflare|Backpack|ID|URL|OK|Bearer)$',
            // CSS values and data attributes written in capitals.
            '^[A-Z][a-zA-Z]*\\(',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  'className|[Cc]lass$|Class[A-Z]|^(to|href|src|key|id|type|role|variant|size|name|method|mode|accept|as|dir|lang|rel|target|inputMode|autoComplete|dateTime|htmlFor|form|align|side)$|^data-|^aria-(hidden|controls|describedby|labelledby|live|current|haspopup|expanded|pressed|selected|checked|busy|orientation|invalid|owns|activedescendant|level|modal|relevant|atomic|disabled|readonly|required|sort|valuemin|valuemax|valuenow)$|[Kk]ey$|[Uu]rl$|[Pp]ath$|[Ii]d$|Type$|Mime$|Event$|^[A-Z_0-9]+$',
              },
            },
          ],
          ignoreFunctions: [
            'cn',
            'cva',
            'clsx',
            'console.*',
            'Error',
            'TypeError',
            'RangeError',
            'ApiError',
            'URL',
            'URLSearchParams',
            'fetch',
            'apiRequest',
            'new Error',
            'querySelector',
            'querySelectorAll',
            'getElementById',
            'addEventListener',
            'removeEventListener',
            'dispatchEvent',
            'Event',
            'CustomEvent',
            'matchMedia',
            'setAttribute',
            'DOMException',
            'getItem',
            'setItem',
            'removeItem',
            'invariant',
          ],
          ignoreMethodsOnTypes: [
            'Map.get',
            'Map.set',
            'Map.has',
            'Set.has',
            'String.includes',
            'String.startsWith',
            'String.endsWith',
          ],
        },
      ],
    },
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
    // Size: a file up to 600 lines, counted as `wc -l` counts them (comments and blank lines
    // too: a reader scrolls past them as well). Everything but tests: the apps, the packages and
    // the tools in bench/, scripts/ and programs/, which all hold it. A test file grows by
    // cases, each read on its own, so tests, their kits and setup are left out.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: testFiles,
    rules: { 'max-lines': ['error', { max: 600 }] },
  },
  {
    // A function up to 80 lines of code (blank lines and comments not counted, so a comment that
    // says why never costs room), or a stated reason where one must be longer:
    // `// eslint-disable-next-line max-lines-per-function -- <reason>`. On the server, the
    // packages and the web (a component over it splits into smaller components and hooks). Not on
    // the tools in bench/ and programs/, whose scripts read top to bottom as one run; nor on tests,
    // whose describe blocks hold their cases.
    files: ['apps/server/src/**/*.ts', 'packages/*/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      ...testFiles,
      // Each has a function over it, still to be split or given its reason; then it leaves
      // this list.
      'apps/server/src/modules/actions/routes.ts',
      'apps/server/src/modules/ads/routes.ts',
      'apps/server/src/modules/mystery/service.ts',
      'apps/web/src/features/ads/campaign-card.tsx',
      'apps/web/src/features/ads/create-campaign-dialog.tsx',
      'apps/web/src/features/analytics/series-chart.tsx',
      'apps/web/src/features/discover/discover-search.tsx',
      'apps/web/src/features/messages/message-composer.tsx',
      'apps/web/src/features/messages/new-message-dialog.tsx',
      'apps/web/src/features/messages/use-message-sender.ts',
      'apps/web/src/features/moderation/moderation-view.tsx',
      'apps/web/src/features/mystery/create-mystery-dialog.tsx',
      'apps/web/src/features/mystery/mystery-view.tsx',
      'apps/web/src/features/people/edit-profile-dialog.tsx',
      'apps/web/src/features/people/profile-view.tsx',
      'apps/web/src/features/reels/reel-audio.tsx',
      'apps/web/src/features/reels/reels-screen.tsx',
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
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
