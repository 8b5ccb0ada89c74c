import type { RealtimeEvent } from '@dum/core';
import { describe, expect, it } from 'vitest';
import { notificationFor } from './notifications.ts';

describe('what an event says as a notification', () => {
  it('names a message, a tip, a follower, a vault and a capsule, each with its page', () => {
    expect(
      notificationFor({
        type: 'new_message',
        data: { senderId: 's', tipAmount: '0', senderAddress: 'Addr1' },
      })?.payload,
    ).toEqual({
      kind: 'messages',
      title: 'New message',
      body: 'Someone sent you a message.',
      url: '/messages/Addr1',
      tag: 'message:Addr1',
    });
    expect(
      notificationFor({
        type: 'new_message',
        data: { senderId: 's', tipAmount: '1234500000', senderAddress: 'Addr1' },
      })?.payload.title,
    ).toBe('You were tipped 1.2345 SOL');
    const support = notificationFor({
      type: 'vault_support',
      data: { vaultId: '7', support: { supporterId: 'u2', amount: '2000000000' } },
    });
    expect(support?.payload).toMatchObject({ kind: 'vaults', url: '/vaults/7' });
    expect(support?.payload.body).toBe('Someone locked 2 SOL in your vault.');
    expect(support?.recipients).toEqual({ kind: 'vault_creator', vaultId: '7', except: 'u2' });
    expect(notificationFor({ type: 'vault_completed', data: { vaultId: '7' } })?.payload.kind).toBe(
      'vaults',
    );
    expect(
      notificationFor({
        type: 'mystery_vault_opened',
        data: { vaultId: '3', title: 'Box', reason: 'timer' },
      })?.payload,
    ).toMatchObject({ kind: 'vaults', url: '/mystery-vaults' });
    expect(
      notificationFor({
        type: 'user_followed',
        data: { followingId: 'x', followerName: 'Ada', followerAddress: 'AddrF' },
      })?.payload,
    ).toMatchObject({ kind: 'followers', body: 'Ada followed you.', url: '/profile/AddrF' });
  });

  it('tells of a reply as mentions-and-replies news, by whose comment or post it answered', () => {
    const data = {
      postId: '7',
      commentId: '9',
      parentId: '8',
      replierName: 'Ada',
      replierAddress: 'AddrA',
    };
    const onComment = notificationFor({ type: 'comment_reply', data: { ...data, on: 'comment' } });
    expect(onComment).toEqual({
      payload: {
        kind: 'mentions',
        title: 'New reply',
        body: 'Ada replied to your comment.',
        url: '/posts/7',
        tag: 'reply:9',
      },
      recipients: { kind: 'everyone' },
    });
    expect(
      notificationFor({ type: 'comment_reply', data: { ...data, on: 'post' } })?.payload.body,
    ).toBe("Ada replied in your post's comments.");
  });

  it("tells a poll's author it ended, as 'Mentions and replies' news", () => {
    expect(notificationFor({ type: 'poll_ended', data: { postId: '7', totalVotes: 3 } })).toEqual({
      payload: {
        kind: 'mentions',
        title: 'Your poll ended',
        body: '3 votes. See the results.',
        url: '/posts/7',
        tag: 'poll:7',
      },
      recipients: { kind: 'everyone' },
    });
    expect(
      notificationFor({ type: 'poll_ended', data: { postId: '7', totalVotes: 1 } })?.payload.body,
    ).toBe('1 vote. See the results.');
  });

  it('says each in Spanish, with its numbers written the Spanish way, and the same page', () => {
    const events: RealtimeEvent[] = [
      { type: 'new_message', data: { senderId: 's', tipAmount: '0', senderAddress: 'A' } },
      {
        type: 'vault_support',
        data: { vaultId: '7', support: { supporterId: 'u', amount: '1500000000' } },
      },
      {
        type: 'user_followed',
        data: { followingId: 'x', followerName: 'Ada', followerAddress: 'F' },
      },
      { type: 'poll_ended', data: { postId: '7', totalVotes: 1234 } },
      { type: 'vault_completed', data: { vaultId: '7' } },
      { type: 'mystery_vault_opened', data: { vaultId: '3', title: 'Box', reason: 'timer' } },
    ];
    for (const event of events) {
      const english = notificationFor(event, 'en')?.payload;
      const spanish = notificationFor(event, 'es')?.payload;
      expect(spanish?.title, event.type).not.toBe(english?.title);
      expect(spanish?.body, event.type).not.toBe(english?.body);
      expect({ ...spanish, title: '', body: '' }).toEqual({ ...english, title: '', body: '' });
    }
    expect(notificationFor(events[1]!, 'es')?.payload.body).toBe(
      'Alguien bloqueó 1,5 SOL en tu bóveda.',
    );
    expect(notificationFor(events[3]!, 'es')?.payload.body).toBe(
      '1234 votos. Mira los resultados.',
    );
  });

  it('says nothing of events that are no news to someone away', () => {
    expect(
      notificationFor({
        type: 'new_post',
        data: { postId: '1', author: { id: 'a', username: null } },
      }),
    ).toBeNull();
    expect(
      notificationFor({ type: 'messages_read', data: { readerId: 'r', readerAddress: 'A' } }),
    ).toBeNull();
    expect(
      notificationFor({
        type: 'activity',
        data: { id: '1', type: 'x', message: 'm', created_at: '2026-01-01T00:00:00Z' },
      }),
    ).toBeNull();
  });
});
