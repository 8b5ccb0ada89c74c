import { extractHashtags, type SearchType } from '@dum/core';
import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { postText } from '../post/index.ts';
import type { FeedPage } from '../post/index.ts';
import {
  searchKey,
  searchPath,
  tagPostsKey,
  tagPostsPath,
  TOP_CREATORS_PATH,
  topCreatorsKey,
  trendingPostsKey,
  trendingPostsPath,
  TRENDING_TAGS_PATH,
  trendingTagsKey,
} from './discover-cache.ts';
import type { SearchPage, TopCreators, TrendingPage, TrendingTags } from './types.ts';

/** Search results and the trending lists go stale: a minute later a visit reads them again. */
const DISCOVER_STALE_MS = 60_000;

const nextCursor = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;

/**
 * People or posts matching `q` (already trimmed and within the limits), one page at a time.
 * While the next query's answer is on its way the previous results of the same kind stay, so
 * the list does not flash empty at each keystroke.
 */
export function useSearch(q: string, type: SearchType, viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: searchKey(q, type, viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SearchPage>(searchPath(q, type, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
    enabled: q !== '',
    staleTime: DISCOVER_STALE_MS,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1].type === type ? previous : undefined,
  });
}

/**
 * Keeps only the items a list may hold. The composer puts a new post at the top of every cached
 * list of the feed's shape; a trending item carries its score and a tag's post its tag, so one
 * put there that does not belong is left out until the list is read again.
 */
function keepItems<Page extends FeedPage>(keep: (item: Page['items'][number]) => boolean) {
  return (data: InfiniteData<Page>): InfiniteData<Page> => ({
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.filter(keep) })),
  });
}

const keepScored = keepItems<TrendingPage>((item) => typeof item.score === 'number');

/** Posts by engagement in the last 24 hours with time decay, highest first. */
export function useTrendingPosts(viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: trendingPostsKey(viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TrendingPage>(trendingPostsPath(pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
    staleTime: DISCOVER_STALE_MS,
    select: keepScored,
  });
}

/** The live posts carrying `tag` (lower-cased, without the `#`), newest first. */
export function useTagPosts(tag: string, viewerId: string | null) {
  const keepTagged = useMemo(
    () => keepItems<FeedPage>((item) => extractHashtags(postText(item)).includes(tag)),
    [tag],
  );
  return useInfiniteQuery({
    queryKey: tagPostsKey(tag, viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<FeedPage>(tagPostsPath(tag, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
    staleTime: DISCOVER_STALE_MS,
    select: keepTagged,
  });
}

/** The tags used most in the last 24 hours. */
export function useTrendingTags() {
  return useQuery({
    queryKey: trendingTagsKey(),
    queryFn: ({ signal }) => apiRequest<TrendingTags>(TRENDING_TAGS_PATH, { signal }),
    staleTime: DISCOVER_STALE_MS,
  });
}

/** The week's top creators, by the DUM engagement with their posts minted. */
export function useTopCreators(viewerId: string | null) {
  return useQuery({
    queryKey: topCreatorsKey(viewerId),
    queryFn: ({ signal }) => apiRequest<TopCreators>(TOP_CREATORS_PATH, { signal }),
    staleTime: DISCOVER_STALE_MS,
  });
}
