import { PEOPLE_PAGE_DEFAULT } from '@dum/core';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { apiUpload } from '../../lib/api-upload.ts';
import { FEED_ROOT } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { cancelRefetches } from '../../lib/query-client.ts';
import { FEED_PAGE_SIZE } from '../post/index.ts';
import type { FeedPage, UploadResponse } from '../post/index.ts';
import {
  blockPath,
  followingFeedKey,
  followingFeedPath,
  followListKey,
  followListPath,
  followPath,
  FOLLOWS_ROOT,
  type FollowState,
  type OtherFollowCopies,
  profileKey,
  profilePath,
  profilePrefix,
  updateProfiles,
  userPostsKey,
  userPostsPath,
  usernameAvailabilityPath,
  USERS_ROOT,
  withFollowing,
} from './people-cache.ts';
import type {
  BlockResponse,
  FollowListKind,
  FollowResponse,
  UpdateProfileRequest,
  UserProfile,
  UserSummaryPage,
  UsernameAvailability,
} from './types.ts';

/** One wallet's profile as this viewer sees it (404 `user_not_found` for an unknown wallet). */
export function useProfile(address: string, viewerId: string | null, enabled = true) {
  return useQuery({
    queryKey: profileKey(address, viewerId),
    queryFn: ({ signal }) => apiRequest<UserProfile>(profilePath(address), { signal }),
    enabled: enabled && address !== '',
  });
}

/** A wallet's posts, newest first, one keyset page at a time. */
export function useUserPosts(address: string, viewerId: string | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: userPostsKey(address, viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<FeedPage>(userPostsPath(address, pageParam, FEED_PAGE_SIZE), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
  });
}

/** Posts by the wallets the viewer follows, and the viewer's own (signed in only). */
export function useFollowingFeed(viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: followingFeedKey(viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<FeedPage>(followingFeedPath(pageParam, FEED_PAGE_SIZE), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: viewerId !== null,
  });
}

/** A wallet's followers or the wallets it follows, newest first. */
export function useFollowList(address: string, kind: FollowListKind, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: followListKey(address, kind),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<UserSummaryPage>(followListPath(address, kind, pageParam, PEOPLE_PAGE_DEFAULT), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
  });
}

/** What changes when the viewer's graph does: both wallets' counts and lists, and their feed. */
function refreshGraph(queryClient: QueryClient, viewerId: string | null): void {
  void queryClient.invalidateQueries({ queryKey: [FOLLOWS_ROOT] });
  void queryClient.invalidateQueries({ queryKey: followingFeedKey(viewerId) });
  // The viewer's own record (following count) and the DUM a first follow earned.
  void queryClient.invalidateQueries({ queryKey: [USERS_ROOT] });
  for (const key of ['/api/activity/recent', '/api/emissions/platform-stats']) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
}

/**
 * Follow and unfollow, optimistic: the button and the follower count change at once, the
 * server's answer settles the count, and a failure puts back what was there with a toast.
 */
export function useFollow(
  address: string,
  name: string,
  viewerId: string | null,
  otherCopies?: OtherFollowCopies,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      apiRequest<FollowResponse>(followPath(address), { method: follow ? 'PUT' : 'DELETE' }),
    onMutate: async (follow) => {
      await cancelRefetches(queryClient, profilePrefix(address));
      const before = queryClient.getQueriesData<UserProfile>({ queryKey: profilePrefix(address) });
      updateProfiles(queryClient, address, (profile) => withFollowing(profile, follow));
      otherCopies?.(queryClient, address, (person) => withFollowing(person, follow));
      return { before };
    },
    onError: (error, follow, context) => {
      for (const [key, profile] of context?.before ?? []) queryClient.setQueryData(key, profile);
      otherCopies?.(queryClient, address, (person) => withFollowing(person, !follow));
      toast({
        title: follow ? t`Couldn’t follow ${name}` : t`Couldn’t unfollow ${name}`,
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
    onSuccess: (result) => {
      const settle = <T extends FollowState>(person: T): T => ({
        ...person,
        isFollowing: result.following,
        followerCount: result.followerCount,
      });
      updateProfiles(queryClient, address, settle);
      otherCopies?.(queryClient, address, settle);
      refreshGraph(queryClient, viewerId);
    },
  });
}

/**
 * Block and unblock. Blocking also ends follows both ways and hides the wallet's posts from the
 * viewer, so the profile, the lists and every feed are read again.
 */
export function useBlock(address: string, name: string, viewerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      apiRequest<BlockResponse>(blockPath(address), { method: block ? 'PUT' : 'DELETE' }),
    onSuccess: (result) => {
      updateProfiles(queryClient, address, (profile) =>
        result.blocked
          ? { ...withFollowing(profile, false), isBlocked: true }
          : { ...profile, isBlocked: false },
      );
      void queryClient.invalidateQueries({ queryKey: profilePrefix(address) });
      void queryClient.invalidateQueries({ queryKey: [FEED_ROOT] });
      refreshGraph(queryClient, viewerId);
      toast({
        title: result.blocked ? t`Blocked ${name}` : t`Unblocked ${name}`,
        description: result.blocked
          ? t`Their posts and comments are hidden from you, and they can’t follow you.`
          : t`You can see their posts again.`,
        variant: 'success',
      });
    },
    onError: (error, block) => {
      toast({
        title: block ? t`Couldn’t block ${name}` : t`Couldn’t unblock ${name}`,
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
}

/** PATCH /api/users/me; the caller maps refusals onto the form's fields. */
export function useUpdateProfile(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateProfileRequest) =>
      apiRequest<UserProfile>(`${USERS_ROOT}/me`, { method: 'PATCH', body: changes }),
    onSuccess: (record) => {
      updateProfiles(queryClient, address, (profile) => ({
        ...profile,
        username: record.username,
        displayName: record.displayName,
        avatarUrl: record.avatarUrl,
        bio: record.bio,
        isVerified: record.isVerified,
      }));
      // The names and pictures on posts, comments and lists, and the session's own record.
      for (const key of [USERS_ROOT, FOLLOWS_ROOT, FEED_ROOT, '/api/messages', '/api/auth/me']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
      toast({ title: t`Profile updated`, variant: 'success' });
    },
  });
}

/** Uploads a picture for the avatar, reporting the fraction sent. */
export function uploadAvatar(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  const form = new FormData();
  form.append('media', file);
  return apiUpload<UploadResponse>('/api/upload/vault-media', form, { onProgress, signal });
}

/** How long the username box waits after the last keystroke before it asks the server. */
export const USERNAME_CHECK_DELAY_MS = 400;

/** `value`, once it has not changed for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Whether a well-formed username is free for the caller (asked only when `enabled`). */
export function useUsernameAvailability(username: string, enabled: boolean) {
  return useQuery({
    queryKey: [USERS_ROOT, 'username-available', username],
    queryFn: ({ signal }) =>
      apiRequest<UsernameAvailability>(usernameAvailabilityPath(username), { signal }),
    enabled,
    staleTime: 10_000,
  });
}
