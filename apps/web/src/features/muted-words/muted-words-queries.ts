import type { MutedWords } from '@dum/core';
import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';

export const MUTED_WORDS_PATH = '/api/users/me/muted-words';
export const MUTED_WORDS_KEY = [MUTED_WORDS_PATH] as const;

/** The reads muted words change: every feed, profile list, comment list and search. */
const READS_TO_REFRESH = [
  '/api/messages-v2/feed',
  '/api/users',
  '/api/messages',
  '/api/comments',
  '/api/search',
  '/api/discover',
];

export function useMutedWords(enabled: boolean) {
  return useQuery({
    queryKey: MUTED_WORDS_KEY,
    queryFn: ({ signal }) => apiRequest<MutedWords>(MUTED_WORDS_PATH, { signal }),
    enabled,
  });
}

/**
 * Saves the whole list (the server keeps exactly what it is sent). The screen shows the
 * server's answer; a refusal leaves the list as it was, with a toast.
 */
export function useSaveMutedWords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: MutedWords['items']) =>
      apiRequest<MutedWords>(MUTED_WORDS_PATH, { method: 'PUT', body: { items } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(MUTED_WORDS_KEY, saved);
      for (const key of READS_TO_REFRESH) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
    onError: (error) => {
      toast({ title: t`Muted words`, description: errorMessage(error), variant: 'destructive' });
    },
  });
}
