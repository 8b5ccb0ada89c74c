import type { SearchType } from '@dum/core';
import { plural, t } from '@lingui/core/macro';
import { formatNumber } from '../../lib/i18n/index.ts';

/** What the search results show, as pure functions so the text rules are tested alone. */

/** The words of a query, lower-cased, each once: what a result's text is marked at. */
export function queryWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  return [...new Set(words)];
}

export interface MarkedPart {
  text: string;
  marked: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function wordsPattern(words: string[]): RegExp | null {
  if (words.length === 0) return null;
  // Longest first, so "vibes" is marked whole where "vibe" would also match.
  const sorted = [...words].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(sorted.join('|'), 'giu');
}

/** `text` cut where it contains a word of `q` (any case), the matches marked. */
export function markMatches(text: string, q: string): MarkedPart[] {
  const pattern = wordsPattern(queryWords(q));
  if (!pattern || text === '') return text === '' ? [] : [{ text, marked: false }];
  const parts: MarkedPart[] = [];
  let end = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > end) parts.push({ text: text.slice(end, match.index), marked: false });
    parts.push({ text: match[0], marked: true });
    end = match.index + match[0].length;
  }
  if (end < text.length) parts.push({ text: text.slice(end), marked: false });
  return parts;
}

/** Characters of context kept before the first match when a long text is cut to show it. */
const LEAD = 40;

/**
 * A post's text on one line, at most `max` characters: from the start, or, when the first
 * match lies further in, from a little before it, with an ellipsis where text was left out.
 */
export function snippet(text: string, q: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const pattern = wordsPattern(queryWords(q));
  const first = pattern ? flat.search(pattern) : -1;
  let start = first > LEAD ? first - LEAD : 0;
  if (start > 0) {
    // Start at a word, not inside one.
    const space = flat.indexOf(' ', start);
    start = space !== -1 && space < first ? space + 1 : start;
  }
  const room = max - (start > 0 ? 1 : 0);
  const cut = flat.slice(start, start + room);
  const more = start + room < flat.length;
  return `${start > 0 ? '…' : ''}${more ? `${cut.slice(0, -1).trimEnd()}…` : cut}`;
}

/** What the screen reader hears once results arrive. */
export function resultsAnnouncement(
  count: number,
  type: SearchType,
  hasMore: boolean,
  q: string,
): string {
  if (count === 0) return noResultsText(q);
  const shown = `${formatNumber(count)}${hasMore ? '+' : ''}`;
  return type === 'users'
    ? plural(count, {
        one: `${shown} person found. Use the up and down arrows to choose, Enter to open.`,
        other: `${shown} people found. Use the up and down arrows to choose, Enter to open.`,
      })
    : plural(count, {
        one: `${shown} post found. Use the up and down arrows to choose, Enter to open.`,
        other: `${shown} posts found. Use the up and down arrows to choose, Enter to open.`,
      });
}

export function noResultsText(q: string): string {
  return t`No results for “${q}”`;
}
