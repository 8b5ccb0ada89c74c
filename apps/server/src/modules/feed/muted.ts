import { mutedWordMatcher, type CommentItem, type FeedItem } from '@dum/core';
import { mutedMatcherOf, type MutedMatcher, type MutedWord } from '../people/index.ts';
import type { FeedDeps } from './deps.ts';
import type { ViewerState } from './viewer-state.ts';

/**
 * Muted words in the feed's reads (docs/api.md "Muted words"). The pages are read as before
 * (shared across viewers, cached), then the viewer's muted posts and comments are left out of
 * the answer: a page may come out short, even empty, and its nextCursor still continues after
 * the last row read, so no post is skipped or shown twice. The viewer's own posts and comments
 * are never left out. The viewer's words are read alongside the page, not before it: from the
 * viewer's cached marks (viewer-state.ts; a change of words bumps the viewer's version), or from
 * the database when the cache cannot answer.
 */

type MutedDeps = Pick<FeedDeps, 'pool' | 'clock' | 'marks'>;

/** A list's matcher, kept until its first word ends (a list is one viewer's at one version). */
const matchers = new WeakMap<readonly MutedWord[], { matcher: MutedMatcher; until: number }>();

function matcherOfWords(words: readonly MutedWord[], now: number): MutedMatcher {
  const kept = matchers.get(words);
  if (kept && kept.until > now) return kept.matcher;
  const active = words.filter((word) => word.expiresAt === null || word.expiresAt > now);
  const until = Math.min(...active.map((word) => word.expiresAt ?? Infinity));
  const matcher = mutedWordMatcher(active.map((word) => word.word));
  matchers.set(words, { matcher, until });
  return matcher;
}

/**
 * The viewer's matcher now; null when the viewer mutes nothing. `marks`: the viewer's marks as
 * the page's read asked for them, so one request reads the viewer's version once.
 */
async function viewerMatcher(
  deps: MutedDeps,
  viewerId: string,
  marks: Promise<ViewerState | null> = deps.marks.get(viewerId),
): Promise<MutedMatcher> {
  const state = await marks;
  const now = deps.clock.now();
  if (state) return matcherOfWords(state.marks.muted, now.getTime());
  return mutedMatcherOf(deps.pool, viewerId, now);
}

function postMuted(item: FeedItem, matches: (text: string) => boolean, viewerId: string): boolean {
  if (item.author.id === viewerId) return false;
  return matches(item.body) || (item.quoted !== null && matches(item.quoted.body));
}

/** The items the viewer has not muted. */
export function withoutMutedPosts(
  items: FeedItem[],
  matcher: MutedMatcher,
  viewerId: string | null,
): FeedItem[] {
  if (!matcher || viewerId === null) return items;
  return items.filter((item) => !postMuted(item, matcher, viewerId));
}

/** A page (of posts or comments) as the viewer sees it, its words read while the page is. */
export async function mutedOut<P extends { items: FeedItem[] }>(
  deps: MutedDeps,
  viewerId: string | null,
  read: Promise<P>,
): Promise<P> {
  return withoutMuted<FeedItem, P>(deps, viewerId, read, (items, matcher) =>
    withoutMutedPosts(items, matcher, viewerId),
  );
}

/** As mutedOut, for a page already serialised (the shared pages' bodies). */
export async function mutedOutBody(
  deps: MutedDeps,
  viewerId: string | null,
  read: Promise<Buffer>,
  marks?: Promise<ViewerState | null>,
): Promise<Buffer> {
  if (viewerId === null) return read;
  const [body, matcher] = await Promise.all([read, viewerMatcher(deps, viewerId, marks)]);
  if (!matcher) return body;
  const page = JSON.parse(body.toString('utf8')) as { items: FeedItem[] };
  const items = withoutMutedPosts(page.items, matcher, viewerId);
  if (items.length === page.items.length) return body;
  return Buffer.from(JSON.stringify({ ...page, items }));
}

/** A page of comments as the viewer sees it. */
export async function mutedOutComments<P extends { items: CommentItem[] }>(
  deps: MutedDeps,
  viewerId: string | null,
  read: Promise<P>,
): Promise<P> {
  return withoutMuted<CommentItem, P>(deps, viewerId, read, (items, matcher) =>
    items.filter((item) => item.authorId === viewerId || !matcher(item.body)),
  );
}

/**
 * A page with the items `keep` leaves once given the viewer's matcher, read while the page is;
 * as it is for an anonymous viewer or one who mutes nothing.
 */
async function withoutMuted<I, P extends { items: I[] }>(
  deps: MutedDeps,
  viewerId: string | null,
  read: Promise<P>,
  keep: (items: I[], matcher: NonNullable<MutedMatcher>) => I[],
): Promise<P> {
  if (viewerId === null) return read;
  const [page, matcher] = await Promise.all([read, viewerMatcher(deps, viewerId)]);
  return matcher ? { ...page, items: keep(page.items, matcher) } : page;
}
