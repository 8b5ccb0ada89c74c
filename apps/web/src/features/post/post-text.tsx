import { HASHTAG_PATTERN } from '@dum/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The Discover page of a tag's posts; `tag` without the `#`, compared lower-cased. */
export function hashtagHref(tag: string): string {
  return `/discover?${new URLSearchParams({ tag: tag.toLowerCase() }).toString()}`;
}

export type PostTextPart = { text: string } | { text: string; tag: string };

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

/** A post's text with each `#tag` a link to the tag's posts on Discover. */
export function PostText({ text }: { text: string }): ReactNode {
  return splitHashtags(text).map((part, index) =>
    'tag' in part ? (
      <Link
        // The same tag may appear twice; its place in the text tells them apart.
        key={index}
        to={hashtagHref(part.tag)}
        className="rounded-sm font-medium text-primary hover:underline"
      >
        {part.text}
      </Link>
    ) : (
      part.text
    ),
  );
}
