/** The web app's languages: Lingui's instance, the active locale and `Intl` formatting. */
export { i18n } from '@lingui/core';
export { activateLocale, chooseLocale, initialLocale } from './i18n.ts';
export {
  activeLocale,
  isLocale,
  LOCALE_NAMES,
  LOCALE_STORAGE_KEY,
  LOCALES,
  type Locale,
  preferredLocale,
  SOURCE_LOCALE,
} from './locale.ts';
export {
  FULL_DATE_TIME,
  formatDate,
  formatDecimal,
  formatDum,
  formatNumber,
  formatSol,
} from './format.ts';
