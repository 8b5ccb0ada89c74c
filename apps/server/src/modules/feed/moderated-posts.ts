import { sql } from 'drizzle-orm';
import type { Tx } from '../emissions/index.ts';
import { deleteMediaOf } from '../media/index.ts';

/**
 * What moderation does to posts and comments: a moderator's removal, and a hide (a post's expiry
 * moved to now, then given back). Each runs in moderation's transaction; the composition root
 * hands them to the moderation slice, which the feed imports.
 */

/** Deletes a post (cascading to its comments and likes) and its media rows: the files' names. */
export async function removeReportedPost(tx: Pick<Tx, 'execute'>, id: bigint): Promise<string[]> {
  const keys = await deleteMediaOf(tx, { postIds: [id.toString()] });
  await tx.execute(sql`delete from messages where id = ${id}`);
  return keys;
}

/**
 * Deletes a comment, keeping its post's comment count exact: a top comment's replies go with it
 * (the foreign key's cascade), and a reply leaves its top comment's reply count.
 */
export async function removeReportedComment(
  tx: Pick<Tx, 'execute'>,
  id: bigint,
): Promise<string[]> {
  await tx.execute(
    sql`with target as (
          select c.message_id, c.parent_id,
            1 + (select count(*) from comments r where r.parent_id = c.id) as n
          from comments c where c.id = ${id}
        ), gone as (delete from comments where id = ${id}),
        top as (
          update comments set reply_count = greatest(reply_count - 1, 0)
          where id = (select parent_id from target)
        )
        update messages m set comment_count = greatest(m.comment_count - t.n, 0)
        from target t where m.id = t.message_id`,
  );
  return [];
}

/** Moves these posts' expiry to `now`: every read leaves out what has expired. */
export async function expirePosts(
  tx: Pick<Tx, 'execute'>,
  postIds: string[],
  now: Date,
): Promise<void> {
  if (postIds.length === 0) return;
  await tx.execute(
    sql`update messages set expires_at = ${now}
        where id = any(${`{${postIds.join(',')}}`}::bigint[])`,
  );
}

/** Gives posts back the expiry each had (null: none), from PostgreSQL's text of it. */
export async function restorePostExpiries(
  tx: Pick<Tx, 'execute'>,
  posts: { postId: string; expiresAt: string | null }[],
): Promise<void> {
  if (posts.length === 0) return;
  await tx.execute(
    sql`update messages m set expires_at = r."expiresAt"::timestamptz
        from jsonb_to_recordset(${JSON.stringify(posts)}::jsonb) as r("postId" bigint, "expiresAt" text)
        where m.id = r."postId"`,
  );
}
