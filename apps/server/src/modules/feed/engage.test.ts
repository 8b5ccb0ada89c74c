import type { FeedItem } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { countRows, createdPost, engage, errorOf, type SignedIn } from './test-kit.ts';

describe.each(testDatabaseKinds())('likes and bookmarks on %s', (kind) => {
  let t: TestApp;
  let author: SignedIn;
  let fans: SignedIn[];

  beforeAll(async () => {
    // One author fills a page of posts below: faster than the write limits let a person.
    t = await createTestApp(kind, NO_WRITE_LIMITS);
    author = await createSignedInUser(t.ctx);
    fans = [];
    for (let i = 0; i < 24; i += 1) fans.push(await createSignedInUser(t.ctx));
  });
  afterAll(async () => {
    await t.close();
  });

  async function post(): Promise<FeedItem> {
    return createdPost(t, author.headers, 'engage with me');
  }

  async function read(id: string, headers: Record<string, string> = {}): Promise<FeedItem> {
    return (
      await t.app.inject({ url: `/api/messages-v2/messages/${id}`, headers })
    ).json<FeedItem>();
  }

  async function likeRows(id: string): Promise<number> {
    return countRows(
      t,
      `select count(*) as n from engagements where message_id = $1 and kind = 'like'`,
      [id],
    );
  }

  async function likeRewards(id: string, userId: string): Promise<number> {
    return countRows(
      t,
      `select count(*) as n from emission_ledger
       where kind = 'like_given' and reference = $1 and recipient_id = $2`,
      [id, userId],
    );
  }

  it('toggles a like on and off and moves the count with it', async () => {
    const { id } = await post();
    const fan = fans[0]!;
    const on = await engage(t, fan.headers, id, 'like');
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ toggled: 'on' });
    expect(await read(id, fan.headers)).toMatchObject({ likeCount: 1, liked: true });
    const off = await engage(t, fan.headers, id, 'like');
    expect(off.json()).toEqual({ toggled: 'off' });
    expect(await read(id, fan.headers)).toMatchObject({ likeCount: 0, liked: false });
  });

  it('toggles a bookmark without touching the like count', async () => {
    const { id } = await post();
    const fan = fans[1]!;
    expect((await engage(t, fan.headers, id, 'bookmark')).json()).toEqual({ toggled: 'on' });
    expect(await read(id, fan.headers)).toMatchObject({
      likeCount: 0,
      liked: false,
      bookmarked: true,
    });
    expect((await engage(t, fan.headers, id, 'bookmark')).json()).toEqual({ toggled: 'off' });
    expect(await read(id, fan.headers)).toMatchObject({ bookmarked: false });
  });

  it('rewards only the first like of a pair ever, and never a like of your own post', async () => {
    const { id } = await post();
    const fan = fans[2]!;
    await engage(t, fan.headers, id, 'like');
    await engage(t, fan.headers, id, 'like');
    await engage(t, fan.headers, id, 'like');
    expect(await likeRewards(id, fan.user.id)).toBe(1);
    expect(await read(id)).toMatchObject({ likeCount: 1 });

    expect((await engage(t, author.headers, id, 'like')).json()).toEqual({ toggled: 'on' });
    expect(await likeRewards(id, author.user.id)).toBe(0);
    expect(await read(id)).toMatchObject({ likeCount: 2 });
    // Bookmarks earn nothing.
    await engage(t, fan.headers, id, 'bookmark');
    expect(
      await countRows(t, `select count(*) as n from emission_ledger where reference = $1`, [id]),
    ).toBe(2); // the post and the fan's like
  });

  it('keeps counts exact when many people toggle at once', async () => {
    const { id } = await post();
    // Everyone likes at once.
    const first = await Promise.all(fans.map((fan) => engage(t, fan.headers, id, 'like')));
    expect(first.every((res) => res.json<{ toggled: string }>().toggled === 'on')).toBe(true);
    expect(await read(id)).toMatchObject({ likeCount: fans.length });
    expect(await likeRows(id)).toBe(fans.length);

    // Half unlike while the others bookmark, and a few double-click (two toggles at once).
    const unlikers = fans.slice(0, 12);
    const doubleClickers = fans.slice(12, 16);
    await Promise.all([
      ...unlikers.map((fan) => engage(t, fan.headers, id, 'like')),
      ...fans.slice(12).map((fan) => engage(t, fan.headers, id, 'bookmark')),
      ...doubleClickers.flatMap((fan) => [
        engage(t, fan.headers, id, 'like'),
        engage(t, fan.headers, id, 'like'),
      ]),
    ]);
    const liked = await likeRows(id);
    expect(liked).toBe(fans.length - unlikers.length);
    expect(await read(id)).toMatchObject({ likeCount: liked });
    // One reward per fan, however often they toggled.
    expect(
      await countRows(
        t,
        `select count(*) as n from emission_ledger where kind = 'like_given' and reference = $1`,
        [id],
      ),
    ).toBe(fans.length);
  });

  it('keeps every post count equal to its like rows across parallel posts', async () => {
    const posts = await Promise.all([post(), post(), post()]);
    await Promise.all(
      posts.flatMap((p, i) =>
        fans.slice(i * 5, i * 5 + 8).map((fan) => engage(t, fan.headers, p.id, 'like')),
      ),
    );
    const mismatched = await countRows(
      t,
      `select count(*) as n from messages m
       where m.like_count <> (select count(*) from engagements e
                              where e.message_id = m.id and e.kind = 'like')`,
    );
    expect(mismatched).toBe(0);
  });

  it('refuses unknown kinds, unknown posts, bad ids and anonymous callers', async () => {
    const { id } = await post();
    const fan = fans[3]!;
    for (const payload of [{ kind: 'love' }, {}, { kind: ['like'] }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/messages/${id}/engage`,
        headers: fan.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
    const missing = await engage(t, fan.headers, '987654321', 'like');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('post_not_found');
    const badId = await engage(t, fan.headers, 'abc', 'like');
    expect(badId.statusCode).toBe(400);
    const anonymous = await engage(t, {}, id, 'like');
    expect(anonymous.statusCode).toBe(401);
    expect(await likeRows(id)).toBe(0);
  });

  it('refuses a wallet whose account is gone and writes nothing', async () => {
    const { id } = await post();
    const gone = await createSignedInUser(t.ctx);
    await t.ctx.database.pool.query('delete from users where id = $1', [gone.user.id]);
    const res = await engage(t, gone.headers, id, 'like');
    expect(res.statusCode).toBe(401);
    expect(await likeRows(id)).toBe(0);
    expect(await read(id)).toMatchObject({ likeCount: 0 });
    expect(
      await countRows(t, `select count(*) as n from emission_queue where actor_id = $1`, [
        gone.user.id,
      ]),
    ).toBe(0);
  });

  it("counts a like in the author's likes received on its day, and an unlike takes it off", async () => {
    const { id } = await post();
    const fan = fans[4]!;
    const received = () =>
      countRows(
        t,
        // The day rows and the changes not yet moved into them (modules/analytics).
        `select coalesce(sum(likes_received), 0) as n from (
           select likes_received from analytics_daily where user_id = $1
           union all select likes_received from analytics_daily_changes where user_id = $1) d`,
        [author.user.id],
      );
    const before = await received();
    await engage(t, fan.headers, id, 'like');
    expect(await received()).toBe(before + 1);
    // Liking your own post is not a like received.
    await engage(t, author.headers, id, 'like');
    expect(await received()).toBe(before + 1);
    await engage(t, fan.headers, id, 'like');
    expect(await received()).toBe(before);
  });

  it("keeps a like's count on its post's page once newer posts have filled that page", async () => {
    // Where a row version lives: (page, slot). An update that stays on its page (HOT) writes
    // no index entry; one that moves writes one in each of messages' nine indexes.
    const page = async (id: string) =>
      countRows(t, `select (ctid::text::point)[0] as n from messages where id = $1`, [id]);
    const { id } = await post();
    const first = await page(id);
    // Newer posts until one lands on a later page: the first one's page is as full as the
    // table lets new posts make it.
    for (let i = 0; (await page((await post()).id)) === first; i += 1) {
      if (i > 200) throw new Error('200 posts still fit on one page');
    }
    await engage(t, fans[5]!.headers, id, 'like');
    expect(await page(id)).toBe(first);
    expect(await read(id)).toMatchObject({ likeCount: 1 });
  });
});
