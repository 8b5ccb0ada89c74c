import type { PollVoteResponse } from '@dum/core';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { FEED_ROOT, POST_ROOT, refreshEarnings, updatePostEverywhere } from '../post/index.ts';
import { SIGN_IN_REQUIRED } from '../auth/index.ts';

/**
 * The viewer's vote: the server's answer (the poll with its counts) replaces the poll in every
 * cached copy of the post. A vote the server already has, or one too late, reads the post again
 * so the card shows what is true.
 */
export function usePollVote(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (option: number) =>
      apiRequest<PollVoteResponse>(`/api/messages/${encodeURIComponent(postId)}/poll/vote`, {
        method: 'POST',
        body: { option },
      }),
    onSuccess: ({ poll }) => {
      updatePostEverywhere(queryClient, postId, (post) => ({ ...post, poll }));
      // A vote on someone else's poll may have earned DUM.
      refreshEarnings(queryClient);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        toast({ ...SIGN_IN_REQUIRED, variant: 'destructive' });
        return;
      }
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: [FEED_ROOT] });
        void queryClient.invalidateQueries({ queryKey: [POST_ROOT, postId] });
      }
      toast({
        title: t`Vote not counted`,
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
}
