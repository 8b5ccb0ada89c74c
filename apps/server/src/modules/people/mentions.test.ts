import {
  MENTION_NOTIFY_MAX,
  type CommentPageResponse,
  type FeedItem,
  type UserSuggestResponse,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { addedComment, createdPost, errorOf, setProfile, type SignedIn } from '../feed/test-kit.ts';
import { block, muteWords } from './test-kit.ts';

type MentionedEvent = Extract<BusMessage, { kind: 'event' }> & {
  event: { type: 'mentioned' };
};

describe.each(testDatabaseKinds())('mentions on %s', (kind) => {
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A wallet with a unique username (`${stem}${n}`) and display name. */
  async function person(
    stem: string,
    displayName = `${stem} person`,
  ): Promise<SignedIn & { name: string }> {
    serial += 1;
    const user = await createSignedInUser(t.ctx);
    const name = `${stem}${serial}`;
    await setProfile(t, user.user.id, { username: name, displayName, avatarUrl: '' });
    return { ...user, name };
  }

  /** The `mentioned` events published while `work` runs. */
  async function mentionedDuring(work: () => Promise<unknown>): Promise<MentionedEvent[]> {
    const seen: BusMessage[] = [];
    const unsubscribe = t.ctx.bus.subscribe((message) => seen.push(message));
    try {
      await work();
    } finally {
      unsubscribe();
    }
    return seen.filter(
      (message): message is MentionedEvent =>
        message.kind === 'event' && message.event.type === 'mentioned',
    );
  }

  it('resolves @usernames and @addresses at write time, with JS string offsets', async () => {
    const ann = await person('ann');
    const bob = await person('bob');
    const cat = await person('cat');
    const text = `👋🏽 @${bob.name.toUpperCase()}, (@${cat.user.solAddress}) and @nobody_here!`;
    const post = await createdPost(t, ann.headers, text);
    expect(post.mentions).toEqual([
      { address: bob.user.solAddress, username: bob.name, start: 5, end: 6 + bob.name.length },
      expect.objectContaining({ address: cat.user.solAddress, username: cat.name }),
    ]);
    for (const mention of post.mentions) {
      const written = text.slice(mention.start, mention.end);
      expect(written.startsWith('@')).toBe(true);
      expect([`@${bob.name.toUpperCase()}`, `@${cat.user.solAddress}`]).toContain(written);
    }
    // Read back as stored (the post page, and the feed's shared page).
    const read = await t.app.inject({ method: 'GET', url: `/api/messages-v2/messages/${post.id}` });
    expect(read.json<FeedItem>().mentions).toEqual(post.mentions);
    // A rename later does not move the mention: it names the wallet.
    await setProfile(t, bob.user.id, { username: `${bob.name}x`, displayName: 'B', avatarUrl: '' });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/messages-v2/messages/${post.id}`,
    });
    expect(again.json<FeedItem>().mentions[0]?.address).toBe(bob.user.solAddress);
  });

  it('keeps each occurrence of a repeated mention but tells the wallet once, and never the writer', async () => {
    const dan = await person('dan');
    const eve = await person('eve');
    let post: FeedItem | undefined;
    const events = await mentionedDuring(async () => {
      post = await createdPost(t, dan.headers, `@${eve.name} @${eve.name} @${dan.name}`);
    });
    expect(post?.mentions.map((m) => m.start)).toEqual([
      0,
      eve.name.length + 2,
      2 * eve.name.length + 4,
    ]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      audience: { kind: 'users', userIds: [eve.user.id] },
      event: {
        type: 'mentioned',
        data: {
          postId: post?.id,
          commentId: null,
          authorAddress: dan.user.solAddress,
          authorName: 'dan person',
        },
      },
    });
  });

  it(`tells at most ${MENTION_NOTIFY_MAX} wallets of one post`, async () => {
    const fay = await person('fay');
    const many: (SignedIn & { name: string })[] = [];
    for (let i = 0; i < MENTION_NOTIFY_MAX + 3; i += 1) many.push(await person('mm'));
    let post: FeedItem | undefined;
    const events = await mentionedDuring(async () => {
      post = await createdPost(t, fay.headers, many.map((p) => `@${p.name}`).join(' '));
    });
    expect(post?.mentions).toHaveLength(MENTION_NOTIFY_MAX + 3);
    const told = events.flatMap((e) => (e.audience.kind === 'users' ? e.audience.userIds : []));
    expect(told).toEqual(many.slice(0, MENTION_NOTIFY_MAX).map((p) => p.user.id));
  });

  it('tells nobody across a block, either way, and links the mention all the same', async () => {
    const gus = await person('gus');
    const hal = await person('hal');
    const ida = await person('ida');
    expect((await block(t, hal.headers, gus.user.solAddress)).statusCode).toBe(200);
    expect((await block(t, gus.headers, ida.user.solAddress)).statusCode).toBe(200);
    let post: FeedItem | undefined;
    const events = await mentionedDuring(async () => {
      post = await createdPost(t, gus.headers, `hi @${hal.name} and @${ida.name}`);
    });
    expect(post?.mentions).toHaveLength(2);
    expect(events).toEqual([]);
  });

  it('does not tell a wallet that mutes a word the text holds', async () => {
    const jo = await person('jo');
    const kim = await person('kim');
    await muteWords(t, kim.headers, [{ word: 'SOL' }]);
    const events = await mentionedDuring(async () => {
      await createdPost(t, jo.headers, `@${kim.name} sol is up`);
      await createdPost(t, jo.headers, `@${kim.name} solana is up`);
    });
    expect(events).toHaveLength(1);
  });

  it('resolves and tells the mentions of a comment, stored with it', async () => {
    const lea = await person('lea');
    const max = await person('max');
    const post = await createdPost(t, lea.headers, 'a post');
    let comment: Awaited<ReturnType<typeof addedComment>> | undefined;
    const events = await mentionedDuring(async () => {
      comment = await addedComment(t, lea.headers, post.id, `thanks @${max.name}.`);
    });
    const expected = [
      { address: max.user.solAddress, username: max.name, start: 7, end: 8 + max.name.length },
    ];
    expect(comment?.mentions).toEqual(expected);
    const page = await t.app.inject({ method: 'GET', url: `/api/messages/${post.id}/comments` });
    expect(page.json<CommentPageResponse>().items[0]?.mentions).toEqual(expected);
    expect(events).toHaveLength(1);
    expect(events[0]?.event.data).toMatchObject({ postId: post.id, commentId: comment?.id });
  });

  it('resolves the mentions of a direct message, as links only', async () => {
    const ned = await person('ned');
    const oli = await person('oli');
    const pam = await person('pam');
    const events = await mentionedDuring(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${oli.user.solAddress}/messages`,
        headers: ned.headers,
        payload: { body: `ask @${pam.name} and @nobody_x` },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ mentions: unknown }>().mentions).toEqual([
        { address: pam.user.solAddress, username: pam.name, start: 4, end: 5 + pam.name.length },
      ]);
    });
    // Pam is not in the conversation: she is not told.
    expect(events).toEqual([]);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${ned.user.solAddress}/messages`,
      headers: oli.headers,
    });
    expect(thread.json<{ items: { mentions: unknown[] }[] }>().items[0]?.mentions).toHaveLength(1);
  });

  describe('suggest', () => {
    async function suggest(prefix: string, headers: Record<string, string> = {}) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/suggest?prefix=${encodeURIComponent(prefix)}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<UserSuggestResponse>().items;
    }

    it('finds username and display-name prefixes, ignoring case, at most 8', async () => {
      const zed = await person('zq_', 'Quentin Zed');
      const other = await person('zq_');
      const byDisplay = await person('qqq', 'ZQ_ display');
      for (let i = 0; i < 8; i += 1) await person('zq_');
      const items = await suggest('@ZQ_');
      expect(items).toHaveLength(8);
      expect(await suggest(zed.name.toUpperCase())).toEqual([
        {
          address: zed.user.solAddress,
          username: zed.name,
          displayName: 'Quentin Zed',
          avatarUrl: '',
          isVerified: false,
        },
      ]);
      expect((await suggest('quentin')).map((i) => i.address)).toEqual([zed.user.solAddress]);
      expect((await suggest('zq_ disp')).map((i) => i.address)).toEqual([
        byDisplay.user.solAddress,
      ]);
      expect(await suggest('')).toEqual([]);
      expect(await suggest('%')).toEqual([]);
      // The viewer and wallets with a block either way are left out.
      expect((await block(t, other.headers, zed.user.solAddress)).statusCode).toBe(200);
      expect(await suggest(zed.name, other.headers)).toEqual([]);
      expect((await suggest(other.name, other.headers)).length).toBe(0);
    });

    it('answers 400 for a bad query', async () => {
      const long = await t.app.inject({
        method: 'GET',
        url: `/api/users/suggest?prefix=${'a'.repeat(65)}`,
      });
      expect(long.statusCode).toBe(400);
      expect(errorOf(long).code).toBe('validation_failed');
      const missing = await t.app.inject({ method: 'GET', url: '/api/users/suggest' });
      expect(missing.statusCode).toBe(400);
      const extra = await t.app.inject({ method: 'GET', url: '/api/users/suggest?prefix=a&x=1' });
      expect(errorOf(extra).code).toBe('unknown_query_parameter');
    });
  });
});
