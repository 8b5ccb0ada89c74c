import { sql } from 'drizzle-orm';
import type { Tx } from '../emissions/index.ts';
import { deleteMediaOf } from '../media/index.ts';

/**
 * A moderator's removal of a post or a comment, run in the decision's transaction (the
 * composition root hands these to the moderation slice, which the feed imports).
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
