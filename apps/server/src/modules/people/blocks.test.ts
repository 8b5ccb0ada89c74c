import type { CommentPageResponse, FeedPageResponse } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import {
  addComment,
  addedComment,
  countRows,
  createPost,
  createdPost,
  engage,
  errorOf,
  feedPage,
  type SignedIn,
} from '../feed/test-kit.ts';
import { block, follow, followed, profile } from './test-kit.ts';

describe.each(testDatabaseKinds())('blocks on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function newUser(): Promise<SignedIn> {
    return createSignedInUser(t.ctx);
  }

  async function page(url: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return res.json<FeedPageResponse>();
  }

  it('blocks and unblocks idempotently, and refuses yourself, unknown wallets and signed-out callers', async () => {
    const ann = await newUser();
    const ben = await newUser();
    expect((await block(t, ann.headers, ben.user.solAddress)).json()).toEqual({ blocked: true });
    expect((await block(t, ann.headers, ben.user.solAddress)).json()).toEqual({ blocked: true });
    expect((await profile(t, ben.user.solAddress, ann.headers)).json()).toMatchObject({
      isBlocked: true,
      isFollowing: false,
    });
    expect((await block(t, ann.headers, ben.user.solAddress, false)).json()).toEqual({
      blocked: false,
    });
    expect((await block(t, ann.headers, ben.user.solAddress, false)).json()).toEqual({
      blocked: false,
    });
    expect((await profile(t, ben.user.solAddress, ann.headers)).json()).toMatchObject({
      isBlocked: false,
    });

    const self = await block(t, ann.headers, ann.user.solAddress);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).code).toBe('cannot_block_self');
    const unknown = await block(t, ann.headers, '11111111111111111111111111111112');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('user_not_found');
    expect((await block(t, {}, ben.user.solAddress)).statusCode).toBe(401);
    expect(
      await countRows(t, 'select count(*) as n from blocks where blocker_id = $1', [ann.user.id]),
    ).toBe(0);
  });

  it('removes the follows both ways, and the counts stay exact', async () => {
    const cat = await newUser();
    const dan = await newUser();
    const eve = await newUser();
    await followed(t, cat.headers, dan.user.solAddress);
    await followed(t, dan.headers, cat.user.solAddress);
    await followed(t, eve.headers, dan.user.solAddress);
    expect((await block(t, dan.headers, cat.user.solAddress)).statusCode).toBe(200);
    expect((await profile(t, dan.user.solAddress)).json()).toMatchObject({
      followerCount: 1,
      followingCount: 0,
    });
    expect((await profile(t, cat.user.solAddress)).json()).toMatchObject({
      followerCount: 0,
      followingCount: 0,
    });
    // Unblocking does not bring the follows back.
    await block(t, dan.headers, cat.user.solAddress, false);
    expect((await profile(t, dan.user.solAddress)).json()).toMatchObject({ followerCount: 1 });
    expect((await follow(t, cat.headers, dan.user.solAddress)).json()).toEqual({
      following: true,
      followerCount: 2,
    });
  });

  it('a block and a follow of the same pair racing never leave a follow beside a block', async () => {
    for (let round = 0; round < 5; round += 1) {
      const fay = await newUser();
      const gus = await newUser();
      await Promise.all([
        follow(t, fay.headers, gus.user.solAddress),
        block(t, gus.headers, fay.user.solAddress),
        follow(t, gus.headers, fay.user.solAddress),
      ]);
      expect(
        await countRows(
          t,
          `select count(*) as n from follows
           where follower_id = any($1) and following_id = any($1)`,
          [[fay.user.id, gus.user.id]],
        ),
      ).toBe(0);
    }
  });

  it("hides the blocked wallet's posts and comments from the blocker's reads", async () => {
    const hal = await newUser();
    const ivy = await newUser();
    const jon = await newUser();
    await followed(t, hal.headers, ivy.user.solAddress);
    const ivysPost = await createdPost(t, ivy.headers, 'ivy says hi');
    const jonsPost = await createdPost(t, jon.headers, 'jon says hi');
    await addedComment(t, ivy.headers, jonsPost.id, 'ivy comments');
    await addedComment(t, jon.headers, jonsPost.id, 'jon comments');

    // Before: the anonymous first page is cached with ivy's post in it.
    const anonymous = await page('/api/messages-v2/feed');
    expect(anonymous.items.map((item) => item.id)).toContain(ivysPost.id);

    expect((await block(t, hal.headers, ivy.user.solAddress)).statusCode).toBe(200);

    const feed = await page('/api/messages-v2/feed', hal.headers);
    expect(feed.items.map((item) => item.id)).not.toContain(ivysPost.id);
    expect(feed.items.map((item) => item.id)).toContain(jonsPost.id);
    const following = await page('/api/messages-v2/feed?scope=following', hal.headers);
    expect(following.items.map((item) => item.id)).not.toContain(ivysPost.id);
    const ivysPosts = await page(`/api/users/${ivy.user.solAddress}/posts`, hal.headers);
    expect(ivysPosts).toEqual({ items: [], nextCursor: null });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/messages-v2/messages/${ivysPost.id}`,
      headers: hal.headers,
    });
    expect(detail.statusCode).toBe(404);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${ivysPost.id}/comments`,
      headers: hal.headers,
    });
    expect(hidden.statusCode).toBe(404);
    const comments = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${jonsPost.id}/comments`,
      headers: hal.headers,
    });
    expect(comments.json<CommentPageResponse>().items.map((c) => c.body)).toEqual(['jon comments']);

    // Everyone else still sees it all, from the cache or not.
    expect((await page('/api/messages-v2/feed')).items.map((item) => item.id)).toContain(
      ivysPost.id,
    );
    expect((await page('/api/messages-v2/feed', jon.headers)).items.map((i) => i.id)).toContain(
      ivysPost.id,
    );
    const forJon = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${jonsPost.id}/comments`,
      headers: jon.headers,
    });
    expect(forJon.json<CommentPageResponse>().items).toHaveLength(2);

    // Unblocked: back in the blocker's reads.
    await block(t, hal.headers, ivy.user.solAddress, false);
    expect(
      (await feedPage(t, '', hal.headers)).json<FeedPageResponse>().items.map((i) => i.id),
    ).toContain(ivysPost.id);
  });

  it('refuses comments across a block, either way, and stores nothing', async () => {
    const kim = await newUser();
    const lou = await newUser();
    const kimsPost = await createdPost(t, kim.headers, 'kim posts');
    const lousPost = await createdPost(t, lou.headers, 'lou posts');
    await block(t, kim.headers, lou.user.solAddress);
    const blocked = await addComment(t, lou.headers, kimsPost.id, 'let me in');
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked).code).toBe('blocked');
    const blocker = await addComment(t, kim.headers, lousPost.id, 'nope');
    expect(blocker.statusCode).toBe(403);
    expect(
      await countRows(t, 'select count(*) as n from comments where message_id = any($1)', [
        [kimsPost.id, lousPost.id],
      ]),
    ).toBe(0);
    // Their own posts stay open to them.
    expect((await addComment(t, kim.headers, kimsPost.id, 'mine')).statusCode).toBe(201);
  });

  it('refuses likes and bookmarks across a block, either way, and writes nothing', async () => {
    const max = await newUser();
    const nia = await newUser();
    const maxsPost = await createdPost(t, max.headers, 'max posts');
    const niasPost = await createdPost(t, nia.headers, 'nia posts');
    await block(t, max.headers, nia.user.solAddress);
    for (const [who, postId] of [
      [nia, maxsPost.id],
      [max, niasPost.id],
    ] as const) {
      for (const mark of ['like', 'bookmark']) {
        const refused = await engage(t, who.headers, postId, mark);
        expect(refused.statusCode, mark).toBe(403);
        expect(errorOf(refused)).toEqual({
          code: 'blocked',
          message: 'You cannot interact with this user.',
        });
      }
    }
    expect(
      await countRows(t, 'select count(*) as n from engagements where message_id = any($1)', [
        [maxsPost.id, niasPost.id],
      ]),
    ).toBe(0);
    expect(
      await countRows(
        t,
        `select count(*) as n from emission_ledger where kind = 'like_given' and reference = any($1)`,
        [[maxsPost.id, niasPost.id]],
      ),
    ).toBe(0);
    expect(
      await countRows(
        t,
        'select coalesce(sum(like_count), 0) as n from messages where id = any($1)',
        [[maxsPost.id, niasPost.id]],
      ),
    ).toBe(0);
    // Their own posts stay open to them; unblocked, the other's are open again.
    expect((await engage(t, max.headers, maxsPost.id, 'like')).json()).toEqual({ toggled: 'on' });
    await block(t, max.headers, nia.user.solAddress, false);
    expect((await engage(t, nia.headers, maxsPost.id, 'like')).json()).toEqual({ toggled: 'on' });
  });

  it('lets a like or bookmark given before a block be taken back, once, and not given again', async () => {
    const ola = await newUser();
    const pam = await newUser();
    const olasPost = await createdPost(t, ola.headers, 'ola posts');
    for (const mark of ['like', 'bookmark']) {
      expect((await engage(t, pam.headers, olasPost.id, mark)).json()).toEqual({ toggled: 'on' });
    }
    await block(t, ola.headers, pam.user.solAddress);
    for (const mark of ['like', 'bookmark']) {
      // Two clicks at once: one takes the mark back, the other finds nothing to take and is
      // refused rather than giving it again.
      const answers = await Promise.all([
        engage(t, pam.headers, olasPost.id, mark),
        engage(t, pam.headers, olasPost.id, mark),
      ]);
      expect(answers.map((res) => res.statusCode).sort(), mark).toEqual([200, 403]);
      expect(answers.find((res) => res.statusCode === 200)?.json()).toEqual({ toggled: 'off' });
    }
    expect(
      await countRows(t, 'select count(*) as n from engagements where message_id = $1', [
        olasPost.id,
      ]),
    ).toBe(0);
    expect(
      await countRows(t, 'select like_count as n from messages where id = $1', [olasPost.id]),
    ).toBe(0);
  });

  it("refuses 'Notify me' across a block, either way, and lets a wait be taken off", async () => {
    const quinn = await newUser();
    const rae = await newUser();
    const sealed = await createPost(t, quinn.headers, {
      kind: 'capsule',
      body: 'for later',
      unlockAt: new Date(t.clock.now().getTime() + 2 * 60 * 60 * 1000).toISOString(),
    });
    expect(sealed.statusCode).toBe(201);
    const capsuleId = sealed.json<{ id: string }>().id;
    const notify = (headers: Record<string, string>, on = true) =>
      t.app.inject({
        method: on ? 'POST' : 'DELETE',
        url: `/api/time-capsules/${capsuleId}/notify`,
        headers,
      });
    expect((await notify(rae.headers)).json()).toEqual({ notifying: true, waitingCount: 1 });

    // The author blocked the waiter: no new wait, the old one can be taken off.
    await block(t, quinn.headers, rae.user.solAddress);
    expect((await notify(rae.headers, false)).json()).toEqual({
      notifying: false,
      waitingCount: 0,
    });
    const refused = await notify(rae.headers);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('blocked');
    expect(
      await countRows(t, 'select count(*) as n from capsule_waiters where message_id = $1', [
        capsuleId,
      ]),
    ).toBe(0);

    // The waiter blocked the author: the capsule is hidden from them, as the post is.
    await block(t, quinn.headers, rae.user.solAddress, false);
    await block(t, rae.headers, quinn.user.solAddress);
    const hidden = await notify(rae.headers);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('capsule_not_found');
    expect(
      await countRows(t, 'select waiting_count as n from messages where id = $1', [capsuleId]),
    ).toBe(0);
  });
});
