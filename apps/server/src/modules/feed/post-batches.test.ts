import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';
import { namingPool } from '../../test/statement-names-test-kit.ts';
import { insertPostSoon } from './post-batches.ts';
import type { NewPost } from './post-writes.ts';

describe.each(testDatabaseKinds())('text posts written at the same moment, on %s', (kind) => {
  let database: Database;
  const authors: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (let i = 0; i < 3; i++) {
      const id = randomUUID();
      await database.pool.query('insert into users (id, sol_address) values ($1, $2)', [id, id]);
      authors.push(id);
    }
  });
  afterAll(async () => {
    await database.close();
  });

  function post(authorId: string, body: string, extra: Partial<NewPost> = {}): NewPost {
    const now = new Date();
    return {
      authorId,
      kind: 'public',
      body,
      imageKey: null,
      imageAlt: null,
      audioKey: null,
      now,
      expiresAt: new Date(now.getTime() + 86_400_000),
      rewardedEvent: 'post_created',
      tags: [],
      unlockAt: null,
      capsuleKey: null,
      replyPolicy: 'everyone',
      ...extra,
    };
  }

  async function rowsOf(ids: string[]) {
    const { rows } = await database.pool.query<{
      id: string;
      body: string;
      tags: string[];
      mentions: unknown;
      queued: string;
      subjects: (string | null)[];
      counted: string;
    }>(
      `select m.id::text as id, m.body, m.tags, m.mentions,
         (select count(*) from emission_queue q where q.reference = m.id::text
            and q.actor_id = m.author_id)::text as queued,
         array(select q.subject_id::text from emission_queue q where q.reference = m.id::text)
           as subjects,
         (select count(*) from analytics_daily_changes c where c.user_id = m.author_id
            and c.posts = 1)::text as counted
       from messages m where m.id = any($1::bigint[]) order by m.id`,
      [ids],
    );
    return rows;
  }

  it('share one statement, and each answer is its own post with its reward and day count', async () => {
    const { pool, names } = namingPool(database);
    const [alice = '', bob = '', carol = ''] = authors;
    const mention = { address: bob, username: 'bob', start: 6, end: 10 };
    const answers = await Promise.all([
      insertPostSoon(pool, post(alice, 'first #vibes #dum', { tags: ['vibes', 'dum'] })),
      insertPostSoon(pool, post(bob, 'hello @bob', { mentions: [mention] })),
      insertPostSoon(
        pool,
        post(carol, 'quoting', {
          rewardedEvent: 'quote_created',
          quote: { postId: '1', authorId: alice },
        }),
      ),
      insertPostSoon(pool, post(alice, 'no reward', { rewardedEvent: null })),
    ]);
    expect(names.filter((name) => name === 'feed_insert_posts')).toHaveLength(1);
    expect(names).not.toContain('feed_insert_post');
    expect(answers.map((row) => [row?.body, row?.author_id])).toEqual([
      ['first #vibes #dum', alice],
      ['hello @bob', bob],
      ['quoting', carol],
      ['no reward', alice],
    ]);
    expect(answers[2]?.quote_of).toBe('1');
    const ids = answers.map((row) => row?.id ?? '');
    expect(new Set(ids).size).toBe(4);
    const stored = await rowsOf(ids);
    expect(stored.map((row) => row.id)).toEqual([...ids].sort((a, b) => Number(a) - Number(b)));
    const byBody = new Map(stored.map((row) => [row.body, row]));
    expect(byBody.get('first #vibes #dum')?.tags).toEqual(['vibes', 'dum']);
    expect(byBody.get('hello @bob')?.tags).toEqual([]);
    expect(byBody.get('hello @bob')?.mentions).toEqual([mention]);
    expect(byBody.get('first #vibes #dum')?.queued).toBe('1');
    expect(byBody.get('quoting')?.subjects).toEqual([alice]);
    expect(byBody.get('no reward')?.queued).toBe('0');
    expect(stored.every((row) => Number(row.counted) >= 1)).toBe(true);
  });

  it('answer null for a post whose author is gone, and write the others', async () => {
    const { pool } = namingPool(database);
    const [alice = ''] = authors;
    const answers = await Promise.all([
      insertPostSoon(pool, post(alice, 'still here')),
      insertPostSoon(pool, post(randomUUID(), 'nobody wrote this')),
    ]);
    expect(answers[0]?.body).toBe('still here');
    expect(answers[1]).toBeNull();
    const { rows } = await database.pool.query(
      `select 1 from messages where body = 'nobody wrote this'`,
    );
    expect(rows).toEqual([]);
  });

  it('give the error to the post at fault only, and write the others', async () => {
    const { pool, names } = namingPool(database);
    const [alice = '', bob = ''] = authors;
    // A capsule without its opening time breaks the table's check: a failure of the statement.
    const results = await Promise.allSettled([
      insertPostSoon(pool, post(alice, 'fine one')),
      insertPostSoon(pool, post(bob, 'broken capsule', { kind: 'capsule', expiresAt: null })),
      insertPostSoon(pool, post(bob, 'fine two')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(names[0]).toBe('feed_insert_posts');
    const { rows } = await database.pool.query<{ body: string }>(
      `select body from messages where body in ('fine one', 'broken capsule', 'fine two')
       order by body`,
    );
    expect(rows.map((row) => row.body)).toEqual(['fine one', 'fine two']);
  });

  it('write a post alone with the one-post statement', async () => {
    const { pool, names } = namingPool(database);
    const row = await insertPostSoon(pool, post(authors[0] ?? '', 'alone'));
    expect(row?.body).toBe('alone');
    expect(names).toEqual(['feed_insert_post']);
  });
});
