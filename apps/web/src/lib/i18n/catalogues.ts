import type { Messages } from '@lingui/core';
import type { Locale } from './locale.ts';

/**
 * Each non-source locale's catalogues, one chunk per locale (src/locales/<locale>.ts merges the
 * features' and the frame's .po files). English has none: its texts are compiled into the code.
 */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('../../locales/es.ts'),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en') return {};
  return (await LOADERS[locale]()).messages;
}
