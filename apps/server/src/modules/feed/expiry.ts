import { ESCROW_PENDING_TTL_MS } from '@dum/core';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import type { Tx } from '../emissions/index.ts';
import { lockStalePendingVaultPosts } from '../escrow/index.ts';
import { removeMediaFiles, runMediaCleanup, type MediaStore } from '../media/index.ts';
import { moderationKeeps } from '../moderation/index.ts';
import { deletePosts, lockExpiredPosts } from './post-writes.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type FeedJobsContext = Pick<SharedContext, 'clock' | 'config' | 'database' | 'logger'> & {
  media: MediaStore;
};

export interface CleanupDeps {
  db: Db;
  media: MediaStore;
  logger: FastifyBaseLogger;
  /** Rate-limit windows older than this are dropped. */
  rateWindowMs: number;
  /** Uploads older than this lose their IP (the per-IP upload quota's window, modules/media). */
  ipWindowMs?: number;
}

export interface CleanupResult {
  posts: number;
  /** Escrow vault posts whose vault never appeared on chain within the hour (decision 009). */
  pendingVaults: number;
  abandonedUploads: number;
  files: number;
}

/**
 * Deletes free posts whose 24 h are over, with their comments, likes, bookmarks (cascades) and
 * media files, then escrow vault posts still pending, then (modules/media) uploads no post
 * took and spent rate-limit windows.
 *
 * Safe on several instances at once: each batch locks its rows with FOR UPDATE SKIP LOCKED, so
 * two runs take disjoint batches, and a post being liked or commented on right now is simply
 * left for the next run. Files are removed after the commit (a rollback never loses a file
 * whose row survives); a file already gone is fine, so a crash between commit and unlink, or a
 * second run, does no harm.
 */
export async function runFeedCleanup(
  deps: CleanupDeps,
  now: Date,
  batchSize = 500,
): Promise<CleanupResult> {
  // A post an open report holds, or one moderation hides before its own expiry, is kept
  // (modules/moderation): still hidden from readers, as every expired post is.
  const expired = await deleteInBatches(deps, batchSize, (tx) =>
    lockExpiredPosts(tx, { now, limit: batchSize, unless: moderationKeeps(sql`messages.id`, now) }),
  );
  const pending = await deleteInBatches(deps, batchSize, (tx) =>
    lockStalePendingVaultPosts(tx, {
      createdBefore: new Date(now.getTime() - ESCROW_PENDING_TTL_MS),
      limit: batchSize,
    }),
  );
  const uploads = await runMediaCleanup(deps, now, batchSize);
  return {
    posts: expired.posts,
    pendingVaults: pending.posts,
    abandonedUploads: uploads.abandonedUploads,
    files: expired.files + pending.files + uploads.abandonedUploads,
  };
}

/**
 * Deletes the posts `lock` picks, a batch per transaction, until a batch comes back short;
 * each batch's media files go after its commit.
 */
async function deleteInBatches(
  deps: CleanupDeps,
  batchSize: number,
  lock: (tx: Tx) => Promise<string[]>,
): Promise<{ posts: number; files: number }> {
  const total = { posts: 0, files: 0 };
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const ids = await lock(tx);
      return { posts: ids.length, keys: await deletePosts(tx, ids) };
    });
    await removeMediaFiles(deps.media, batch.keys);
    total.posts += batch.posts;
    total.files += batch.keys.length;
    if (batch.posts < batchSize) return total;
  }
}

export type FeedJobs = PeriodicJob<CleanupResult>;

/**
 * Starts the cleanup every FEED_EXPIRY_INTERVAL_MS (periodic-job.ts). main.ts starts it and
 * stops it on shutdown, before the database closes; tests call runFeedCleanup directly.
 */
export function startFeedJobs(ctx: FeedJobsContext): FeedJobs {
  const deps: CleanupDeps = {
    db: ctx.database.db,
    media: ctx.media,
    logger: ctx.logger,
    rateWindowMs: ctx.config.feed.uploadRateWindowMs,
    ipWindowMs: ctx.config.feed.uploadIpQuota.windowMs,
  };
  return startPeriodicJob({
    name: 'feed cleanup',
    intervalMs: ctx.config.feed.expiryIntervalMs,
    logger: ctx.logger,
    run: () => runFeedCleanup(deps, ctx.clock.now()),
    report: (result) => {
      if (result.posts > 0 || result.pendingVaults > 0 || result.abandonedUploads > 0) {
        ctx.logger.info(result, 'feed cleanup');
      }
    },
  });
}
