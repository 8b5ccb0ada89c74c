import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { PollInput, ReplyPolicy } from '@dum/core';
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../../lib/i18n/index.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { cancelRefetches } from '../../lib/query-client.ts';
import {
  appendComment,
  commentsKey,
  commentsPath,
  FEED_ROOT,
  feedKey,
  feedPath,
  POST_ROOT,
  postKey,
  showNewPost,
  replaceComment,
  settleEngagement,
  settleRepost,
  toggleEngagement,
  updatePostEverywhere,
  withCommentCount,
  withRepost,
} from './feed-cache.ts';
import { FEED_PAGE_SIZE } from './limits.ts';
import { SIGN_IN_REQUIRED } from '../auth/index.ts';
import type {
  CommentPage,
  CreatePostInput,
  EngageResponse,
  EngagementKind,
  FeedPage,
  FeedPost,
  PostComment,
  RepostResponse,
  UploadResponse,
} from './types.ts';

/** The feed, newest first, one keyset page at a time (`nextCursor` null at the end). */
export function useFeed(viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: feedKey(viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<FeedPage>(feedPath(pageParam, FEED_PAGE_SIZE), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** One post by id (404 once deleted or expired). */
export function usePost(postId: string, viewerId: string | null, enabled = true) {
  return useQuery({
    queryKey: postKey(postId, viewerId),
    queryFn: ({ signal }) =>
      apiRequest<FeedPost>(`${POST_ROOT}/${encodeURIComponent(postId)}`, { signal }),
    enabled,
  });
}

export function useComments(postId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: commentsKey(postId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CommentPage>(commentsPath(postId, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
  });
}

/** The viewer's referral code for share links; absent (null) until referrals exist. */
export function useReferralCode(enabled: boolean): string | null {
  const { data } = useQuery({
    queryKey: ['/api/auth/me'],
    queryFn: ({ signal }) =>
      apiRequest<{ referralCode?: string | null }>('/api/auth/me', { signal }),
    enabled,
    select: (me) => (typeof me.referralCode === 'string' ? me.referralCode : null),
  });
  return enabled ? (data ?? null) : null;
}

/** Thrown when the upload step fails, so the toast can say which step it was. */
export class MediaUploadError extends Error {
  constructor(cause: unknown) {
    super(errorMessage(cause), { cause });
    this.name = 'MediaUploadError';
  }
}

export async function uploadMedia(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('media', file);
  return apiRequest<UploadResponse>('/api/upload/vault-media', { method: 'POST', body: form });
}

export interface NewPost {
  body: string;
  attachment: File | null;
  /** The attached image's alt text (trimmed, non-empty), sent only with an image. */
  altText?: string | undefined;
  /** A vault post locking this much SOL (composer's vault mode). */
  vaultTarget?: string;
  /** A time capsule opening at this ISO time (composer's time capsule mode). */
  unlockAt?: string;
  /** Who may comment (the composer's picker); everyone when absent. */
  replyPolicy?: ReplyPolicy | undefined;
  /** A poll on a plain post (the composer's poll, checked). */
  poll?: PollInput | undefined;
  /** A quote post: the id of the post it quotes. */
  quoteOf?: string | undefined;
}

/** Uploads the attachment (if any), then creates the post and puts it at the top of the feed. */
/**
 * A post, first like or comment may have earned DUM: the wallet's balances, the platform
 * stats, the halving banner and Live Activity change at once rather than at their next poll.
 */
export function refreshEarnings(queryClient: QueryClient): void {
  for (const key of [
    '/api/users',
    '/api/emissions/platform-stats',
    '/api/emissions/stats',
    '/api/activity/recent',
    '/api/rewards/summary',
    '/api/rewards/history',
  ]) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      attachment,
      altText,
      vaultTarget,
      unlockAt,
      replyPolicy,
      poll,
      quoteOf,
    }: NewPost): Promise<FeedPost> => {
      const input: CreatePostInput =
        unlockAt !== undefined
          ? { body, kind: 'capsule', unlockAt }
          : vaultTarget === undefined
            ? { body, kind: 'public' }
            : { body, kind: 'vault', targetAmount: vaultTarget };
      if (replyPolicy !== undefined && replyPolicy !== 'everyone') input.replyPolicy = replyPolicy;
      if (poll) input.poll = poll;
      if (quoteOf) input.quoteOf = quoteOf;
      if (attachment) {
        let media: UploadResponse;
        try {
          media = await uploadMedia(attachment);
        } catch (error) {
          throw new MediaUploadError(error);
        }
        if (media.mediaType === 'image') {
          input.imageUrl = media.mediaUrl;
          if (altText) input.altText = altText;
        } else input.audioUrl = media.mediaUrl;
      }
      return apiRequest<FeedPost>(POST_ROOT, { method: 'POST', body: input });
    },
    onSuccess: async (post) => {
      await showNewPost(queryClient, post);
      refreshEarnings(queryClient);
      toast(
        post.capsule
          ? {
              title: t`Time capsule sealed`,
              description: t`It opens for everyone at the time you chose`,
              variant: 'success',
            }
          : { title: t`Posted!`, description: t`Your post is now live`, variant: 'success' },
      );
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        toast({ ...SIGN_IN_REQUIRED, variant: 'destructive' });
      } else if (error instanceof ApiError && error.code === 'vaults_disabled') {
        toast({
          title: t`Vaults disabled`,
          description: errorMessage(error),
          variant: 'destructive',
        });
      } else if (error instanceof MediaUploadError) {
        const reason = error.message;
        toast({
          title: t`Failed to upload media: ${reason}`,
          variant: 'destructive',
        });
      } else {
        toast({
          title: t`Failed to Post`,
          description: error instanceof ApiError ? errorMessage(error) : t`Something went wrong`,
          variant: 'destructive',
        });
      }
    },
  });
}

