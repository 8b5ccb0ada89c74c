import {
  commentItemSchema,
  formatAddress,
  REPLIES_PAGE_MAX,
  type CommentItem,
  type CommentPageResponse,
  type FeedItem,
} from '@dum/core';
import { generateSigner } from '@dum/chain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../realtime/index.ts';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { block, followed } from '../people/test-kit.ts';
import {
  addedComment,
  countRows,
  createdPost,
  createPost,
  errorOf,
  setProfile,
  type Headers,
  type SignedIn,
} from './test-kit.ts';

describe.each(testDatabaseKinds())('replies and who may reply on %s', (kind) => {
  let t: TestApp;
  let author: SignedIn;
  let carol: SignedIn;
  let dave: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind);
    author = await createSignedInUser(t.ctx);
    carol = await createSignedInUser(t.ctx);
    dave = await createSignedInUser(t.ctx);
    await setProfile(t, carol.user.id, { username: 'carol', displayName: 'Carol', avatarUrl: '' });
    await setProfile(t, dave.user.id, { username: 'dave', displayName: 'Dave', avatarUrl: '' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function reply(
    headers: Headers,
    postId: string,
    parentId: string | null,
    content = 'a reply',
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: `/api/messages/${postId}/comments`,
      headers,
      payload: parentId === null ? { content } : { content, parentId },
    });
  }

  async function replied(
    headers: Headers,
    postId: string,
    parentId: string,
    content = 'a reply',
  ): Promise<CommentItem> {
    const res = await reply(headers, postId, parentId, content);
    if (res.statusCode !== 201) throw new Error(`reply failed: ${res.statusCode} ${res.body}`);
    return res.json<CommentItem>();
  }

  async function replies(
    commentId: string,
    query = '',
    headers: Headers = {},
  ): Promise<CommentPageResponse> {
    const res = await t.app.inject({ url: `/api/comments/${commentId}/replies${query}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json<CommentPageResponse>();
  }

  async function topComments(postId: string, headers: Headers = {}): Promise<CommentItem[]> {
    const res = await t.app.inject({ url: `/api/messages/${postId}/comments`, headers });
    expect(res.statusCode).toBe(200);
    return res.json<CommentPageResponse>().items;
  }

  async function post(postId: string): Promise<FeedItem> {
    return (await t.app.inject({ url: `/api/messages-v2/messages/${postId}` })).json<FeedItem>();
  }

  it('puts a reply under its comment: counted on both, listed by the replies call', async () => {
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, carol.headers, p.id, 'top');
    const res = await reply(dave.headers, p.id, top.id, '  agreed  ');
    expect(res.statusCode).toBe(201);
    const item = res.json<CommentItem>();
    expect(commentItemSchema.parse(item)).toEqual(item);
    expect(item).toMatchObject({
      body: 'agreed',
      parentId: top.id,
      replyCount: 0,
      replyTo: null,
      authorId: dave.user.id,
      username: 'dave',
    });
    // The post's listing holds its top comments only; the post counts every comment.
    const listed = await topComments(p.id);
    expect(listed.map((c) => [c.id, c.replyCount])).toEqual([[top.id, 1]]);
    expect((await post(p.id)).commentCount).toBe(2);
    expect(await replies(top.id)).toEqual({ items: [item], nextCursor: null });
    // A reply has no replies of its own.
    expect(await replies(item.id)).toEqual({ items: [], nextCursor: null });
  });

  it('attaches a reply to a reply to the top comment, naming whom it answers', async () => {
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, author.headers, p.id, 'top');
    const first = await replied(carol.headers, p.id, top.id, 'first');
    const second = await replied(dave.headers, p.id, first.id, 'second');
    expect(second.parentId).toBe(top.id);
    expect(second.replyTo).toEqual({ address: carol.user.solAddress, username: 'carol' });
    const page = await replies(top.id);
    expect(page.items.map((c) => [c.body, c.parentId, c.replyTo?.username ?? null])).toEqual([
      ['first', top.id, null],
      ['second', top.id, 'carol'],
    ]);
    expect((await topComments(p.id))[0]?.replyCount).toBe(2);
  });

  it('refuses a parent on another post, a missing one and a malformed one; writes nothing', async () => {
    const p = await createdPost(t, author.headers);
    const other = await createdPost(t, author.headers);
    const elsewhere = await addedComment(t, carol.headers, other.id, 'elsewhere');
    for (const parentId of [elsewhere.id, '987654321']) {
      const res = await reply(dave.headers, p.id, parentId);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('comment_not_found');
    }
    for (const parentId of ['abc', '0', '-1', '99999999999999999999']) {
      const res = await reply(dave.headers, p.id, parentId);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
    expect((await post(p.id)).commentCount).toBe(0);
    expect((await post(other.id)).commentCount).toBe(1);
    expect((await topComments(other.id))[0]?.replyCount).toBe(0);
    const missing = await t.app.inject({ url: '/api/comments/987654321/replies' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('comment_not_found');
    const bad = await t.app.inject({ url: '/api/comments/x/replies' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps replyCount exact under concurrent replies and deletions', async () => {
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, author.headers, p.id, 'top');
    const first = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        replied(i % 2 ? carol.headers : dave.headers, p.id, top.id, `r${i}`),
      ),
    );
    await Promise.all([
      ...first
        .filter((c) => c.authorId === carol.user.id)
        .map((c) =>
          t.app.inject({
            method: 'DELETE',
            url: `/api/messages/${p.id}/comments/${c.id}`,
            headers: carol.headers,
          }),
        ),
      ...Array.from({ length: 6 }, (_, i) => reply(dave.headers, p.id, top.id, `m${i}`)),
    ]);
    const rows = await countRows(t, 'select count(*) as n from comments where parent_id = $1', [
      top.id,
    ]);
    expect(rows).toBe(11);
    expect((await topComments(p.id))[0]?.replyCount).toBe(rows);
    expect((await post(p.id)).commentCount).toBe(rows + 1);
  });

  it('takes a deleted reply off its comment, and a deleted comment’s replies off the post', async () => {
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, carol.headers, p.id, 'top');
    const kept = await addedComment(t, dave.headers, p.id, 'kept');
    const r1 = await replied(dave.headers, p.id, top.id, 'r1');
    await replied(author.headers, p.id, r1.id, 'r2');
    await replied(dave.headers, p.id, kept.id, 'r3');
    expect((await post(p.id)).commentCount).toBe(5);
    const del = (id: string, headers: Headers) =>
      t.app.inject({ method: 'DELETE', url: `/api/messages/${p.id}/comments/${id}`, headers });
    expect((await del(r1.id, dave.headers)).statusCode).toBe(200);
    expect((await topComments(p.id)).map((c) => c.replyCount)).toEqual([1, 1]);
    expect((await post(p.id)).commentCount).toBe(4);
    expect((await del(top.id, carol.headers)).statusCode).toBe(200);
    expect((await topComments(p.id)).map((c) => [c.body, c.replyCount])).toEqual([['kept', 1]]);
    expect((await post(p.id)).commentCount).toBe(2);
    const gone = await t.app.inject({ url: `/api/comments/${top.id}/replies` });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a reply across a block either way, and hides blocked wallets’ replies', async () => {
    const erin = await createSignedInUser(t.ctx);
    const frank = await createSignedInUser(t.ctx);
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, erin.headers, p.id, 'erin says');
    const fromFrank = await replied(frank.headers, p.id, top.id, 'frank answers');
    // Erin blocks Frank: Frank can no longer answer Erin (nor Erin Frank).
    expect((await block(t, erin.headers, frank.user.solAddress)).statusCode).toBe(200);
    const refused = await reply(frank.headers, p.id, top.id);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('blocked');
    const back = await reply(erin.headers, p.id, fromFrank.id);
    expect(back.statusCode).toBe(403);
    expect(errorOf(back).code).toBe('blocked');
    // Nor into Erin's thread through someone else's reply.
    const fromDave = await replied(dave.headers, p.id, top.id, 'dave answers');
    const around = await reply(frank.headers, p.id, fromDave.id);
    expect(around.statusCode).toBe(403);
    expect(errorOf(around).code).toBe('blocked');
    // The blocker does not see the blocked wallet's replies; others do.
    expect((await replies(top.id, '', erin.headers)).items.map((c) => c.id)).toEqual([fromDave.id]);
    expect((await replies(top.id)).items.map((c) => c.id)).toEqual([fromFrank.id, fromDave.id]);
    // A reply to someone else is still refused when the post's author blocked the replier.
    expect((await block(t, author.headers, dave.user.solAddress)).statusCode).toBe(200);
    const byDave = await reply(dave.headers, p.id, top.id);
    expect(byDave.statusCode).toBe(403);
    expect(errorOf(byDave).code).toBe('blocked');
    expect((await block(t, author.headers, dave.user.solAddress, false)).statusCode).toBe(200);
    expect((await topComments(p.id))[0]?.replyCount).toBe(2);
    expect((await post(p.id)).commentCount).toBe(3);
  });

  it('leaves out the replies with a muted word, as comments, but not the viewer’s own', async () => {
    const mona = await createSignedInUser(t.ctx);
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, carol.headers, p.id, 'top');
    const spoiler = await replied(dave.headers, p.id, top.id, 'The butler did it');
    const fine = await replied(dave.headers, p.id, top.id, 'no spoilers here');
    const own = await replied(mona.headers, p.id, top.id, 'was it the butler?');
    const muted = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/muted-words',
      headers: mona.headers,
      payload: { items: [{ word: 'butler' }] },
    });
    expect(muted.statusCode).toBe(200);
    expect((await replies(top.id, '', mona.headers)).items.map((c) => c.id)).toEqual([
      fine.id,
      own.id,
    ]);
    expect((await replies(top.id)).items.map((c) => c.id)).toEqual([spoiler.id, fine.id, own.id]);
  });

  it('answers 404 for the replies of a comment on a post that is gone', async () => {
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, carol.headers, p.id, 'top');
    await replied(dave.headers, p.id, top.id);
    await t.ctx.database.pool.query(`update messages set expires_at = $2 where id = $1`, [
      p.id,
      new Date(t.clock.now().getTime() - 1000),
    ]);
    const res = await t.app.inject({ url: `/api/comments/${top.id}/replies` });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('post_not_found');
    const late = await reply(dave.headers, p.id, top.id);
    expect(late.statusCode).toBe(404);
    expect(errorOf(late).code).toBe('post_not_found');
  });

  it('pages replies oldest first; refuses a bad cursor and limit; cuts a large limit', async () => {
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, carol.headers, p.id, 'top');
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      if (i % 2 === 0) t.clock.advance(1000);
      made.push((await replied(dave.headers, p.id, top.id, `r${i}`)).body);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await replies(top.id, query);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c) => c.body));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made);
    const badCursor = await t.app.inject({ url: `/api/comments/${top.id}/replies?cursor=abc` });
    expect(badCursor.statusCode).toBe(400);
    expect(errorOf(badCursor).code).toBe('invalid_cursor');
    const zero = await t.app.inject({ url: `/api/comments/${top.id}/replies?limit=0` });
    expect(zero.statusCode).toBe(400);
    expect(errorOf(zero).code).toBe('validation_failed');
    expect((await replies(top.id, `?limit=${REPLIES_PAGE_MAX * 10}`)).items).toHaveLength(5);
  });

  it('tells the post’s author and the answered comment’s author, never the replier nor one muting it', async () => {
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, carol.headers, p.id, 'top');
    const seen: BusMessage[] = [];
    const unsubscribe = t.ctx.bus.subscribe((message) => seen.push(message));
    const first = await replied(dave.headers, p.id, top.id);
    const own = await replied(author.headers, p.id, first.id);
    // Carol (the top comment's author) and the post's author mute a word: that reply tells nobody.
    for (const who of [carol, author]) {
      const muted = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/muted-words',
        headers: who.headers,
        payload: { items: [{ word: 'spoiler' }] },
      });
      expect(muted.statusCode).toBe(200);
    }
    await replied(dave.headers, p.id, top.id, 'a spoiler');
    unsubscribe();
    for (const who of [carol, author]) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/muted-words',
        headers: who.headers,
        payload: { items: [] },
      });
    }
    const events = seen.flatMap((message) =>
      message.kind === 'event' && message.event.type === 'comment_reply'
        ? [{ audience: message.audience, data: message.event.data }]
        : [],
    );
    const base = { postId: p.id, parentId: top.id };
    expect(events).toEqual([
      {
        audience: { kind: 'users', userIds: [carol.user.id] },
        data: {
          ...base,
          commentId: first.id,
          on: 'comment',
          replierName: 'Dave',
          replierAddress: dave.user.solAddress,
        },
      },
      {
        audience: { kind: 'users', userIds: [author.user.id] },
        data: {
          ...base,
          commentId: first.id,
          on: 'post',
          replierName: 'Dave',
          replierAddress: dave.user.solAddress,
        },
      },
      {
        // The author answered Dave on their own post: Dave alone is told.
        audience: { kind: 'users', userIds: [dave.user.id] },
        data: {
          ...base,
          commentId: own.id,
          on: 'comment',
          replierName: formatAddress(author.user.solAddress),
          replierAddress: author.user.solAddress,
        },
      },
    ]);
  });

  it('tells a mentioned wallet it replies to once, of the reply; others of the mention', async () => {
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, carol.headers, p.id, 'top');
    const seen: BusMessage[] = [];
    const unsubscribe = t.ctx.bus.subscribe((message) => seen.push(message));
    await replied(dave.headers, p.id, top.id, '@carol agreed, and so would @dave');
    const erin = await createSignedInUser(t.ctx);
    await setProfile(t, erin.user.id, { username: 'erin', displayName: 'Erin', avatarUrl: '' });
    await replied(dave.headers, p.id, top.id, '@carol what does @erin say?');
    unsubscribe();
    const told = seen.flatMap((message) =>
      message.kind === 'event' && message.audience.kind === 'users'
        ? message.audience.userIds.map((id) => `${message.event.type} ${id}`)
        : [],
    );
    expect(told.filter((line) => line.endsWith(carol.user.id))).toEqual([
      `comment_reply ${carol.user.id}`,
      `comment_reply ${carol.user.id}`,
    ]);
    expect(told).toContain(`mentioned ${erin.user.id}`);
  });

  it('rewards a reply to someone else’s comment under the pair cap, not one to your own', async () => {
    const gus = await createSignedInUser(t.ctx);
    const hal = await createSignedInUser(t.ctx);
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, gus.headers, p.id, 'top');
    const own = await replied(gus.headers, p.id, top.id, 'me again');
    const theirs: CommentItem[] = [];
    for (let i = 0; i < 4; i += 1) theirs.push(await replied(hal.headers, p.id, top.id, `h${i}`));
    const ledger = await t.ctx.database.pool.query<{
      reference: string;
      subject_id: string;
      paid: boolean;
    }>(
      `select reference, subject_id, event_index is not null as paid from emission_ledger
       where kind = 'reply_created' and reference = any($1) order by id`,
      [[own.id, ...theirs.map((c) => c.id)]],
    );
    // Three a day for one pair (PAIR_DAILY_REWARD_CAP); the fourth is recorded, unpaid.
    expect(ledger.rows).toEqual(
      theirs.map((c, i) => ({ reference: c.id, subject_id: gus.user.id, paid: i < 3 })),
    );
  });

  describe('who may reply', () => {
    async function postWith(policy: string): Promise<FeedItem> {
      const res = await createPost(t, author.headers, {
        body: 'who may reply?',
        kind: 'public',
        replyPolicy: policy,
      });
      expect(res.statusCode).toBe(201);
      return res.json<FeedItem>();
    }

    async function allowed(headers: Headers, postId: string, parentId: string | null) {
      const res = await reply(headers, postId, parentId);
      return res.statusCode === 201 ? 'yes' : errorOf(res).code;
    }

    it('shows the policy on the post, everyone by default, and refuses an unknown one', async () => {
      expect((await createdPost(t, author.headers)).replyPolicy).toBe('everyone');
      const p = await postWith('following');
      expect(p.replyPolicy).toBe('following');
      expect((await post(p.id)).replyPolicy).toBe('following');
      const bad = await createPost(t, author.headers, {
        body: 'x',
        kind: 'public',
        replyPolicy: 'nobody',
      });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).code).toBe('validation_failed');
    });

    it('everyone: anyone may comment and reply', async () => {
      const p = await postWith('everyone');
      expect(await allowed(carol.headers, p.id, null)).toBe('yes');
    });

    it('following: the wallets the author follows, and the author', async () => {
      const ivy = await createSignedInUser(t.ctx);
      const jay = await createSignedInUser(t.ctx);
      await followed(t, author.headers, ivy.user.solAddress);
      // Jay follows the author, which is not the same.
      await followed(t, jay.headers, author.user.solAddress);
      const p = await postWith('following');
      expect(await allowed(ivy.headers, p.id, null)).toBe('yes');
      const top = (await topComments(p.id))[0];
      expect(await allowed(jay.headers, p.id, null)).toBe('reply_not_allowed');
      expect(await allowed(jay.headers, p.id, top?.id ?? null)).toBe('reply_not_allowed');
      expect(await allowed(author.headers, p.id, null)).toBe('yes');
      expect(await allowed(author.headers, p.id, top?.id ?? null)).toBe('yes');
      const refused = await reply(jay.headers, p.id, null);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: {
          code: 'reply_not_allowed',
          message: 'The author limited who can reply to this post.',
        },
      });
      expect((await post(p.id)).commentCount).toBe(3);
    });

    it('mentioned: the wallets the post mentions, and the author', async () => {
      const kim = await createSignedInUser(t.ctx);
      const lee = await createSignedInUser(t.ctx);
      const p = await postWith('mentioned');
      await t.ctx.database.pool.query(`update messages set mentions = $2::jsonb where id = $1`, [
        p.id,
        JSON.stringify([{ address: kim.user.solAddress, username: null, start: 0, end: 5 }]),
      ]);
      expect(await allowed(kim.headers, p.id, null)).toBe('yes');
      const top = (await topComments(p.id))[0];
      expect(await allowed(lee.headers, p.id, null)).toBe('reply_not_allowed');
      expect(await allowed(lee.headers, p.id, top?.id ?? null)).toBe('reply_not_allowed');
      expect(await allowed(author.headers, p.id, top?.id ?? null)).toBe('yes');
      expect(await allowed(kim.headers, p.id, top?.id ?? null)).toBe('yes');
      // A post that mentions nobody: its author alone.
      const quiet = await postWith('mentioned');
      expect(await allowed(kim.headers, quiet.id, null)).toBe('reply_not_allowed');
      expect(await allowed(author.headers, quiet.id, null)).toBe('yes');
    });
  });
});

describe.each(testDatabaseKinds())('a moderator removing comments with replies on %s', (kind) => {
  const moderatorAddress = generateSigner().address;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { MODERATOR_WALLETS: moderatorAddress });
  });
  afterAll(async () => {
    await t.close();
  });

  async function removeByModerator(reporter: SignedIn, mod: SignedIn, commentId: string) {
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: reporter.headers,
      payload: { targetKind: 'comment', targetId: commentId, reason: 'spam' },
    });
    expect(filed.statusCode).toBe(201);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/reports/${filed.json<{ id: string }>().id}/decision`,
      headers: mod.headers,
      payload: { action: 'remove', reason: 'Spam' },
    });
    expect(decided.statusCode).toBe(200);
  }

  it('keeps the post’s comment count and the top comment’s reply count exact', async () => {
    const mod = await createSignedInUser(t.ctx, moderatorAddress);
    const author = await createSignedInUser(t.ctx);
    const other = await createSignedInUser(t.ctx);
    const p = await createdPost(t, author.headers);
    const top = await addedComment(t, other.headers, p.id, 'top');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${p.id}/comments`,
      headers: author.headers,
      payload: { content: 'r', parentId: top.id },
    });
    const r1 = res.json<CommentItem>();
    for (const content of ['r2', 'r3']) {
      await t.app.inject({
        method: 'POST',
        url: `/api/messages/${p.id}/comments`,
        headers: other.headers,
        payload: { content, parentId: top.id },
      });
    }
    const counts = async () => {
      const post = await t.app.inject({ url: `/api/messages-v2/messages/${p.id}` });
      const list = await t.app.inject({ url: `/api/messages/${p.id}/comments` });
      return [
        post.json<FeedItem>().commentCount,
        list.json<CommentPageResponse>().items.map((c) => c.replyCount),
      ];
    };
    expect(await counts()).toEqual([4, [3]]);
    await removeByModerator(other, mod, r1.id);
    expect(await counts()).toEqual([3, [2]]);
    await removeByModerator(author, mod, top.id);
    expect(await counts()).toEqual([0, []]);
  });
});
