import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { FEED_ROOT } from '../post/index.ts';
import type { FeedPage } from '../post/index.ts';

/** Reels per page: a screen each, so fewer than the feed's. */
export const REELS_PAGE_SIZE = 10;

/**
 * The media feed's key: under the feed's root, so likes (updatePostEverywhere), new posts with
 * media (prependPost) and the realtime client's invalidations reach it, with the viewer (their
 * likes) and `scope: 'media'`.
 */
export function mediaFeedKey(viewerId: string | null | undefined) {
  return [FEED_ROOT, { viewer: viewerId ?? 'anonymous', scope: 'media' }] as const;
}

export function mediaFeedPath(cursor: string | null, limit: number): string {
  const params = new URLSearchParams({ scope: 'media', limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `${FEED_ROOT}?${params.toString()}`;
}

/** Posts with an image or audio, newest first (GET /api/messages-v2/feed?scope=media). */
export function useMediaFeed(viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: mediaFeedKey(viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<FeedPage>(mediaFeedPath(pageParam, REELS_PAGE_SIZE), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}
