/**
 * The feed's limits (zod-free, so the web app's first load does not pull in zod) (docs/api.md "Feed" and "Uploads"). The server
 * enforces these numbers; the web composer and comment box use the same ones.
 */

/** Longest post text, in characters (Unicode code points) after trimming. */
export const POST_MAX_LENGTH = 1000;
/**
 * Longest alt text (the description of a post's image for screen readers), in characters
 * (Unicode code points) after trimming.
 */
export const POST_ALT_TEXT_MAX_LENGTH = 1000;
/** Longest comment text, in characters (Unicode code points) after trimming. */
export const COMMENT_MAX_LENGTH = 500;

export const FEED_PAGE_DEFAULT = 20;
/** A larger `limit` is cut to this. */
export const FEED_PAGE_MAX = 50;
export const COMMENTS_PAGE_DEFAULT = 20;
export const COMMENTS_PAGE_MAX = 100;

/** Media types an upload may have, decided from the file's bytes (docs/api.md "Uploads"). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const AUDIO_MIME_TYPES = [
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'audio/mp4',
  'audio/flac',
] as const;
export type MediaKind = 'image' | 'audio';

/** Post kinds: public and vault posts can be created; capsules come with their issue. */
export const POST_KINDS = ['public', 'vault', 'capsule'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export const ENGAGEMENT_KINDS = ['like', 'bookmark'] as const;
export type EngagementKind = (typeof ENGAGEMENT_KINDS)[number];

/** Length as people count it: code points, so an emoji is one character. */
export function textLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}
