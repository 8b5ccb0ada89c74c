import type { Clock } from '../../context.ts';

/**
 * The anonymous first page of the feed, serialised, kept for a short time (FEED_CACHE_MS,
 * default 1 s). It is the one response every visitor asks for, and the same for all of them.
 *
 * - A write on this instance (post, delete, like, comment, the expiry job) drops it at once, and
 *   so does a new_post event from any instance (the bus); a like or delete on another instance
 *   shows here within the time to live.
 * - An entry never outlives the first expiry among its posts.
 * - Concurrent misses share one load; a load that started before an invalidation answers its
 *   callers but is not kept.
 */
export interface FirstPageCache {
  get(limit: number, load: () => Promise<CachedPage>): Promise<Buffer>;
  invalidate(): void;
}

export interface CachedPage {
  body: Buffer;
  /** The earliest expiry among the page's posts, if any. */
  earliestExpiry: Date | null;
}

export function createFirstPageCache(ttlMs: number, clock: Clock): FirstPageCache {
  const entries = new Map<number, { body: Buffer; validUntil: number }>();
  const loading = new Map<number, Promise<Buffer>>();
  let generation = 0;

  return {
    async get(limit, load) {
      if (ttlMs <= 0) return (await load()).body;
      const now = clock.now().getTime();
      const entry = entries.get(limit);
      if (entry && entry.validUntil > now) return entry.body;
      const pending = loading.get(limit);
      if (pending) return pending;

      const startedIn = generation;
      const promise = load()
        .then((page) => {
          if (startedIn === generation) {
            const expiry = page.earliestExpiry?.getTime() ?? Infinity;
            entries.set(limit, { body: page.body, validUntil: Math.min(now + ttlMs, expiry) });
          }
          return page.body;
        })
        .finally(() => {
          if (loading.get(limit) === promise) loading.delete(limit);
        });
      loading.set(limit, promise);
      return promise;
    },
    invalidate() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
  };
}
