import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The web app's message catalogues (Lingui, ICU MessageFormat). English is the source: its texts
 * live in the code (the spec's, verbatim) and are compiled into it at build time
 * (build/lingui-source-messages.ts), so English needs no catalogue download. Every other locale
 * has a catalogue per feature (src/features/<name>/locales/<locale>.po, owned like the feature's
 * code), one for the API's error texts (src/lib/api-errors) and one for the app frame
 * (src/locales/<locale>.po: app, components, lib, pages);
 * src/lib/i18n/catalogues.ts loads all of a locale's at once when it is chosen.
 *
 * `npm run i18n:extract` refreshes them after a change of texts; the tests fail on a text with no
 * translation (src/lib/i18n/catalogues.test.ts).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  // The English catalogue is not shipped; it is the list translators work from.
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  catalogs: [
    {
      path: '<rootDir>/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/features/{name}/'],
      exclude: ['**/*.test.*', '**/*test-kit.*'],
    },
    {
      // The API's error texts by code (lib/error-message.ts shows them).
      path: '<rootDir>/src/lib/api-errors/locales/{locale}',
      include: ['<rootDir>/src/lib/api-errors/**'],
    },
    {
      path: '<rootDir>/src/locales/{locale}',
      include: [
        '<rootDir>/src/app/',
        '<rootDir>/src/components/',
        '<rootDir>/src/lib/',
        '<rootDir>/src/pages/',
      ],
      exclude: ['**/*.test.*', '**/*test-kit.*', '<rootDir>/src/lib/api-errors/**'],
    },
  ],
});
