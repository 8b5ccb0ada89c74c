import type { UnreadCount } from '@dum/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { useAuth } from '../auth/use-auth.ts';

/**
 * The unread messages badge of the navigation. Kept apart from the messages screens so the
 * shell loads only this. The key starts with CONVERSATIONS_ROOT, so a new_message event (which
 * refreshes every conversation query) and a conversation marked read refresh it.
 */

export const CONVERSATIONS_ROOT = '/api/conversations';

/** GET /api/conversations/unread for the signed-in viewer; 0 when signed out or unknown. */
export function useUnreadMessages(): number {
  const { isAuthenticated, user } = useAuth();
  // The viewer's id ends the key, so another wallet signing in never sees this one's count.
  const query = useQuery<UnreadCount>({
    queryKey: [CONVERSATIONS_ROOT, 'unread', user?.id ?? null],
    queryFn: ({ signal }) => apiRequest<UnreadCount>(`${CONVERSATIONS_ROOT}/unread`, { signal }),
    enabled: isAuthenticated,
  });
  return isAuthenticated ? (query.data?.unreadCount ?? 0) : 0;
}

/** An unread count as the badges show it: up to 99, then "99+". */
export function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
