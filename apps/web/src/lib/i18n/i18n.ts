import { i18n } from '@lingui/core';
import { loadMessages } from './catalogues.ts';
import { LOCALE_STORAGE_KEY, type Locale, preferredLocale } from './locale.ts';

/** Loads a locale's catalogues, then switches every text and format to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = await loadMessages(locale);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** The language the page starts in (stored choice, else the browser's). */
export function initialLocale(): Locale {
  return preferredLocale(readStoredLocale(), navigator.languages);
}

/** The wallet menu's switch: remembered on this device. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be full or blocked (private windows): the choice holds for this visit.
  }
}

function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}
