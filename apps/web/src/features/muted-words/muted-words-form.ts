import {
  MUTED_WORD_MAX_LENGTH,
  MUTED_WORDS_MAX,
  normaliseMutedWord,
  textLength,
  type MutedWords,
} from '@dum/core';
import { t } from '@lingui/core/macro';
import { formatDate } from '../../lib/i18n/index.ts';

/** How long a new muted word lasts: the screen's choices (labels read in the active language). */
export const MUTE_DURATIONS = [
  {
    value: 'never',
    get label() {
      return t`Never`;
    },
    ms: null,
  },
  {
    value: '24h',
    get label() {
      return t`After 24 hours`;
    },
    ms: 24 * 3_600_000,
  },
  {
    value: '7d',
    get label() {
      return t`After 7 days`;
    },
    ms: 7 * 86_400_000,
  },
  {
    value: '30d',
    get label() {
      return t`After 30 days`;
    },
    ms: 30 * 86_400_000,
  },
] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number]['value'];

/** The expiry to send for a choice made at `now`; undefined for never. */
export function expiryFor(duration: MuteDuration, now: number): string | undefined {
  const choice = MUTE_DURATIONS.find((d) => d.value === duration);
  return choice?.ms ? new Date(now + choice.ms).toISOString() : undefined;
}

/**
 * The list with a new word added, or what is wrong with it (the same rules as the server's, so
 * most mistakes are caught before a request).
 */
export function addMutedWord(
  items: MutedWords['items'],
  input: string,
  expiresAt: string | undefined,
): { items: MutedWords['items'] } | { error: string } {
  const word = normaliseMutedWord(input);
  if (word === '') return { error: t`Enter a word or phrase.` };
  if (textLength(word) > MUTED_WORD_MAX_LENGTH) {
    const max = MUTED_WORD_MAX_LENGTH;
    return { error: t`Keep it to ${max} characters.` };
  }
  if (items.some((item) => item.word === word)) return { error: t`You already mute that.` };
  if (items.length >= MUTED_WORDS_MAX) {
    const max = MUTED_WORDS_MAX;
    return { error: t`You can mute up to ${max} words or phrases.` };
  }
  return { items: [...items, expiresAt ? { word, expiresAt } : { word }] };
}

/** "Never ends", or when the word stops being muted. */
export function expiryLabel(expiresAt: string | null | undefined): string {
  if (!expiresAt) return t`Never ends`;
  const at = formatDate(new Date(expiresAt), {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return t`Ends ${at}`;
}
