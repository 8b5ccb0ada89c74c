import { TRENDING_WINDOW_HOURS } from '@dum/core';
import type pg from 'pg';
import type { SharedContext } from '../../context.ts';
import { inTransaction } from '../../db/prepared.ts';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import {
  replaceTopCreators,
  replaceTrendingPosts,
  replaceTrendingTags,
  tryRefreshLock,
} from './repo.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type DiscoverJobsContext = Pick<SharedContext, 'clock' | 'database' | 'logger'>;

/** How often each instance runs the discover job. */
export const DISCOVER_REFRESH_INTERVAL_MS = 60_000;
/** The top creators' window: the last 7 days. */
export const TOP_CREATORS_WINDOW_MS = 7 * 24 * 3600_000;
/** The trending tags' window: posts of the last 24 hours. */
const TRENDING_TAGS_WINDOW_MS = 24 * 3600_000;

export type DiscoverRefreshResult =
  | { refreshed: true; posts: number; tags: number; creators: number }
  /** Another run (this instance's or another's) held the lock: it is doing this work now. */
  | { refreshed: false };

/**
 * Recomputes what discover lists from materialised tables (docs/api.md "Discover and
 * search"): the trending posts and their scores, the trending tags and the week's top
 * creators, each read from its window only (indexes on the time columns), never from whole
 * tables.
 *
 * Safe on several instances at once: the run is one transaction that first takes a
 * transaction-scoped advisory lock without waiting (pg_try_advisory_xact_lock). The run that
 * gets it replaces the three tables (delete, then insert the fresh rows) and commits them
 * together; any run that starts meanwhile finds the lock taken and does nothing, since the
 * holder is computing the same answer. Readers never wait and never see a half-written table:
 * until the commit they read the previous run's rows. A crash rolls the run back and frees the
 * lock. The tables have no foreign keys (a post's deletion must not wait on this job, nor this
 * job on it): the reads join the live posts and users, and the next run drops what is gone.
 */
export async function refreshDiscover(
  database: { pool: pg.Pool },
  now: Date,
): Promise<DiscoverRefreshResult> {
  return inTransaction(database, async (client): Promise<DiscoverRefreshResult> => {
    if (!(await tryRefreshLock(client))) return { refreshed: false };
    const before = (ms: number) => new Date(now.getTime() - ms);
    const posts = await replaceTrendingPosts(client, {
      now,
      since: before(TRENDING_WINDOW_HOURS * 3600_000),
    });
    const tags = await replaceTrendingTags(client, {
      now,
      since: before(TRENDING_TAGS_WINDOW_MS),
    });
    const creators = await replaceTopCreators(client, {
      now,
      since: before(TOP_CREATORS_WINDOW_MS),
    });
    return { refreshed: true, posts, tags, creators };
  });
}

export type DiscoverJobs = PeriodicJob<DiscoverRefreshResult>;

/**
 * Runs refreshDiscover now and every DISCOVER_REFRESH_INTERVAL_MS (periodic-job.ts). main.ts
 * starts it and stops it on shutdown, before the database closes; tests call refreshDiscover.
 */
export function startDiscoverJobs(ctx: DiscoverJobsContext): DiscoverJobs {
  const job = startPeriodicJob({
    name: 'discover refresh',
    intervalMs: DISCOVER_REFRESH_INTERVAL_MS,
    logger: ctx.logger,
    run: () => refreshDiscover(ctx.database, ctx.clock.now()),
  });
  void job.runOnce();
  return job;
}
