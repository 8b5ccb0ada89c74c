import type { Clock } from '../../context.ts';

/**
 * The feed's pages (scope 'all', any cursor) as every viewer shares them, kept for a short time
 * (FEED_CACHE_MS, default 1 s), so that readers of the same page, signed in or not, first or
 * deep, share one statement. What differs per viewer (their likes, bookmarks, 'Notify me'
 * marks, blocks, their own pending and sealed posts) is applied to a shared page by the caller
 * (service.ts, with viewer-state.ts); the entry only holds what is the same for everyone, plus
 * the caller's memo of serialised items (`memo`), which lives and dies with the entry.
 *
 * - A write on this instance (post, delete, like, comment, the expiry job) drops every entry at
 *   once, and so does a new post, a vault support or a capsule opening on any instance (the
 *   bus); a like or delete on another instance shows here within the time to live.
 * - An entry never outlives the first expiry among its posts.
 * - Concurrent misses of one page share one load; a load that started before an invalidation
 *   answers its callers but is not kept.
 * - At most `maxPages` entries; past that the oldest goes first.
 */
export interface PageCache<Page> {
  /** False with a time to live of 0: every page is then read in SQL for its viewer. */
  readonly enabled: boolean;
  get(key: string, load: () => Promise<Loaded<Page>>): Promise<Page>;
  invalidate(): void;
  /**
   * Changes every held page in place (a like or comment count this instance just changed), so
   * the pages stay warm under writes that move only counts; a load already in flight may have
   * read the count before the change, so it answers its callers but is not kept.
   */
  patch(change: (page: Page) => void): void;
}

export interface Loaded<Page> {
  page: Page;
  /** The earliest expiry among the page's posts, if any. */
  earliestExpiry: Date | null;
}

export function createPageCache<Page>(options: {
  ttlMs: number;
  clock: Clock;
  maxPages: number;
}): PageCache<Page> {
  const { ttlMs, clock, maxPages } = options;
  const entries = new Map<string, { page: Page; validUntil: number }>();
  const loading = new Map<string, Promise<Page>>();
  let generation = 0;

  return {
    enabled: ttlMs > 0,
    async get(key, load) {
      if (ttlMs <= 0) return (await load()).page;
      const now = clock.now().getTime();
      const entry = entries.get(key);
      if (entry && entry.validUntil > now) return entry.page;
      const pending = loading.get(key);
      if (pending) return pending;

      const startedIn = generation;
      const promise = load()
        .then(({ page, earliestExpiry }) => {
          if (startedIn === generation) {
            entries.delete(key);
            if (entries.size >= maxPages) {
              const oldest = entries.keys().next();
              if (!oldest.done) entries.delete(oldest.value);
            }
            const expiry = earliestExpiry?.getTime() ?? Infinity;
            entries.set(key, { page, validUntil: Math.min(now + ttlMs, expiry) });
          }
          return page;
        })
        .finally(() => {
          if (loading.get(key) === promise) loading.delete(key);
        });
      loading.set(key, promise);
      return promise;
    },
    invalidate() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
    patch(change) {
      generation += 1;
      loading.clear();
      for (const entry of entries.values()) change(entry.page);
    },
  };
}
