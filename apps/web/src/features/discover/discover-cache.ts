import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { FEED_ROOT } from '../post/index.ts';
import type { FollowState } from '../people/index.ts';
import type { DiscoverPerson, SearchPage, SearchType, TopCreators } from './types.ts';

/**
 * Query keys and request paths of Discover, and the cache edit a Follow makes on its lists. As
 * elsewhere the first key part is an API path, so prefix invalidation reaches them. Trending
 * posts and a tag's posts live under the feed's root (with their scope beside the viewer): the
 * feed's own edits (a like, a comment count, a deleted post) and the realtime `new_post` refresh
 * reach them as they reach a profile's posts.
 */
export const SEARCH_ROOT = '/api/search';
export const DISCOVER_ROOT = '/api/discover';

type Viewer = string | null | undefined;
const viewerPart = (viewerId: Viewer) => viewerId ?? 'anonymous';

export function searchKey(q: string, type: SearchType, viewerId: Viewer) {
  return [SEARCH_ROOT, { viewer: viewerPart(viewerId), type, q }] as const;
}

export function trendingPostsKey(viewerId: Viewer) {
  return [FEED_ROOT, { viewer: viewerPart(viewerId), scope: 'trending' }] as const;
}

export function tagPostsKey(tag: string, viewerId: Viewer) {
  return [FEED_ROOT, { viewer: viewerPart(viewerId), tag }] as const;
}

export function trendingTagsKey() {
  return [DISCOVER_ROOT, 'tags'] as const;
}

export function topCreatorsKey(viewerId: Viewer) {
  return [DISCOVER_ROOT, 'creators', { viewer: viewerPart(viewerId) }] as const;
}

function withCursor(path: string, params: Record<string, string>, cursor: string | null): string {
  const search = new URLSearchParams(params);
  if (cursor) search.set('cursor', cursor);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function searchPath(q: string, type: SearchType, cursor: string | null): string {
  return withCursor(SEARCH_ROOT, { q, type }, cursor);
}

export function trendingPostsPath(cursor: string | null): string {
  return withCursor(`${DISCOVER_ROOT}/trending`, {}, cursor);
}

export function tagPostsPath(tag: string, cursor: string | null): string {
  return withCursor(`${DISCOVER_ROOT}/tags/${encodeURIComponent(tag)}/posts`, {}, cursor);
}

export const TRENDING_TAGS_PATH = `${DISCOVER_ROOT}/tags`;
export const TOP_CREATORS_PATH = `${DISCOVER_ROOT}/creators`;

function editPerson<T extends DiscoverPerson>(
  person: T,
  address: string,
  update: (person: FollowState) => FollowState,
): T {
  return person.solAddress === address ? { ...person, ...update(person) } : person;
}

/**
 * A follow made on Discover, on Discover's copies of that person: the top creators (every
 * viewer's copy) and the people search results.
 */
export function updateDiscoverPeople(
  queryClient: QueryClient,
  address: string,
  update: (person: FollowState) => FollowState,
): void {
  queryClient.setQueriesData<TopCreators>({ queryKey: [DISCOVER_ROOT, 'creators'] }, (data) =>
    data
      ? { ...data, items: data.items.map((person) => editPerson(person, address, update)) }
      : data,
  );
  queryClient.setQueriesData<InfiniteData<SearchPage>>({ queryKey: [SEARCH_ROOT] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.type === 'users'
              ? { ...page, items: page.items.map((person) => editPerson(person, address, update)) }
              : page,
          ),
        }
      : data,
  );
}
