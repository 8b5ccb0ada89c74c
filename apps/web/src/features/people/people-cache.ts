import type { QueryClient } from '@tanstack/react-query';
import { FEED_ROOT } from '../post/index.ts';
import type { FollowListKind, UserProfile } from './types.ts';

/**
 * Query keys of the people slice and the pure cache edits of its optimistic updates. The first
 * key part is the API path, so the realtime client's prefix invalidation on `user_followed`
 * (['/api/users'], ['/api/follows']) reaches them. A profile's key holds the viewer because
 * `isFollowing` and `isBlocked` are the viewer's.
 */
export const USERS_ROOT = '/api/users';
export const FOLLOWS_ROOT = '/api/follows';
export const BLOCKS_ROOT = '/api/blocks';

type Viewer = string | null | undefined;

export function profileKey(address: string, viewerId: Viewer) {
  return [USERS_ROOT, address, 'profile', { viewer: viewerId ?? 'anonymous' }] as const;
}

/** Every viewer's copy of one wallet's profile. */
export function profilePrefix(address: string) {
  return [USERS_ROOT, address, 'profile'] as const;
}

export function followListKey(address: string, kind: FollowListKind) {
  return [FOLLOWS_ROOT, address, kind] as const;
}

/**
 * A wallet's posts are kept under the feed's root (with the author in the key), so the feed's
 * own edits (a like, a comment count, a deleted post) and the `new_post` refresh reach them.
 */
export function userPostsKey(address: string, viewerId: Viewer) {
  return [FEED_ROOT, { viewer: viewerId ?? 'anonymous', author: address }] as const;
}

export function followingFeedKey(viewerId: Viewer) {
  return [FEED_ROOT, { viewer: viewerId ?? 'anonymous', scope: 'following' }] as const;
}

function pageQuery(cursor: string | null, limit: number, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ ...extra, limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export function profilePath(address: string): string {
  return `${USERS_ROOT}/${encodeURIComponent(address)}`;
}

export function userPostsPath(address: string, cursor: string | null, limit: number): string {
  return `${profilePath(address)}/posts?${pageQuery(cursor, limit)}`;
}

export function followListPath(
  address: string,
  kind: FollowListKind,
  cursor: string | null,
  limit: number,
): string {
  return `${FOLLOWS_ROOT}/${encodeURIComponent(address)}/${kind}?${pageQuery(cursor, limit)}`;
}

export function followingFeedPath(cursor: string | null, limit: number): string {
  return `${FEED_ROOT}?${pageQuery(cursor, limit, { scope: 'following' })}`;
}

export function followPath(address: string): string {
  return `${FOLLOWS_ROOT}/${encodeURIComponent(address)}`;
}

export function blockPath(address: string): string {
  return `${BLOCKS_ROOT}/${encodeURIComponent(address)}`;
}

export function usernameAvailabilityPath(username: string): string {
  return `${USERS_ROOT}/username-available?${new URLSearchParams({ username }).toString()}`;
}

/** What a follow changes on a person, wherever the person is shown (a profile, a list). */
export interface FollowState {
  isFollowing?: boolean | undefined;
  followerCount: number;
}

/**
 * Edits the cached copies of one wallet's follow state that live outside this slice (Discover's
 * people lists), so a follow made there shows there at once; `update` gives the new state.
 */
export type OtherFollowCopies = (
  queryClient: QueryClient,
  address: string,
  update: (person: FollowState) => FollowState,
) => void;

/** The profile (or any person) as a follow (or unfollow) shows it before the server answers. */
export function withFollowing<T extends FollowState>(profile: T, following: boolean): T {
  if (profile.isFollowing === following) return profile;
  return {
    ...profile,
    isFollowing: following,
    followerCount: Math.max(0, profile.followerCount + (following ? 1 : -1)),
  };
}

/** Sets `update` on every cached copy of one wallet's profile (each viewer's). */
export function updateProfiles(
  queryClient: QueryClient,
  address: string,
  update: (profile: UserProfile) => UserProfile,
): void {
  queryClient.setQueriesData<UserProfile>({ queryKey: profilePrefix(address) }, (profile) =>
    profile ? update(profile) : profile,
  );
}
