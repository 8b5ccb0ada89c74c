import {
  DM_PAGE_DEFAULT,
  type ConversationPage,
  type DirectMessage,
  type DirectMessagePage,
  type SendMessageRequest,
  type UserProfile,
  type UserSummary,
} from '@dum/core';
import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { CONVERSATIONS_ROOT } from './unread-count.ts';

/** The messages slice's calls and cache keys (docs/api.md "Messages"). */

export { CONVERSATIONS_ROOT };

// Keys end with the viewer's id: another wallet signing in never sees this one's messages.

export function conversationListKey(viewerId: string | null) {
  return [CONVERSATIONS_ROOT, 'list', viewerId] as const;
}

export function threadKey(viewerId: string | null, address: string) {
  return [CONVERSATIONS_ROOT, address, 'messages', viewerId] as const;
}

function threadPath(address: string): string {
  return `${CONVERSATIONS_ROOT}/${encodeURIComponent(address)}`;
}

function withCursor(path: string, cursor: string | null, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** GET /api/conversations, most recent first, page by page. */
export function useConversations(viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: conversationListKey(viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ConversationPage>(withCursor(CONVERSATIONS_ROOT, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: viewerId !== null,
  });
}

/** GET /api/conversations/{address}/messages: newest first, older pages by keyset cursor. */
export function useThreadMessages(viewerId: string | null, address: string) {
  return useInfiniteQuery({
    queryKey: threadKey(viewerId, address),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<DirectMessagePage>(
        withCursor(`${threadPath(address)}/messages`, pageParam, {
          limit: String(DM_PAGE_DEFAULT),
        }),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: viewerId !== null && Boolean(address),
  });
}

/** GET /api/users/{address}: the thread header's person. */
export function usePeer(address: string) {
  return useQuery<UserProfile>({ queryKey: ['/api/users', address], enabled: Boolean(address) });
}

export const SEARCH_LIMIT = 8;

/** GET /api/users/search?q=: people by username or address, for 'New message'. */
export function usePeopleSearch(query: string) {
  return useQuery<{ items: UserSummary[]; nextCursor: string | null }>({
    queryKey: ['/api/users/search', { q: query, limit: SEARCH_LIMIT }],
    enabled: query.length > 0,
    staleTime: 30_000,
  });
}

/** POST /api/conversations/{address}/messages → the stored message. */
export function postMessage(address: string, body: SendMessageRequest): Promise<DirectMessage> {
  return apiRequest<DirectMessage>(`${threadPath(address)}/messages`, { method: 'POST', body });
}

/** POST /api/conversations/{address}/read: the conversation is read up to now. */
export async function markConversationRead(address: string): Promise<void> {
  await apiRequest<unknown>(`${threadPath(address)}/read`, { method: 'POST' });
}

/** A message the server stored goes to the newest end of its thread (once). */
export function addToThread(
  queryClient: QueryClient,
  viewerId: string | null,
  address: string,
  message: DirectMessage,
) {
  queryClient.setQueryData<InfiniteData<DirectMessagePage, string | null>>(
    threadKey(viewerId, address),
    (data) => {
      if (!data) return data;
      if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) {
        return data;
      }
      const [first, ...rest] = data.pages;
      if (!first) return data;
      return { ...data, pages: [{ ...first, items: [message, ...first.items] }, ...rest] };
    },
  );
}

/** The conversation list and the unread count are read again (a message sent or read). */
export function refreshConversations(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_ROOT, 'list'] });
  void queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_ROOT, 'unread'] });
}
