import type { EngagementKind } from '@dum/core';
import type pg from 'pg';
import { batchedWrites, inGivenOrder } from '../../db/statement-batches.ts';
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

type ToggleArgs = { postId: bigint; userId: string; kind: EngagementKind; now: Date };
type ToggleAnswer = EngagementBar & { outcome: EngagementToggle | null };

/**
 * Toggles in one statement, one round trip, answered in the order given: first what bars each
 * toggle (toggle_engagements has no block check of its own): the post's author by
 * live_post_author's rule (a missing or hidden post bars nothing here, the toggle answers it),
 * the people slice's block probes and the viewer's mark, all by primary key; then, where no block
 * stands, the toggles themselves, set-based (toggle_engagements, migration 0055: one insert, one
 * delete, one count update per post). The bars are read before any toggle, which is what one
 * toggle alone reads: a toggle runs only where no block stands, and no toggle writes a block.
 * Across a block the outcome is null and nothing was written: the caller decides with the bar.
 */
async function toggleEachUnlessBlocked(
  db: Pick<pg.Pool, 'query'>,
  toggles: ToggleArgs[],
): Promise<ToggleAnswer[]> {
  const { rows } = await db.query<ToggleAnswer & { ord: string }>({
    name: 'feed_toggle_many_unless_blocked',
    text: `with given as (
        select i.*,
          exists (select 1 from (select live_post_author(i.post_id, i.user_id, i.now) as author_id) post
            where post.author_id <> i.user_id
              and not ${notBlockedEitherWay('i.user_id', 'post.author_id')}) as blocked,
          exists (select 1 from engagements e
            where e.message_id = i.post_id and e.user_id = i.user_id and e.kind = i.kind) as marked
        from unnest($1::bigint[], $2::uuid[], $3::text[], $4::timestamptz[])
          with ordinality as i(post_id, user_id, kind, now, ord)
      ), open as (
        select row_number() over (order by ord) as n, g.* from given g where not g.blocked
      ), toggled as (
        select t.outcome, t.n from toggle_engagements(
          array(select post_id from open order by n), array(select user_id from open order by n),
          array(select kind from open order by n), array(select now from open order by n)
        ) with ordinality as t(outcome, n)
      )
      select g.ord::text as ord, g.blocked, g.marked, t.outcome
      from given g left join open o on o.ord = g.ord left join toggled t on t.n = o.n`,
    values: [
      toggles.map((toggle) => toggle.postId.toString()),
      toggles.map((toggle) => toggle.userId),
      toggles.map((toggle) => toggle.kind),
      toggles.map((toggle) => toggle.now),
    ],
  });
  return inGivenOrder(rows, toggles.length, 'feed_toggle_many_unless_blocked');
}

/** One like or bookmark toggled unless a block bars it: toggleEachUnlessBlocked's statement. */
export async function toggleUnlessBlocked(
  db: Pick<pg.Pool, 'query'>,
  args: ToggleArgs,
): Promise<ToggleAnswer> {
  const [answer] = await toggleEachUnlessBlocked(db, [args]);
  if (!answer) throw new Error('feed_toggle_many_unless_blocked answered nothing');
  return answer;
}

/** Toggles in one statement at most. */
const MAX_TOGGLES = 64;

/**
 * toggleUnlessBlocked, in a statement it may share with the likes and bookmarks toggled at the
 * same moment (db/statement-batches.ts says how and why).
 */
export const toggleUnlessBlockedSoon: (
  db: Pick<pg.Pool, 'query'>,
  args: ToggleArgs,
) => Promise<ToggleAnswer> = batchedWrites({
  writeOne: toggleUnlessBlocked,
  writeMany: toggleEachUnlessBlocked,
  maxBatch: MAX_TOGGLES,
});

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
