import { HASHTAG_PATTERN, type Mention } from '@dum/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { profileHref } from './profile-link.tsx';

/** The Discover page of a tag's posts; `tag` without the `#`, compared lower-cased. */
export function hashtagHref(tag: string): string {
  return `/discover?${new URLSearchParams({ tag: tag.toLowerCase() }).toString()}`;
}

export type PostTextPart =
  { text: string } | { text: string; tag: string } | { text: string; address: string };

/**
 * A post's text cut at its hashtags (core's HASHTAG_PATTERN): plain runs and `#tag` runs, in
 * order, which joined give the text back unchanged.
 */
export function splitHashtags(text: string): PostTextPart[] {
  const parts: PostTextPart[] = [];
  let end = 0;
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const tag = match[1];
    if (tag === undefined) continue;
    if (match.index > end) parts.push({ text: text.slice(end, match.index) });
    parts.push({ text: match[0], tag });
    end = match.index + match[0].length;
  }
  if (end < text.length) parts.push({ text: text.slice(end) });
  return parts;
}

/**
 * A text cut at its mentions (the server's `mentions`, resolved when it was written) and, between
 * them, at its hashtags. A mention whose span is not an `@` in this text (out of range, or
 * overlapping the one before) is left as plain text, so a bad span never garbles the text.
 */
export function splitPostText(text: string, mentions: readonly Mention[] = []): PostTextPart[] {
  const parts: PostTextPart[] = [];
  let end = 0;
  for (const mention of [...mentions].sort((a, b) => a.start - b.start)) {
    if (mention.start < end || mention.end > text.length || text[mention.start] !== '@') continue;
    if (mention.end <= mention.start + 1) continue;
    parts.push(...splitHashtags(text.slice(end, mention.start)));
    parts.push({ text: text.slice(mention.start, mention.end), address: mention.address });
    end = mention.end;
  }
  parts.push(...splitHashtags(text.slice(end)));
  return parts;
}

/** Where a part of a text leads: a mention to the wallet's profile, a tag to its posts. */
function partHref(part: PostTextPart): string | null {
  if ('address' in part) return profileHref(part.address);
  if ('tag' in part) return hashtagHref(part.tag);
  return null;
}

/**
 * A post's, comment's or message's text with each mention a link to the wallet's profile and
 * each `#tag` a link to the tag's posts on Discover.
 */
export function PostText({
  text,
  mentions,
}: {
  text: string;
  mentions?: readonly Mention[] | undefined;
}): ReactNode {
  return splitPostText(text, mentions).map((part, index) => {
    const href = partHref(part);
    return href === null ? (
      part.text
    ) : (
      <Link
        // The same mention or tag may appear twice; its place in the text tells them apart.
        key={index}
        to={href}
        className="rounded-sm font-medium text-primary hover:underline"
      >
        {part.text}
      </Link>
    );
  });
}
