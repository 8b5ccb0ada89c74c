import type { CapsuleScope } from '@dum/core';
import { t } from '@lingui/core/macro';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest, ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { FEED_ROOT, POST_ROOT } from '../post/index.ts';
import type { FeedPage } from '../post/index.ts';

/** The capsules' lists and 'Notify me' (docs/api.md "Time capsules"). */
export const CAPSULES_ROOT = '/api/time-capsules';

export interface CapsuleNotifyResponse {
  notifying: boolean;
  waitingCount: number;
}

export function capsulesKey(scope: CapsuleScope, viewerId: string | null) {
  return [CAPSULES_ROOT, { scope, viewerId }] as const;
}

/** One tab of /time-capsules, a page at a time. */
export function useCapsulePage(scope: CapsuleScope, viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: capsulesKey(scope, viewerId),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ scope });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<FeedPage>(`${CAPSULES_ROOT}?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: scope !== 'mine' || viewerId !== null,
  });
}

/**
 * 'Notify me' on or off. The card shows the answer at once (the caller keeps it); the lists
 * that hold the capsule read it again.
 */
export function useCapsuleNotify(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      apiRequest<CapsuleNotifyResponse>(`${CAPSULES_ROOT}/${encodeURIComponent(postId)}/notify`, {
        method: on ? 'POST' : 'DELETE',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [FEED_ROOT] });
      void queryClient.invalidateQueries({ queryKey: [POST_ROOT, postId] });
      void queryClient.invalidateQueries({ queryKey: [CAPSULES_ROOT] });
    },
    onError: (error) => {
      toast({
        title: t`Couldn’t update Notify me`,
        description: error instanceof ApiError ? errorMessage(error) : t`Please try again.`,
        variant: 'destructive',
      });
    },
  });
}
