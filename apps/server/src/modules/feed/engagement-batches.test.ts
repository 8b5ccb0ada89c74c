import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';
import { namingPool } from '../../test/statement-names-test-kit.ts';
import { addCommentRow, addCommentRowSoon } from './comment-repo.ts';
import { toggleUnlessBlockedSoon } from './engagement-repo.ts';

/**
 * Likes, bookmarks and comments made at the same moment share one statement (as posts do,
 * post-batches.test.ts): each answer is the one that write alone would get, in the order the
 * writes came, whatever order the statement ran them in (their posts' id order).
 */
describe.each(testDatabaseKinds())('likes and comments made at the same moment, on %s', (kind) => {
  let database: Database;
  let alice = '';
  let bob = '';
  let carol = '';

  async function user(): Promise<string> {
    const id = randomUUID();
    await database.pool.query('insert into users (id, sol_address) values ($1, $2)', [id, id]);
    return id;
  }

  async function postBy(authorId: string): Promise<bigint> {
    const { rows } = await database.pool.query<{ id: string }>(
      `insert into messages (author_id, body, created_at, expires_at)
       values ($1, 'a post', now(), now() + interval '1 day') returning id::text as id`,
      [authorId],
    );
    return BigInt(rows[0]?.id ?? '0');
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    alice = await user();
    bob = await user();
    carol = await user();
    // Bob has blocked Carol.
    await database.pool.query(
      'insert into blocks (blocker_id, blocked_id, created_at) values ($1, $2, now())',
      [bob, carol],
    );
  });
  afterAll(async () => {
    await database.close();
  });

  async function counts(postId: bigint) {
    const { rows } = await database.pool.query<{
      like_count: number;
      likes: string;
      comment_count: number;
      comments: string;
    }>(
      `select like_count, comment_count,
         (select count(*) from engagements e where e.message_id = m.id and e.kind = 'like')::text
           as likes,
         (select count(*) from comments c where c.message_id = m.id)::text as comments
       from messages m where m.id = $1`,
      [postId.toString()],
    );
    return rows[0];
  }

  /** The wallets whose like of the post queued a reward, in id order. */
  async function rewardedLikers(postId: bigint): Promise<string[]> {
    const { rows } = await database.pool.query<{ actor_id: string }>(
      `select actor_id from emission_queue where kind = 'like_given' and reference = $1
       order by actor_id`,
      [postId.toString()],
    );
    return rows.map((row) => row.actor_id);
  }

  it('toggles share one statement; each gets its own answer, a second click takes the first back', async () => {
    const { pool, names } = namingPool(database);
    const [byAlice, byBob] = [await postBy(alice), await postBy(bob)];
    const now = new Date();
    const toggle = (postId: bigint, userId: string, kind: 'like' | 'bookmark' = 'like') =>
      toggleUnlessBlockedSoon(pool, { postId, userId, kind, now });
    // Later posts first: the statement runs them in id order, the answers keep the calls' order.
    const answers = await Promise.all([
      toggle(byBob, alice),
      toggle(byAlice, bob),
      toggle(byAlice, carol),
      toggle(byAlice, bob),
      toggle(byBob, alice, 'bookmark'),
      toggle(byBob, carol),
      toggle(byAlice + 1000n, alice),
    ]);
    expect(names).toEqual(['feed_toggle_many_unless_blocked']);
    expect(answers.map((answer) => answer.outcome)).toEqual([
      'on',
      'on',
      'on',
      'off',
      'on',
      null,
      'post_not_found',
    ]);
    // Across the block nothing was written, and nothing was marked before.
    expect(answers[5]).toEqual({ blocked: true, marked: false, outcome: null });
    expect(await counts(byAlice)).toMatchObject({ like_count: 1, likes: '1' });
    expect(await counts(byBob)).toMatchObject({ like_count: 1, likes: '1' });
    // Bob's like was the first of its pair, so it queued its reward before he took it back.
    expect(await rewardedLikers(byAlice)).toEqual([bob, carol].sort());
  });

  async function likesReceived(): Promise<{ alice: number; bob: number }> {
    const { rows } = await database.pool.query<{ alice: number; bob: number }>(
      `select coalesce(sum(likes_received) filter (where user_id = $1), 0)::int as alice,
         coalesce(sum(likes_received) filter (where user_id = $2), 0)::int as bob
       from analytics_daily_changes`,
      [alice, bob],
    );
    return rows[0] ?? { alice: 0, bob: 0 };
  }

  it('a batch takes likes back, counts each post once, and answers repeats and strangers as alone', async () => {
    const { pool, names } = namingPool(database);
    const [byAlice, byBob] = [await postBy(alice), await postBy(bob)];
    const now = new Date();
    const toggle = (postId: bigint, userId: string, kind: 'like' | 'bookmark' = 'like') =>
      toggleUnlessBlockedSoon(pool, { postId, userId, kind, now });
    // Bob and Carol liked Alice's post and Alice bookmarked Bob's, before.
    await Promise.all([
      toggle(byAlice, bob),
      toggle(byAlice, carol),
      toggle(byBob, alice, 'bookmark'),
    ]);
    names.length = 0;
    const before = await likesReceived();
    const answers = await Promise.all([
      toggle(byAlice, bob),
      toggle(byAlice, alice),
      toggle(byBob, carol, 'bookmark'),
      toggle(byAlice, alice),
      toggle(byBob, alice, 'bookmark'),
      toggle(byAlice, randomUUID()),
      toggle(byAlice, alice),
      toggle(byBob, alice),
    ]);
    expect(names).toEqual(['feed_toggle_many_unless_blocked']);
    expect(answers.map((answer) => answer.outcome)).toEqual([
      'off',
      'on',
      null,
      'off',
      'off',
      'unauthorized',
      'on',
      'on',
    ]);
    // The marks were read before any toggle of the batch.
    expect(answers.map((answer) => answer.marked)).toEqual([
      true,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
    // Carol's like stands; Alice's own like is counted, neither rewarded nor received.
    expect(await counts(byAlice)).toMatchObject({ like_count: 2, likes: '2' });
    expect(await counts(byBob)).toMatchObject({ like_count: 1, likes: '1' });
    expect(await rewardedLikers(byAlice)).toEqual([bob, carol].sort());
    // Alice lost Bob's like, off the day it was given; Bob received Alice's.
    expect(await likesReceived()).toEqual({ alice: before.alice - 1, bob: before.bob + 1 });
  });

  it('comments share one statement; each gets its own answer, refusals included', async () => {
    const { pool, names } = namingPool(database);
    const [byAlice, byBob] = [await postBy(alice), await postBy(bob)];
    const now = new Date();
    const comment = (postId: bigint, userId: string, body: string) =>
      addCommentRowSoon(pool, { postId, userId, body, now, parentId: null });
    const answers = await Promise.all([
      comment(byBob, alice, 'first on bob'),
      comment(byAlice, bob, 'first on alice'),
      comment(byBob, carol, 'across the block'),
      comment(byAlice, carol, 'second on alice'),
      comment(byAlice + 1000n, alice, 'nowhere'),
    ]);
    expect(names).toEqual(['feed_add_comments']);
    expect(answers.map((answer) => answer.outcome)).toEqual([
      'added',
      'added',
      'blocked',
      'added',
      'post_not_found',
    ]);
    const ids = answers.map((answer) => (answer.outcome === 'added' ? answer.id : null));
    const { rows } = await database.pool.query<{ id: string; body: string }>(
      'select id::text as id, body from comments where id = any($1::bigint[])',
      [ids.filter((id) => id !== null)],
    );
    const bodies = new Map(rows.map((row) => [row.id, row.body]));
    expect(ids.map((id) => (id === null ? null : bodies.get(id)))).toEqual([
      'first on bob',
      'first on alice',
      null,
      'second on alice',
      null,
    ]);
    expect(await counts(byAlice)).toMatchObject({ comment_count: 2, comments: '2' });
    expect(await counts(byBob)).toMatchObject({ comment_count: 1, comments: '1' });
  });

  it('a batch answers replies, strangers and reply policies as each alone would', async () => {
    const { pool, names } = namingPool(database);
    const [byAlice, byBob] = [await postBy(alice), await postBy(bob)];
    await database.pool.query("update messages set reply_policy = 'following' where id = $1", [
      byBob.toString(),
    ]);
    const now = new Date();
    const top = await addCommentRow(database.pool, {
      postId: byAlice,
      userId: bob,
      body: 'a lone comment',
      now,
      parentId: null,
    });
    if (top.outcome !== 'added') throw new Error(top.outcome);
    names.length = 0;
    const comment = (postId: bigint, userId: string, parentId: bigint | null = null) =>
      addCommentRowSoon(pool, { postId, userId, body: 'in the batch', now, parentId });
    const answers = await Promise.all([
      comment(byAlice, alice, BigInt(top.id)),
      comment(byBob, alice),
      comment(byAlice, randomUUID()),
      comment(byAlice, carol),
      comment(byAlice, carol, 999_999_999n),
      comment(byBob, bob),
    ]);
    expect(names).toEqual(['feed_add_comments']);
    expect(answers.map((answer) => answer.outcome)).toEqual([
      'added',
      'reply_not_allowed',
      'unauthorized',
      'added',
      'comment_not_found',
      'added',
    ]);
    // A reply sits under its top comment and rewards the comment's author; a top comment in the
    // batch answers what add_comment answers alone, key for key.
    expect(answers[0]).toMatchObject({
      parentId: top.id,
      parentAuthorId: bob,
      postAuthorId: alice,
    });
    const [, , , carols] = answers;
    if (carols.outcome !== 'added') throw new Error('not added');
    expect(Object.keys(carols).sort()).toEqual(Object.keys(top).sort());
    expect(carols).toMatchObject({
      parentId: null,
      replyTo: null,
      parentAuthorId: null,
      postAuthorId: alice,
      solAddress: carol,
    });
    expect(new Date(carols.createdAt).getTime()).toBe(now.getTime());
    expect(await counts(byAlice)).toMatchObject({ comment_count: 3, comments: '3' });
    expect(await counts(byBob)).toMatchObject({ comment_count: 1, comments: '1' });
    const { rows } = await database.pool.query<{ kind: string; actor_id: string }>(
      `select kind, actor_id from emission_queue
       where reference = any($1::text[]) order by kind, actor_id`,
      [answers.flatMap((answer) => (answer.outcome === 'added' ? [answer.id] : []))],
    );
    // Bob's comment on his own post rewards no one.
    expect(rows).toEqual([
      { kind: 'comment_created', actor_id: carol },
      { kind: 'reply_created', actor_id: alice },
    ]);
  });
});
