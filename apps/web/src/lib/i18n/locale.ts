import { i18n } from '@lingui/core';

/** The languages the app speaks. English is the source and the default. */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language's own name for itself: how the language switch lists it, in every language. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a language's name for itself is never translated
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** Where a person's explicit choice is kept; without one the browser's languages decide. */
export const LOCALE_STORAGE_KEY = 'dum-locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language to start in: the one chosen in the wallet menu, else the first of the browser's
 * languages the app speaks ('es-MX' speaks 'es'), else English.
 */
export function preferredLocale(
  stored: string | null,
  browserLanguages: readonly string[],
): Locale {
  if (isLocale(stored)) return stored;
  for (const language of browserLanguages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return SOURCE_LOCALE;
}

/** The active locale, for code outside React (formatters, toasts). */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}
