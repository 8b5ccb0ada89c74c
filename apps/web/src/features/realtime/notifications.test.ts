import { formatSol, type RealtimeEvent } from '@dum/core';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../lib/i18n/index.ts';
import {
  addNotification,
  emptyNotifications,
  markAllRead,
  notificationHref,
  queryKeysToRefresh,
  reconnectDelayMs,
  notificationText,
  toastForEvent,
} from './notifications.ts';

const support: RealtimeEvent = {
  type: 'vault_support',
  data: { vaultId: 'v9', support: { supporterId: 'u2', amount: '250000000' } },
};

describe('notification history', () => {
  it('keeps the latest 50, newest first, and counts unread', () => {
    let state = emptyNotifications;
    for (let i = 0; i < 60; i++) {
      state = addNotification(state, {
        id: String(i),
        event: support,
        text: { title: 'Vault Supported' },
        href: null,
        receivedAt: i,
      });
    }
    expect(state.items).toHaveLength(50);
    expect(state.items[0]!.id).toBe('59');
    expect(state.unread).toBe(50);
    expect(markAllRead(state).unread).toBe(0);
  });
});

describe('an item’s text', () => {
  it('is told in the language active now, not the one it came in', async () => {
    const item = {
      id: '1',
      event: {
        type: 'user_followed',
        data: { followingId: 'u1', followerName: 'vibes', followerAddress: 'Fo11ower111' },
      } satisfies RealtimeEvent,
      text: { title: 'New Follower', description: 'vibes followed you' },
      href: null,
      receivedAt: 0,
    };
    expect(notificationText(item, formatSol)).toEqual(item.text);
    await activateLocale('es');
    expect(notificationText(item, formatSol)).toEqual({
      title: 'Nuevo seguidor',
      description: 'vibes te siguió',
    });
  });
});

describe('what an event refreshes', () => {
  it('refreshes the vault, its leaderboard, the vault list and the feed on support', () => {
    expect(queryKeysToRefresh(support)).toEqual([
      ['/api/messages-v2/feed'],
      ['/api/messages-v2/messages'],
      ['/api/vaults'],
      ['/api/vaults', 'v9'],
      ['/api/vaults', 'v9', 'leaderboard'],
    ]);
    // The reader's thread only: the sender's bubbles turn Read.
    expect(
      queryKeysToRefresh({ type: 'messages_read', data: { readerId: 'r', readerAddress: 'w' } }),
    ).toEqual([['/api/conversations', 'w']]);
    expect(
      toastForEvent(
        { type: 'messages_read', data: { readerId: 'r', readerAddress: 'w' } },
        'me',
        String,
      ),
    ).toBeNull();
    // The spec's key, and every conversation query (the list, the open thread, the unread badge).
    expect(
      queryKeysToRefresh({
        type: 'new_message',
        data: { senderId: 's', tipAmount: '0', senderAddress: 'w' },
      }),
    ).toEqual([['/api/messages'], ['/api/conversations']]);
    expect(
      queryKeysToRefresh({
        type: 'user_followed',
        data: { followingId: 'a', followerName: 'b', followerAddress: 'c' },
      }),
    ).toEqual([['/api/follows'], ['/api/users']]);
  });
});

describe('event toasts', () => {
  it('does not toast a supporter about their own support', () => {
    expect(toastForEvent(support, 'u2', formatSol)).toBeNull();
    expect(toastForEvent(support, 'u1', formatSol)).toEqual({
      title: 'Vault Supported',
      description: 'Someone vaulted 0.2500 SOL',
    });
  });

  it('does not toast an author about their own post', () => {
    const post: RealtimeEvent = {
      type: 'new_post',
      data: { postId: '42', author: { id: 'u1', username: 'vibes' } },
    };
    expect(toastForEvent(post, 'u1', formatSol)).toBeNull();
    expect(toastForEvent(post, 'u2', formatSol)).toEqual({
      title: 'New Post',
      description: 'vibes just posted',
    });
  });

  it('mentions a tip only when it is above 0', () => {
    const plain = toastForEvent(
      { type: 'new_message', data: { senderId: 's', tipAmount: '0', senderAddress: 'w' } },
      'u',
      formatSol,
    );
    const tipped = toastForEvent(
      { type: 'new_message', data: { senderId: 's', tipAmount: '1000000000', senderAddress: 'w' } },
      'u',
      formatSol,
    );
    expect(plain).toEqual({ title: 'New Message', description: 'You received a message' });
    expect(tipped?.description).toBe('You received a message with a 1.0000 SOL tip');
  });
});

