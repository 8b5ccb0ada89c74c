import type { Conversation, ConversationFolder, DirectMessage, UserSummary } from '@dum/core';
import { Route, Routes, useParams } from 'react-router';
import { json, mockApi } from '../post/test-kit.tsx';
import type { Viewer } from '../auth/index.ts';
import { MessagesScreen } from './messages-screen.tsx';

/** Test-only data and a routed screen for the messages' component tests (jsdom). */

export const ME = { id: 'me', wallet: 'MeWa11et11111111111111111111111111111111111' };
export const ADA = 'AdaWa11et1111111111111111111111111111111111';
export const GRACE = 'GraceWa11et11111111111111111111111111111111';

export function person(address: string, overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: `id-${address.slice(0, 5)}`,
    avatarUrl: null,
    displayName: null,
    username: null,
    isVerified: false,
    solAddress: address,
    ...overrides,
  };
}

let sequence = 0;

export function dm(overrides: Partial<DirectMessage> = {}): DirectMessage {
  sequence += 1;
  return {
    id: `m${sequence}`,
    senderId: 'id-AdaWa',
    recipientId: ME.id,
    body: 'gm',
    imageUrl: null,
    audioUrl: null,
    tip: null,
    createdAt: new Date().toISOString(),
    readAt: null,
    mentions: [],
    ...overrides,
  };
}

export function conversation(
  peer: UserSummary,
  lastMessage: DirectMessage,
  unreadCount = 0,
): Conversation {
  return { peer, lastMessage, unreadCount, updatedAt: lastMessage.createdAt };
}

/** The page's two routes, with the viewer given. */
export function MessagesRoutes({ viewer }: { viewer: Viewer }) {
  return (
    <Routes>
      <Route path="/messages" element={<MessagesScreen address={null} viewer={viewer} />} />
      <Route path="/messages/:walletAddress" element={<ThreadRoute viewer={viewer} />} />
    </Routes>
  );
}

function ThreadRoute({ viewer }: { viewer: Viewer }) {
  const { walletAddress = '' } = useParams();
  return <MessagesScreen address={walletAddress} viewer={viewer} />;
}

/**
 * mockApi with what every signed-in messages screen asks besides its own subject: the counts
 * (no requests), an empty Requests list, and Ada's and Grace's conversations in the inbox.
 * `routes` replace any of them.
 */
export function messagesApi(
  routes: Parameters<typeof mockApi>[0],
  { folder = 'inbox' }: { folder?: ConversationFolder | null } = {},
) {
  return mockApi({
    'GET /api/conversations/unread': () => json({ unreadCount: 0, requestCount: 0 }),
    'GET /api/conversations/requests': () => json({ items: [], nextCursor: null }),
    [`GET /api/conversations/${ADA}`]: () => json({ folder }),
    [`GET /api/conversations/${GRACE}`]: () => json({ folder }),
    ...routes,
  });
}
