import type { EngagementKind } from '@dum/core';
import type pg from 'pg';
import { notBlockedEitherWay } from '../people/index.ts';

/**
 * Likes and bookmarks in SQL: the one-call toggle (toggle_engagement), what bars a new one, and
 * the locks under which one is taken back across a block.
 */

/** What toggle_engagement (migration 0029) answers. */
export type EngagementToggle = 'on' | 'off' | 'none' | 'post_not_found' | 'unauthorized';

/**
 * Toggles a like or bookmark in one call (toggle_engagement, migration 0029): the post's row
 * lock, the engagement row, a like's count, the author's likes received that day and the
 * like's rewarded event, all in one statement of its own (one round trip, no transaction around
 * it).
 */
export async function toggleEngagementRow(
  db: Pick<pg.Pool, 'query'>,
  args: { postId: bigint; userId: string; kind: EngagementKind; now: Date },
): Promise<EngagementToggle> {
  const { rows } = await db.query<{ outcome: EngagementToggle }>({
    name: 'feed_toggle_engagement',
    text: 'select toggle_engagement($1, $2, $3, $4) as outcome',
    values: [args.postId.toString(), args.userId, args.kind, args.now],
  });
  const outcome = rows[0]?.outcome;
  if (!outcome) throw new Error('toggle_engagement returned nothing');
  return outcome;
}

/** What stands between a viewer and a like or bookmark of a post. */
export interface EngagementBar {
  /** A block stands between the viewer and the live post's author, either way. */
  blocked: boolean;
  /** The viewer's like or bookmark of this kind is on the post. */
  marked: boolean;
}

/**
 * One statement, one round trip: first what bars the toggle (toggle_engagement has no block
 * check of its own): the post's author by live_post_author's rule (a missing or hidden post
 * bars nothing here, the toggle answers it), the people slice's block probes and the viewer's
 * mark, all by primary key; then, when no block stands, the toggle itself. Across a block the
 * outcome is null and nothing was written: the caller decides with the bar.
 */
export async function toggleUnlessBlocked(
  db: Pick<pg.Pool, 'query'>,
  args: { postId: bigint; userId: string; kind: EngagementKind; now: Date },
): Promise<EngagementBar & { outcome: EngagementToggle | null }> {
  const { rows } = await db.query<EngagementBar & { outcome: EngagementToggle | null }>({
    name: 'feed_toggle_unless_blocked',
    text: `with post as (select live_post_author($1::bigint, $2::uuid, $4::timestamptz) as author_id),
      bar as (
        select
          exists (select 1 from post where post.author_id <> $2::uuid
            and not ${notBlockedEitherWay('$2::uuid', 'post.author_id')}) as blocked,
          exists (select 1 from engagements e
            where e.message_id = $1 and e.user_id = $2 and e.kind = $3::text) as marked
      )
      select blocked, marked,
        case when blocked then null else toggle_engagement($1, $2, $3, $4) end as outcome
      from bar`,
    values: [args.postId.toString(), args.userId, args.kind, args.now],
  });
  const row = rows[0];
  if (!row) throw new Error('feed_toggle_unless_blocked returned nothing');
  return row;
}

/**
 * Locks the post as toggle_engagement does, then the viewer's like or bookmark row (in that
 * order, the toggle's, so the two never wait on each other in a circle); answers whether the row
 * is there. For the caller's transaction.
 */
export async function lockOwnEngagement(
  client: pg.PoolClient,
  args: { postId: bigint; userId: string; kind: EngagementKind },
): Promise<boolean> {
  await client.query({
    name: args.kind === 'like' ? 'feed_lock_post_for_like' : 'feed_lock_post_for_bookmark',
    text: `select 1 from messages where id = $1 ${
      args.kind === 'like' ? 'for no key update' : 'for key share'
    }`,
    values: [args.postId.toString()],
  });
  const { rows } = await client.query({
    name: 'feed_lock_own_engagement',
    text: `select 1 from engagements
      where message_id = $1 and user_id = $2 and kind = $3 for update`,
    values: [args.postId.toString(), args.userId, args.kind],
  });
  return rows.length > 0;
}
