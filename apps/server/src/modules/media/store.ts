import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { dueFailedDeletes, forgetFailedDelete, recordFailedDeletes } from './repo.ts';
import { createS3MediaStore } from './s3-store.ts';
import { mediaStoreAt, type MediaStore } from './storage.ts';

/** The first retry of a failed delete waits this long, each next one twice as long... */
const RETRY_FIRST_MS = 30_000;
/** ...up to this. */
const RETRY_MAX_MS = 60 * 60_000;

function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

function describe(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);
}

/**
 * The media store the configuration names (MEDIA_STORE): DATA_DIR/media, or the S3 bucket.
 * A delete it fails is recorded in media_deletions for the cleanup job (retryFailedDeletes).
 * Built once per context (create-context.ts), which closes it.
 */
export function createMediaStore(
  config: Config,
  deps: { db: Db; clock: Clock; logger: FastifyBaseLogger },
): MediaStore {
  const store =
    config.media.store === 's3'
      ? createS3MediaStore(config.media, config.dataDir)
      : mediaStoreAt(config.dataDir);
  store.failedDeletes = {
    async record(names, error) {
      deps.logger.warn(
        { err: error, names },
        'media delete failed; recorded to retry (media_deletions)',
      );
      const now = deps.clock.now();
      await recordFailedDeletes(deps.db, {
        names,
        error: describe(error),
        now,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(1)),
      });
    },
  };
  return store;
}

/**
 * The cleanup job's retry of failed deletes: each one due is deleted again; the ones the store
 * confirms are forgotten, the others wait twice as long (at most an hour) and stay counted.
 */
export async function retryFailedDeletes(
  deps: { db: Db; media: MediaStore },
  now: Date,
  batchSize: number,
): Promise<{ deleted: number; failed: number }> {
  const due = await dueFailedDeletes(deps.db, { now, limit: batchSize });
  let deleted = 0;
  let failed = 0;
  for (const { storageKey, attempts } of due) {
    try {
      await deps.media.remove(storageKey);
    } catch (error) {
      failed += 1;
      await recordFailedDeletes(deps.db, {
        names: [storageKey],
        error: describe(error),
        now,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts + 1)),
      });
      continue;
    }
    await forgetFailedDelete(deps.db, storageKey);
    deleted += 1;
  }
  return { deleted, failed };
}
