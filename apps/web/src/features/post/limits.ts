import {
  COMMENT_MAX_LENGTH,
  FEED_PAGE_DEFAULT,
  POST_ALT_TEXT_MAX_LENGTH,
  POST_MAX_LENGTH,
  textLength,
} from '@dum/core';

/** The composer's and comment box's limits: the same numbers the server enforces. */
export { COMMENT_MAX_LENGTH, POST_ALT_TEXT_MAX_LENGTH, POST_MAX_LENGTH };

/** The counter appears once this many characters (or fewer) are left. */
export const LENGTH_WARNING_REMAINING = 50;

/** Posts per feed page the client asks for. */
export const FEED_PAGE_SIZE = FEED_PAGE_DEFAULT;

/** Characters left, counted as the server counts them (code points of the trimmed text). */
export function charactersLeft(text: string, max: number): number {
  return max - textLength(text.trim());
}
