import {
  COMMENT_MAX_LENGTH,
  commentItemSchema,
  type CommentItem,
  type CommentPageResponse,
  type FeedItem,
} from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { encodeCursor } from './cursor.ts';
import {
  addComment,
  addedComment,
  countRows,
  createdPost,
  errorOf,
  setProfile,
  type SignedIn,
} from './test-kit.ts';

describe.each(testDatabaseKinds())('comments on %s', (kind) => {
  let t: TestApp;
  let author: SignedIn;
  let carol: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind);
    author = await createSignedInUser(t.ctx);
    carol = await createSignedInUser(t.ctx);
    await setProfile(t, carol.user.id, {
      username: 'carol',
      displayName: 'Carol',
      avatarUrl: '/a/carol.png',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function list(postId: string, query = ''): Promise<CommentPageResponse> {
    const res = await t.app.inject({ url: `/api/messages/${postId}/comments${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<CommentPageResponse>();
  }

  async function commentCount(postId: string): Promise<number> {
    return (await t.app.inject({ url: `/api/messages-v2/messages/${postId}` })).json<FeedItem>()
      .commentCount;
  }

  it('adds a comment with the spec field names and counts it on the post', async () => {
    const post = await createdPost(t, author.headers);
    const res = await addComment(t, carol.headers, post.id, '  so true  ');
    expect(res.statusCode).toBe(201);
    const item = res.json<CommentItem>();
    expect(commentItemSchema.parse(item)).toEqual(item);
    expect(item).toEqual({
      id: expect.stringMatching(/^[1-9]\d*$/) as string,
      body: 'so true',
      display_name: 'Carol',
      avatar_url: '/a/carol.png',
      author_wallet: carol.user.solAddress,
      created_at: t.clock.now().toISOString(),
      authorId: carol.user.id,
      username: 'carol',
      parentId: null,
      replyCount: 0,
      replyTo: null,
      mentions: [],
    });
    expect(await commentCount(post.id)).toBe(1);
    expect(await list(post.id)).toEqual({ items: [item], nextCursor: null });
  });

  it('lists comments oldest first, paged by cursor', async () => {
    const post = await createdPost(t, author.headers);
    const made: CommentItem[] = [];
    for (let i = 0; i < 7; i += 1) {
      if (i % 3 === 0) t.clock.advance(1000);
      made.push(await addedComment(t, i % 2 ? carol.headers : author.headers, post.id, `c${i}`));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await list(post.id, query);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((item) => item.body));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made.map((item) => item.body));
    expect(await commentCount(post.id)).toBe(7);
    const empty = await createdPost(t, author.headers);
    expect(await list(empty.id)).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a feed cursor, a tampered cursor and an oversize page', async () => {
    const post = await createdPost(t, author.headers);
    const feedCursor = encodeCursor('feed', { createdAt: new Date(), id: 1n });
    for (const cursor of [feedCursor, 'abc.def', `${feedCursor}x`]) {
      const res = await t.app.inject({
        url: `/api/messages/${post.id}/comments?cursor=${encodeURIComponent(cursor)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('invalid_cursor');
    }
    const capped = await t.app.inject({ url: `/api/messages/${post.id}/comments?limit=10000` });
    expect(capped.statusCode).toBe(200);
  });

  it('refuses blank and overlong comments, and anonymous commenters', async () => {
    const post = await createdPost(t, author.headers);
    for (const content of ['', '   ', '\n\t']) {
      const res = await addComment(t, carol.headers, post.id, content);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'comment_required', message: 'Please write a comment' },
      });
    }
    const ok = await addComment(t, carol.headers, post.id, 'é'.repeat(COMMENT_MAX_LENGTH));
    expect(ok.statusCode).toBe(201);
    const long = await addComment(t, carol.headers, post.id, 'x'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      error: {
        code: 'comment_too_long',
        message: `Comments can be at most ${COMMENT_MAX_LENGTH} characters`,
      },
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${post.id}/comments`,
      headers: carol.headers,
      payload: { body: 'wrong field' },
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).code).toBe('validation_failed');
    const anonymous = await addComment(t, {}, post.id, 'hi');
    expect(anonymous.statusCode).toBe(401);
    expect(await commentCount(post.id)).toBe(1);
  });

  it('answers 404 for comments on a missing post', async () => {
    expect((await t.app.inject({ url: '/api/messages/424242/comments' })).statusCode).toBe(404);
    const res = await addComment(t, carol.headers, '424242', 'hello?');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('post_not_found');
  });

  it('refuses a wallet whose account is gone and writes nothing', async () => {
    const post = await createdPost(t, author.headers);
    const gone = await createSignedInUser(t.ctx);
    await t.ctx.database.pool.query('delete from users where id = $1', [gone.user.id]);
    const res = await addComment(t, gone.headers, post.id, 'still here?');
    expect(res.statusCode).toBe(401);
    expect(await commentCount(post.id)).toBe(0);
    expect((await list(post.id)).items).toEqual([]);
  });

  it('rewards a comment on someone else’s post, not one on your own', async () => {
    const post = await createdPost(t, author.headers);
    const theirs = await addedComment(t, carol.headers, post.id, 'first');
    const own = await addedComment(t, author.headers, post.id, 'thanks');
    const rewarded = (reference: string) =>
      countRows(
        t,
        `select count(*) as n from emission_ledger where kind = 'comment_created' and reference = $1`,
        [reference],
      );
    expect(await rewarded(theirs.id)).toBe(1);
    expect(await rewarded(own.id)).toBe(0);
  });

  it('lets only the comment’s author delete it', async () => {
    const post = await createdPost(t, author.headers);
    const comment = await addedComment(t, carol.headers, post.id, 'delete me');
    const url = `/api/messages/${post.id}/comments/${comment.id}`;

    const byPostAuthor = await t.app.inject({ method: 'DELETE', url, headers: author.headers });
    expect(byPostAuthor.statusCode).toBe(403);
    expect(byPostAuthor.json()).toEqual({
      error: { code: 'forbidden', message: 'You can only delete your own comments.' },
    });
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(await commentCount(post.id)).toBe(1);

    const byCarol = await t.app.inject({ method: 'DELETE', url, headers: carol.headers });
    expect(byCarol.statusCode).toBe(200);
    expect(byCarol.json()).toEqual({ id: comment.id, deleted: true });
    expect(await commentCount(post.id)).toBe(0);
    expect((await list(post.id)).items).toEqual([]);

    const again = await t.app.inject({ method: 'DELETE', url, headers: carol.headers });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('comment_not_found');
    // A comment id under another post is not found there.
    const other = await createdPost(t, author.headers);
    const elsewhere = await addedComment(t, carol.headers, other.id, 'elsewhere');
    const wrongPost = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/${post.id}/comments/${elsewhere.id}`,
      headers: carol.headers,
    });
    expect(wrongPost.statusCode).toBe(404);
    const badId = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/${post.id}/comments/x1`,
      headers: carol.headers,
    });
    expect(badId.statusCode).toBe(400);
  });

  it('keeps comment_count exact under concurrent comments and deletions', async () => {
    const post = await createdPost(t, author.headers);
    const first = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        addedComment(t, i % 2 ? carol.headers : author.headers, post.id, `n${i}`),
      ),
    );
    await Promise.all([
      ...first
        .filter((comment) => comment.authorId === carol.user.id)
        .map((comment) =>
          t.app.inject({
            method: 'DELETE',
            url: `/api/messages/${post.id}/comments/${comment.id}`,
            headers: carol.headers,
          }),
        ),
      ...Array.from({ length: 6 }, (_, i) => addComment(t, carol.headers, post.id, `m${i}`)),
    ]);
    const rows = await countRows(t, 'select count(*) as n from comments where message_id = $1', [
      post.id,
    ]);
    expect(rows).toBe(11);
    expect(await commentCount(post.id)).toBe(rows);
  });
});
