import { describe, expect, it } from 'vitest';
import { notificationFor } from './notifications.ts';

describe('a repost or a quote as a notification', () => {
  it('tells the author of a repost and of a quote of their post, each with its page', () => {
    expect(
      notificationFor({
        type: 'post_reposted',
        data: { postId: '7', reposterId: 'u', reposterName: 'Ada', reposterAddress: 'AddrA' },
      }),
    ).toEqual({
      payload: {
        kind: 'mentions',
        title: 'New repost',
        body: 'Ada reposted your post.',
        url: '/posts/7',
        tag: 'repost:7:AddrA',
      },
      recipients: { kind: 'everyone' },
    });
    expect(
      notificationFor({
        type: 'post_quoted',
        data: { postId: '7', quoteId: '12', quoterName: 'Ada', quoterAddress: 'AddrA' },
      }),
    ).toEqual({
      payload: {
        kind: 'mentions',
        title: 'New quote',
        body: 'Ada quoted your post.',
        url: '/posts/12',
        tag: 'quote:12',
      },
      recipients: { kind: 'everyone' },
    });
  });
});
