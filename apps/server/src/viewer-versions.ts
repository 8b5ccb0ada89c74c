import type { Redis } from 'ioredis';

/**
 * A version number per wallet for what that wallet sees of its own choices: its likes,
 * bookmarks, reposts, 'Notify me' marks, blocks, follows and muted words. The slices that change one of them bump the wallet's
 * version after the change commits and before they answer; a cache of a wallet's choices
 * (modules/feed/viewer-state.ts) keeps the version it was read at and is used only while the
 * version is unchanged. So a cache never shows a wallet a state older than its own last change.
 *
 * In one process the versions are a Map. With REDIS_URL they live in Redis (INCR and GET on the
 * context's connection, pipelined by ioredis with the session check every signed-in request
 * makes anyway), so a like made on one instance is seen by the next read on any other. If Redis
 * is unreachable, `current` answers null and callers read from the database instead.
 */
export interface ViewerVersions {
  /** The wallet's version; null when it cannot be known (callers must not use a cache then). */
  current(userId: string): Promise<number | null>;
  /** Marks a change by the wallet; resolves once every instance will see it. */
  bump(userId: string): Promise<void>;
}

/** How long Redis keeps a wallet's version after its last change (seconds). */
const REDIS_TTL_SECONDS = 7 * 24 * 3600;
/** Past this many wallets in memory, the map starts again (every cache entry then reloads). */
const LOCAL_MAX = 200_000;

export function createViewerVersions(options: {
  redis: Redis | null;
  prefix: string;
  onRedisError?(error: unknown): void;
}): ViewerVersions {
  const { redis, prefix } = options;
  if (!redis) return localVersions();
  const keyOf = (userId: string) => `${prefix}:viewer-version:${userId}`;
  return {
    async current(userId) {
      if (redis.status !== 'ready') return null;
      try {
        const value = await redis.get(keyOf(userId));
        return value === null ? 0 : Number(value);
      } catch (error) {
        options.onRedisError?.(error);
        return null;
      }
    },
    async bump(userId) {
      try {
        await redis.multi().incr(keyOf(userId)).expire(keyOf(userId), REDIS_TTL_SECONDS).exec();
      } catch (error) {
        // The change itself is committed; the caches of this wallet may be stale until their
        // entries expire, so say so loudly rather than fail the request that made the change.
        options.onRedisError?.(error);
      }
    },
  };
}

function localVersions(): ViewerVersions {
  let versions = new Map<string, number>();
  // A restarted map must not repeat a version an old entry was read at: every number starts
  // above the highest handed out before.
  let floor = 0;
  let highest = 0;
  return {
    current(userId) {
      return Promise.resolve(versions.get(userId) ?? floor);
    },
    bump(userId) {
      if (versions.size >= LOCAL_MAX) {
        floor = highest + 1;
        versions = new Map();
      }
      const next = (versions.get(userId) ?? floor) + 1;
      highest = Math.max(highest, next);
      versions.set(userId, next);
      return Promise.resolve();
    },
  };
}
