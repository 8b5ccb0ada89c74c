import {
  DM_PAGE_DEFAULT,
  type ConversationPage,
  type ConversationState,
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

/** The lists the messages screen shows: the inbox, or the requests waiting to be accepted. */
export type ListFolder = 'inbox' | 'requests';

/** The folder a /messages URL shows: `?folder=requests`, else the inbox. */
export function listFolderOf(params: URLSearchParams): ListFolder {
  return params.get('folder') === 'requests' ? 'requests' : 'inbox';
}

/** The list page (`address` null) or a thread, in the given folder's list. */
export function messagesPath(folder: ListFolder, address: string | null = null): string {
  const path = address ? `/messages/${encodeURIComponent(address)}` : '/messages';
  return folder === 'requests' ? `${path}?folder=requests` : path;
}

export function conversationListKey(viewerId: string | null, folder: ListFolder = 'inbox') {
  return [CONVERSATIONS_ROOT, 'list', folder, viewerId] as const;
}

/** The viewer's folder for one conversation (GET /api/conversations/{address}). */
export function conversationFolderKey(viewerId: string | null, address: string) {
  return [CONVERSATIONS_ROOT, 'folder', address, viewerId] as const;
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

/** GET /api/conversations (the inbox) or .../requests, most recent first, page by page. */
export function useConversations(viewerId: string | null, folder: ListFolder = 'inbox') {
  const path = folder === 'requests' ? `${CONVERSATIONS_ROOT}/requests` : CONVERSATIONS_ROOT;
  return useInfiniteQuery({
    queryKey: conversationListKey(viewerId, folder),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ConversationPage>(withCursor(path, pageParam), { signal }),
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

/** GET /api/conversations/{address}: where the viewer keeps this conversation. */
export function useConversationFolder(viewerId: string | null, address: string) {
  return useQuery({
    queryKey: conversationFolderKey(viewerId, address),
    queryFn: ({ signal }) => apiRequest<ConversationState>(threadPath(address), { signal }),
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

/** POST /api/conversations/{address}/accept or .../decline → the conversation's new folder. */
export function answerRequest(
  address: string,
  answer: 'accept' | 'decline',
): Promise<ConversationState> {
  return apiRequest<ConversationState>(`${threadPath(address)}/${answer}`, { method: 'POST' });
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

/**
 * The lists, the counts and the conversations' folders are read again (a message sent or read,
 * a request answered: a reply accepts a request too).
 */
export function refreshConversations(queryClient: QueryClient): void {
  for (const part of ['list', 'unread', 'folder']) {
    void queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_ROOT, part] });
  }
}
