import {
  MUTED_WORD_MAX_LENGTH,
  MUTED_WORDS_MAX,
  normaliseMutedWord,
  textLength,
  type MutedWords,
} from '@dum/core';

/** How long a new muted word lasts: the screen's choices. */
export const MUTE_DURATIONS = [
  { value: 'never', label: 'Never', ms: null },
  { value: '24h', label: 'After 24 hours', ms: 24 * 3_600_000 },
  { value: '7d', label: 'After 7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: 'After 30 days', ms: 30 * 86_400_000 },
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
  if (word === '') return { error: 'Enter a word or phrase.' };
  if (textLength(word) > MUTED_WORD_MAX_LENGTH) {
    return { error: `Keep it to ${MUTED_WORD_MAX_LENGTH} characters.` };
  }
  if (items.some((item) => item.word === word)) return { error: 'You already mute that.' };
  if (items.length >= MUTED_WORDS_MAX) {
    return { error: `You can mute up to ${MUTED_WORDS_MAX} words or phrases.` };
  }
  return { items: [...items, expiresAt ? { word, expiresAt } : { word }] };
}

/** "Never ends", or when the word stops being muted. */
export function expiryLabel(expiresAt: string | null | undefined): string {
  if (!expiresAt) return 'Never ends';
  const at = new Date(expiresAt);
  return `Ends ${at.toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })}`;
}
