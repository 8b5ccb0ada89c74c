import type { UnreadCount } from '@dum/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { useAuth } from '../auth/index.ts';

/**
 * The unread messages badge of the navigation. Kept apart from the messages screens so the
 * shell loads only this. The key starts with CONVERSATIONS_ROOT, so a new_message event (which
 * refreshes every conversation query) and a conversation marked read refresh it.
 */

export const CONVERSATIONS_ROOT = '/api/conversations';

/**
 * GET /api/conversations/unread: the inbox's unread messages and the conversations waiting in
 * Requests; zeros when not `enabled` or not known yet. The viewer's id ends the key, so another
 * wallet signing in never sees this one's counts.
 */
export function useMessageCounts(
  viewerId: string | null,
  enabled = viewerId !== null,
): UnreadCount {
  const query = useQuery<UnreadCount>({
    queryKey: [CONVERSATIONS_ROOT, 'unread', viewerId],
    queryFn: ({ signal }) => apiRequest<UnreadCount>(`${CONVERSATIONS_ROOT}/unread`, { signal }),
    enabled,
  });
  const counts = enabled ? query.data : undefined;
  return { unreadCount: counts?.unreadCount ?? 0, requestCount: counts?.requestCount ?? 0 };
}

/** The nav's badge for the signed-in viewer: unread messages in the inbox (never requests). */
export function useUnreadMessages(): number {
  const { isAuthenticated, user } = useAuth();
  return useMessageCounts(user?.id ?? null, isAuthenticated).unreadCount;
}

/** An unread count as the badges show it: up to 99, then "99+". */
export function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