const ENGAGE_FAILED: Record<EngagementKind, MessageDescriptor> = {
  like: msg`Failed to like post`,
  bookmark: msg`Failed to bookmark post`,
};

/**
 * Like and bookmark toggles, optimistic: the card flips at once, the server's `toggled` settles
 * it, and a failure flips it back with a toast. Flipping back (rather than restoring a snapshot)
 * keeps other toggles made in the meantime.
 */
export function useEngagement(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: EngagementKind) =>
      apiRequest<EngageResponse>(`/api/messages/${encodeURIComponent(postId)}/engage`, {
        method: 'POST',
        body: { kind },
      }),
    onMutate: async (kind) => {
      await Promise.all([
        cancelRefetches(queryClient, [FEED_ROOT]),
        cancelRefetches(queryClient, [POST_ROOT, postId]),
      ]);
      updatePostEverywhere(queryClient, postId, (post) => toggleEngagement(post, kind));
    },
    onError: (error, kind) => {
      updatePostEverywhere(queryClient, postId, (post) => toggleEngagement(post, kind));
      toast({
        title: i18n._(ENGAGE_FAILED[kind]),
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
    onSuccess: (result, kind) => {
      updatePostEverywhere(queryClient, postId, (post) =>
        settleEngagement(post, kind, result.toggled === 'on'),
      );
      if (kind === 'like' && result.toggled === 'on') refreshEarnings(queryClient);
    },
    onSettled: () => {
      // A refetch that started while the toggle was on its way (a realtime event, a focus) may
      // have read the post before the server wrote it, and would land over the settled card.
      // onMutate cancelled the ones already running; fetch again in place of any later one.
      for (const queryKey of [[FEED_ROOT], [POST_ROOT, postId]]) {
        if (queryClient.isFetching({ queryKey }) > 0) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }
    },
  });
}

/**
 * Repost on or off, optimistic: the card's mark and count move at once, the server's answer
 * sets the exact count, and a failure puts the mark back with a toast.
 */
export function useRepost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      apiRequest<RepostResponse>(`/api/messages/${encodeURIComponent(postId)}/repost`, {
        method: on ? 'PUT' : 'DELETE',
      }),
    onMutate: async (on) => {
      await Promise.all([
        cancelRefetches(queryClient, [FEED_ROOT]),
        cancelRefetches(queryClient, [POST_ROOT, postId]),
      ]);
      updatePostEverywhere(queryClient, postId, (post) => withRepost(post, on));
    },
    onError: (error, on) => {
      updatePostEverywhere(queryClient, postId, (post) => withRepost(post, !on));
      toast({
        title: on ? t`Failed to repost` : t`Failed to undo repost`,
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
    onSuccess: (result, on) => {
      updatePostEverywhere(queryClient, postId, (post) => settleRepost(post, result));
      if (on) refreshEarnings(queryClient);
    },
  });
}

