import { ESCROW_PENDING_TTL_MS } from '@dum/core';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job.ts';
import { deleteStalePendingVaults } from '../escrow/repo.ts';
import {
  mediaStoreAt,
  removeMediaFiles,
  removeStaleTempFiles,
  type MediaStore,
} from '../media/storage.ts';

/** Uploads that no post took within this time are deleted with their files. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60_000;
/** Temp files untouched this long belong to a process that died mid-upload. */
const STALE_TEMP_FILE_MS = 60 * 60_000;

export interface CleanupDeps {
  db: Db;
  media: MediaStore;
  logger: FastifyBaseLogger;
  /** Rate-limit windows older than this are dropped. */
  rateWindowMs: number;
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
 * media files, then uploads no post took, then spent rate-limit windows.
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
  const result: CleanupResult = { posts: 0, pendingVaults: 0, abandonedUploads: 0, files: 0 };

  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const due = await tx.execute<{ id: string }>(
        sql`select id::text as id from messages
            where expires_at <= ${now}
            order by expires_at
            limit ${batchSize}
            for update skip locked`,
      );
      if (due.rows.length === 0) return { posts: 0, keys: [] as string[] };
      const ids = `{${due.rows.map((row) => row.id).join(',')}}`;
      const files = await tx.execute<{ storage_key: string }>(
        sql`delete from media where message_id = any(${ids}::bigint[]) returning storage_key`,
      );
      await tx.execute(sql`delete from messages where id = any(${ids}::bigint[])`);
      return { posts: due.rows.length, keys: files.rows.map((row) => row.storage_key) };
    });
    await removeMediaFiles(deps.media, batch.keys);
    result.posts += batch.posts;
    result.files += batch.keys.length;
    if (batch.posts < batchSize) break;
  }

  for (;;) {
    const batch = await deps.db.transaction((tx) =>
      deleteStalePendingVaults(tx, {
        createdBefore: new Date(now.getTime() - ESCROW_PENDING_TTL_MS),
        limit: batchSize,
      }),
    );
    await removeMediaFiles(deps.media, batch.keys);
    result.pendingVaults += batch.posts;
    result.files += batch.keys.length;
    if (batch.posts < batchSize) break;
  }

  for (;;) {
    const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_MS);
    const abandoned = await deps.db.execute<{ storage_key: string }>(
      sql`delete from media where id in (
            select id from media
            where message_id is null and created_at < ${cutoff}
            limit ${batchSize}
            for update skip locked)
          returning storage_key`,
    );
    const keys = abandoned.rows.map((row) => row.storage_key);
    await removeMediaFiles(deps.media, keys);
    result.abandonedUploads += keys.length;
    result.files += keys.length;
    if (keys.length < batchSize) break;
  }

  await deps.db.execute(
    sql`delete from rate_limit_windows
        where window_start < ${new Date(now.getTime() - 2 * deps.rateWindowMs)}`,
  );
  await removeStaleTempFiles(deps.media, STALE_TEMP_FILE_MS);
  return result;
}

export type FeedJobs = PeriodicJob<CleanupResult>;

/**
 * Starts the cleanup every FEED_EXPIRY_INTERVAL_MS (periodic-job.ts). main.ts starts it and
 * stops it on shutdown, before the database closes; tests call runFeedCleanup directly.
 */
export function startFeedJobs(ctx: AppContext): FeedJobs {
  const deps: CleanupDeps = {
    db: ctx.database.db,
    media: mediaStoreAt(ctx.config.dataDir),
    logger: ctx.logger,
    rateWindowMs: ctx.config.feed.uploadRateWindowMs,
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
