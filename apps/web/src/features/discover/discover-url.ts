import { SEARCH_QUERY_MAX_LENGTH, SEARCH_TYPES, TAG_MAX_LENGTH, type SearchType } from '@dum/core';

/**
 * What /discover shows, read from its URL, so a search or a tag survives a reload and the Back
 * button: `?q=…&type=users|posts` a search, `?tag=x` a tag's posts, neither the trending lists.
 * A search wins over a tag.
 */
export type DiscoverView =
  | { kind: 'search'; q: string; type: SearchType }
  | { kind: 'tag'; tag: string }
  /** `?tag=` with something that cannot be a tag (the raw value, to say so). */
  | { kind: 'bad-tag'; raw: string }
  | { kind: 'home' };

/** The search kind when the URL names none (the API's own default). */
export const DEFAULT_SEARCH_TYPE: SearchType = 'posts';

export function searchTypeOf(value: string | null): SearchType {
  return SEARCH_TYPES.find((type) => type === value) ?? DEFAULT_SEARCH_TYPE;
}

/** The query the API is asked: trimmed, and cut to the longest it takes. */
export function searchQueryOf(text: string): string {
  return text.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
}

// The pattern's source in a constant: a regular expression, not text.
const TAG_SOURCE = `^[\\p{L}\\p{N}_]{1,${TAG_MAX_LENGTH}}$`;
const TAG = new RegExp(TAG_SOURCE, 'u');

/** A tag as the API takes it: without a leading `#`, lower-cased; null if it cannot be one. */
export function normaliseTag(raw: string): string | null {
  const tag = raw.trim().replace(/^#/, '').toLowerCase();
  return TAG.test(tag) ? tag : null;
}

export function readDiscoverView(params: URLSearchParams): DiscoverView {
  const q = searchQueryOf(params.get('q') ?? '');
  if (q !== '') return { kind: 'search', q, type: searchTypeOf(params.get('type')) };
  const raw = params.get('tag');
  if (raw === null) return { kind: 'home' };
  const tag = normaliseTag(raw);
  return tag === null ? { kind: 'bad-tag', raw } : { kind: 'tag', tag };
}

/**
 * The URL's parameters once the box holds `text` and the switch `type`: a search replaces a
 * tag (so emptying the box afterwards goes back to the trending lists); an empty box leaves no
 * search behind.
 */
export function withSearch(
  params: URLSearchParams,
  text: string,
  type: SearchType,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (text.trim() === '') {
    next.delete('q');
    next.delete('type');
  } else {
    next.delete('tag');
    next.set('q', text);
    next.set('type', type);
  }
  return next;
}