describe('opened mystery vaults and time capsules', () => {
  const mystery: RealtimeEvent = {
    type: 'mystery_vault_opened',
    data: { vaultId: 'm7', title: 'What is in the box', reason: 'timer' },
  };
  const capsule: RealtimeEvent = {
    type: 'time_capsule_opened',
    data: { postId: '42', authorId: 'u1', authorName: 'alice' },
  };

  it('toasts, links and refreshes each', () => {
    expect(toastForEvent(mystery, 'u2', formatSol)).toEqual({
      title: 'Mystery Vault Opened',
      description: '“What is in the box” is open: see what was inside',
    });
    expect(notificationHref(mystery)).toBe('/mystery-vaults?open=m7');
    expect(queryKeysToRefresh(mystery)).toEqual([['/api/mystery-vaults']]);
    expect(toastForEvent(capsule, 'u2', formatSol)).toEqual({
      title: 'Time Capsule Opened',
      description: 'alice’s time capsule is open',
    });
    expect(notificationHref(capsule)).toBe('/posts/42');
    expect(queryKeysToRefresh(capsule)).toEqual([
      ['/api/messages-v2/feed'],
      ['/api/time-capsules'],
    ]);
  });
});

describe('reconnect backoff', () => {
  it('grows exponentially to a 30 s ceiling with jitter in the upper half', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(0, () => 1)).toBe(1000);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(6000);
    expect(reconnectDelayMs(20, () => 1)).toBe(30_000);
  });
});

describe('where a notification leads', () => {
  it('links each event to its page', () => {
    expect(notificationHref(support)).toBe('/vaults/v9');
    expect(notificationHref({ type: 'vault_completed', data: { vaultId: '7' } })).toBe('/vaults/7');
    expect(
      notificationHref({
        type: 'new_post',
        data: { postId: '42', author: { id: 'u1', username: null } },
      }),
    ).toBe('/posts/42');
    expect(
      notificationHref({
        type: 'new_message',
        data: { senderId: 'u', tipAmount: '0', senderAddress: 'SenderWa11et1111' },
      }),
    ).toBe('/messages/SenderWa11et1111');
  });

  it("links a new follower to the follower's profile", () => {
    expect(
      notificationHref({
        type: 'user_followed',
        data: { followingId: 'u1', followerName: 'vibes', followerAddress: 'Fo11ower111' },
      }),
    ).toBe('/profile/Fo11ower111');
  });
});

describe('a reply’s notification', () => {
  const reply = (on: 'post' | 'comment') =>
    ({
      type: 'comment_reply',
      data: {
        postId: 'p1',
        commentId: 'r1',
        parentId: 'c1',
        on,
        replierName: 'Grace',
        replierAddress: 'GraceWa11et',
      },
    }) as const;

  it('says whose it answered, opens the post and refreshes its thread', () => {
    const sol = (lamports: bigint) => lamports.toString();
    expect(toastForEvent(reply('comment'), 'u1', sol)).toEqual({
      title: 'New Reply',
      description: 'Grace replied to your comment',
    });
    expect(toastForEvent(reply('post'), 'u1', sol)).toEqual({
      title: 'New Reply',
      description: 'Grace replied in your post’s comments',
    });
    expect(notificationHref(reply('post'))).toBe('/posts/p1');
    expect(queryKeysToRefresh(reply('comment'))).toEqual([
      ['/api/messages', 'p1', 'comments'],
      ['/api/comments', 'c1', 'replies'],
      ['/api/messages-v2/messages', 'p1'],
      ['/api/messages-v2/feed'],
    ]);
  });
});

describe('ended polls', () => {
  it('tells the author with the vote count, opens the post and refreshes its counts', () => {
    const ended = (totalVotes: number): RealtimeEvent => ({
      type: 'poll_ended',
      data: { postId: 'p9', totalVotes },
    });
    expect(toastForEvent(ended(3), 'u1', formatSol)).toEqual({
      title: 'Poll Ended',
      description: 'Your poll ended with 3 votes: see the results',
    });
    expect(toastForEvent(ended(1), 'u1', formatSol)?.description).toBe(
      'Your poll ended with 1 vote: see the results',
    );
    expect(notificationHref(ended(0))).toBe('/posts/p9');
    expect(queryKeysToRefresh(ended(0))).toEqual([
      ['/api/messages-v2/feed'],
      ['/api/messages-v2/messages', 'p9'],
    ]);
  });
});