/** Sends a comment on a post, or with `parentId` a reply under one of its comments. */
export function sendComment(
  postId: string,
  body: { content: string; parentId?: string },
): Promise<PostComment> {
  return apiRequest<PostComment>(commentsPath(postId, null), { method: 'POST', body });
}

/** Deletes one of the viewer's comments or replies on a post. */
export function deleteComment(postId: string, commentId: string): Promise<undefined> {
  return apiRequest<undefined>(`${commentsPath(postId, null)}/${encodeURIComponent(commentId)}`, {
    method: 'DELETE',
  });
}

export interface CommentAuthor {
  id: string | null;
  wallet: string | null;
}

/** Adds a comment optimistically (with a temporary id) and bumps the post's count. */
export function useAddComment(postId: string, author: CommentAuthor) {
  const queryClient = useQueryClient();
  const key = commentsKey(postId);
  return useMutation({
    mutationFn: (content: string) => sendComment(postId, { content }),
    onMutate: async (content) => {
      await cancelRefetches(queryClient, key);
      const temporary: PostComment = {
        id: `pending-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        body: content,
        display_name: null,
        avatar_url: null,
        author_wallet: author.wallet,
        created_at: new Date().toISOString(),
        authorId: author.id,
        username: null,
        parentId: null,
        replyCount: 0,
        replyTo: null,
        mentions: [],
      };
      // Comments still loading have no list to add it to: their answer, or a fetch after the
      // comment is saved, shows it.
      const listed = queryClient.getQueryData(key) !== undefined;
      queryClient.setQueryData<InfiniteData<CommentPage>>(key, (data) =>
        appendComment(data, temporary),
      );
      updatePostEverywhere(queryClient, postId, (post) => withCommentCount(post, 1));
      return { temporaryId: listed ? temporary.id : null };
    },
    onError: (error, _content, context) => {
      if (context) {
        const { temporaryId } = context;
        if (temporaryId !== null) {
          queryClient.setQueryData<InfiniteData<CommentPage>>(key, (data) =>
            replaceComment(data, temporaryId, null),
          );
        }
        updatePostEverywhere(queryClient, postId, (post) => withCommentCount(post, -1));
      }
      toast({
        title: t`Failed to post comment`,
        // A refusal (who may reply, a block) says why; trying again would not help.
        description:
          error instanceof ApiError && error.status === 403
            ? errorMessage(error)
            : t`Please try again`,
        variant: 'destructive',
      });
    },
    onSuccess: (comment, _content, context) => {
      const { temporaryId } = context;
      if (temporaryId === null) {
        // Read the comments again, from after this one was saved. A first read still running
        // began before: TanStack Query would join it rather than cancel it, so it starts over.
        void (queryClient.getQueryData(key) === undefined
          ? queryClient.resetQueries({ queryKey: key })
          : queryClient.invalidateQueries({ queryKey: key }));
      } else {
        queryClient.setQueryData<InfiniteData<CommentPage>>(key, (data) =>
          replaceComment(data, temporaryId, comment),
        );
      }
      refreshEarnings(queryClient);
    },
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  const key = commentsKey(postId);
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(postId, commentId),
    onSuccess: (_result, commentId) => {
      // A top comment's replies go with it.
      const gone = queryClient
        .getQueryData<InfiniteData<CommentPage>>(key)
        ?.pages.flatMap((page) => page.items)
        .find((comment) => comment.id === commentId);
      queryClient.setQueryData<InfiniteData<CommentPage>>(key, (data) =>
        replaceComment(data, commentId, null),
      );
      const removed = -1 - (gone?.replyCount ?? 0);
      updatePostEverywhere(queryClient, postId, (post) => withCommentCount(post, removed));
    },
    onError: (error) => {
      toast({
        title: t`Failed to delete comment`,
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
}
