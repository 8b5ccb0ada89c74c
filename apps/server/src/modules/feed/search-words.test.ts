import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/app-test-kit.ts';

/**
 * A post's words for full-text search (messages.search) are set by the trigger
 * messages_search_words when the post is written and when its body changes; an update of its
 * counts leaves them as they are and does not compute them again.
 */
describe.each(testDatabaseKinds())('a post’s search words, on %s', (kind) => {
  let database: Database;
  let authorId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    authorId = randomUUID();
    await database.pool.query('insert into users (id, sol_address) values ($1, $2)', [
      authorId,
      authorId,
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  async function words(postId: string): Promise<string | undefined> {
    const { rows } = await database.pool.query<{ search: string }>(
      'select search::text as search from messages where id = $1',
      [postId],
    );
    return rows[0]?.search;
  }

  it('are the body’s words when the post is written, and follow an edit of the body', async () => {
    const { rows } = await database.pool.query<{ id: string }>(
      `insert into messages (author_id, body, created_at)
       values ($1, 'Proof of vibe', now()) returning id::text as id`,
      [authorId],
    );
    const postId = rows[0]?.id ?? '';
    expect(await words(postId)).toBe("'of':2 'proof':1 'vibe':3");

    await database.pool.query("update messages set body = 'Social mining' where id = $1", [postId]);
    expect(await words(postId)).toBe("'mining':2 'social':1");
  });

  it('are not computed again when only a count changes', async () => {
    const { rows } = await database.pool.query<{ id: string }>(
      `insert into messages (author_id, body, created_at)
       values ($1, 'dum club', now()) returning id::text as id`,
      [authorId],
    );
    const postId = rows[0]?.id ?? '';
    // Words set by hand stay through a count's update: the trigger did not run.
    await database.pool.query(
      "update messages set search = to_tsvector('simple', 'kept') where id = $1",
      [postId],
    );
    await database.pool.query('update messages set like_count = like_count + 1 where id = $1', [
      postId,
    ]);
    expect(await words(postId)).toBe("'kept':1");
  });
});
