import type { Queryable } from '../../db/prepared.ts';
import { batchedWrites } from '../../db/statement-batches.ts';
import type { PostRow } from './repo.ts';
import {
  INSERTED_POST_COLUMNS,
  insertPost,
  NEW_POST_COLUMNS,
  type NewPost,
} from './post-writes.ts';

/** Posts in one statement at most: the bench's 64 writers fill a batch now and then. */
const MAX_BATCH = 64;

/**
 * insertPost, for a post with nothing else to write (no upload, vault or poll): the same row and
 * the same writes, in a statement it may share with the posts written at the same moment
 * (statement-batches.ts says how and why).
 */
export const insertPostSoon: (pool: Queryable, post: NewPost) => Promise<PostRow | null> =
  batchedWrites({ writeOne: insertPost, writeMany: insertPosts, maxBatch: MAX_BATCH });

/**
 * insertPost for several posts in one statement: each post's row (null where its author's row
 * is gone), in the order given. Ids are drawn before the insert, so each answer finds its post
 * whatever order the insert returns them in.
 */
async function insertPosts(pool: Queryable, posts: NewPost[]): Promise<(PostRow | null)[]> {
  const column = <T>(pick: (post: NewPost) => T): T[] => posts.map(pick);
  const { rows } = await pool.query<PostRow & { ord: string }>({
    name: 'feed_insert_posts',
    text: `with input as (
        select nextval('messages_id_seq') as id, i.*
        from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[],
          $6::timestamptz[], $7::timestamptz[], $8::text[], $9::text[], $10::jsonb[],
          $11::timestamptz[], $12::text[], $13::text[], $14::jsonb[], $15::bigint[], $16::uuid[])
          with ordinality as i(author_id, kind, body, image_key, audio_key, created_at,
            expires_at, rewarded_event, image_alt, tags, unlock_at, capsule_key, reply_policy,
            mentions, quote_of, quote_author_id, ord)
      ), post as (
        insert into messages (id, author_id, kind, body, image_key, audio_key, created_at,
          expires_at, image_alt, tags, unlock_at, capsule_key, reply_policy, mentions, quote_of)
        overriding system value
        select i.id, u.id, i.kind, i.body, i.image_key, i.audio_key, i.created_at, i.expires_at,
          i.image_alt, array(select jsonb_array_elements_text(i.tags)), i.unlock_at,
          i.capsule_key, i.reply_policy, i.mentions, i.quote_of
        from input i join users u on u.id = i.author_id
        order by i.ord
        returning ${INSERTED_POST_COLUMNS}
      ), queued as (
        select queue_rewarded_event(i.rewarded_event, p.author_id, i.quote_author_id, p.id::text,
          p.created_at)
        from post p join input i on i.id = p.id
        where i.rewarded_event is not null
      ), counted as (
        select analytics_change_day(author_id, created_at, 'posts', 1) from post
      )
      select i.ord::text as ord, ${NEW_POST_COLUMNS}
      from input i join post m on m.id = i.id join users u on u.id = m.author_id
        -- A select runs only when read: counted, so every reward and count is written.
        cross join (select count(*) from queued) as rewards
        cross join (select count(*) from counted) as counts`,
    values: [
      column((post) => post.authorId),
      column((post) => post.kind),
      column((post) => post.body),
      column((post) => post.imageKey),
      column((post) => post.audioKey),
      column((post) => post.now),
      column((post) => post.expiresAt),
      column((post) => post.rewardedEvent),
      column((post) => post.imageAlt),
      column((post) => JSON.stringify(post.tags)),
      column((post) => post.unlockAt),
      column((post) => post.capsuleKey),
      column((post) => post.replyPolicy),
      column((post) => JSON.stringify(post.mentions ?? [])),
      column((post) => post.quote?.postId ?? null),
      column((post) => post.quote?.authorId ?? null),
    ],
  });
  const byOrder = new Map(rows.map(({ ord, ...row }) => [Number(ord), row]));
  return posts.map((_, index) => byOrder.get(index + 1) ?? null);
}
