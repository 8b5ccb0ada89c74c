import type { FeedItem } from '@dum/core';
import type { Queryable } from '../../db/prepared.ts';
import { readPolls } from '../polls/index.ts';
import type { PostRow } from './repo.ts';

/**
 * Puts each post's poll on its item as this viewer sees it (modules/polls: the counts once they
 * voted or it ended, and their own vote): one read for all the page's polls, none when no post
 * on it has one. `rows` are the items' rows (their `has_poll`), in any order.
 */
export async function withPolls(
  db: Queryable,
  rows: readonly Pick<PostRow, 'id' | 'has_poll'>[],
  items: FeedItem[],
  viewerId: string | null,
  now: Date,
): Promise<FeedItem[]> {
  const postIds = rows.filter((row) => row.has_poll === true).map((row) => row.id);
  if (postIds.length === 0) return items;
  const polls = await readPolls(db, { postIds, viewerId, now });
  return items.map((item) => {
    const poll = polls.get(item.id);
    return poll ? { ...item, poll } : item;
  });
}
