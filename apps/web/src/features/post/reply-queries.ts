import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { REPLIES_PAGE_DEFAULT } from '@dum/core';
import { t } from '@lingui/core/macro';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import {
  appendComment,
  commentsKey,
  replaceComment,
  updatePostEverywhere,
  withCommentCount,
} from './feed-cache.ts';
import { deleteComment, refreshEarnings, sendComment } from './feed-queries.ts';
import type { CommentPage } from './types.ts';

/**
 * A comment's replies (docs/api.md "Replies"): the thread under a top comment, its own query
 * (the realtime client refreshes it on a `comment_reply` by this key's prefix).
 */
export const REPLIES_ROOT = '/api/comments';

export function repliesKey(commentId: string) {
  return [REPLIES_ROOT, commentId, 'replies'] as const;
}

export function repliesPath(commentId: string, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(REPLIES_PAGE_DEFAULT) });
  if (cursor) params.set('cursor', cursor);
  return `${REPLIES_ROOT}/${encodeURIComponent(commentId)}/replies?${params.toString()}`;
}

/** A top comment's replies, oldest first, loaded when its thread is opened. */
export function useReplies(commentId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: repliesKey(commentId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CommentPage>(repliesPath(commentId, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
  });
}

/** Moves a top comment's reply count in the post's cached comments. */
function moveReplyCount(queryClient: QueryClient, postId: string, topId: string, delta: number) {
  queryClient.setQueryData<InfiniteData<CommentPage>>(commentsKey(postId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              item.id === topId
                ? { ...item, replyCount: Math.max(0, item.replyCount + delta) }
                : item,
            ),
          })),
        }
      : data,
  );
}

export interface NewReply {
  /** The comment answered: a top comment or a reply (the server files it under the top one). */
  parentId: string;
  content: string;
}

/**
 * Sends a reply; once the server has it, it joins its thread and the counts move. A refusal
 * (who may reply, a block) is a toast with the server's words.
 */
export function useAddReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ parentId, content }: NewReply) => sendComment(postId, { content, parentId }),
    onSuccess: (reply) => {
      const topId = reply.parentId;
      if (topId === null) return;
      queryClient.setQueryData<InfiniteData<CommentPage>>(repliesKey(topId), (data) =>
        appendComment(data, reply),
      );
      moveReplyCount(queryClient, postId, topId, 1);
      updatePostEverywhere(queryClient, postId, (post) => withCommentCount(post, 1));
      refreshEarnings(queryClient);
    },
    onError: (error) => {
      toast({
        title: t`Failed to post reply`,
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
}

/** Deletes one of the viewer's replies: it leaves its thread and both counts. */
export function useDeleteReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: { id: string; parentId: string }) => deleteComment(postId, reply.id),
    onSuccess: (_result, reply) => {
      queryClient.setQueryData<InfiniteData<CommentPage>>(repliesKey(reply.parentId), (data) =>
        replaceComment(data, reply.id, null),
      );
      moveReplyCount(queryClient, postId, reply.parentId, -1);
      updatePostEverywhere(queryClient, postId, (post) => withCommentCount(post, -1));
    },
    onError: (error) => {
      toast({
        title: t`Failed to delete reply`,
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
}
