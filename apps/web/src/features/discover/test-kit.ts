import type { FeedPost } from '../post/index.ts';
import type { DiscoverPerson, TopCreator } from './types.ts';

/** Test-only Discover data for the slice's component tests (jsdom). */

export function makePerson(index: number, overrides: Partial<DiscoverPerson> = {}): DiscoverPerson {
  return {
    id: `person-${index}`,
    solAddress: `Person${String(index).padStart(3, '0')}Wa11et111111111111111111111111`,
    username: `person_${index}`,
    displayName: `Person ${index}`,
    avatarUrl: null,
    isVerified: false,
    bio: null,
    followerCount: index,
    ...overrides,
  };
}

export function makeCreator(index: number, overrides: Partial<TopCreator> = {}): TopCreator {
  return { ...makePerson(index), dumEarned: `${1000 - index}000000000`, ...overrides };
}

/** A page of GET /api/search?type=users. */
export function peoplePage(items: DiscoverPerson[], nextCursor: string | null = null) {
  return { type: 'users' as const, items, nextCursor };
}

/** A page of GET /api/search?type=posts. */
export function postsPage(items: FeedPost[], nextCursor: string | null = null) {
  return { type: 'posts' as const, items, nextCursor };
}

/** A page of GET /api/discover/trending: the feed's items with their score. */
export function trendingPage(items: FeedPost[], nextCursor: string | null = null) {
  return { items: items.map((post, index) => ({ ...post, score: 100 - index })), nextCursor };
}
