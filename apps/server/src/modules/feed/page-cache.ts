import type { Clock } from '../../clock.ts';

/**
 * The feed's pages (scope 'all', any cursor) as every viewer shares them, kept for a short time
 * (FEED_CACHE_MS, default 1 s), so that readers of the same page, signed in or not, first or
 * deep, share one statement. What differs per viewer (their likes, bookmarks, 'Notify me'
 * marks, blocks, their own pending and sealed posts) is applied to a shared page by the caller
 * (reads.ts, with viewer-state.ts); the entry only holds what is the same for everyone, plus
 * the caller's memo of serialised items (`memo`), which lives and dies with the entry.
 *
 * - A new post, on this instance or any other (the bus), drops the pages it could be on: the
 *   first pages, and those whose cursor is not older than the post. A delete, comment delete or
 *   the expiry job on this instance, and a vault support or a capsule opening on any instance
 *   drop every entry at once; a like or delete on another instance shows here within the time
 *   to live.
 * - An entry never outlives the first expiry among its posts.
 * - Concurrent misses of one page share one load; a load that started before an invalidation
 *   answers its callers but is not kept.
 * - At most `maxPages` entries; past that the oldest goes first. Entries whose time is up are
 *   dropped as new ones are stored (`dropExpired`), so the cache holds the pages read within
 *   its time to live, not `maxPages` of them that nobody may read any more.
 */
export interface PageCache<Page> {
  /** False with a time to live of 0: every page is then read in SQL for its viewer. */
  readonly enabled: boolean;
  /**
   * The page under `key`, held or loaded. `cursorMs`: the time of the page's cursor (its posts
   * are all older), null for a first page; `postAdded` drops pages by it.
   */
  get(key: string, cursorMs: number | null, load: () => Promise<Loaded<Page>>): Promise<Page>;
  invalidate(): void;
  /**
   * A post became readable at `createdAtMs` (a new post: now): only pages it could be on are
   * dropped, the first pages and those whose cursor is not older than it. The deep pages of a
   * busy feed stay warm while people post.
   */
  postAdded(createdAtMs: number): void;
  /**
   * Changes every held page in place (a like or comment count this instance just changed), so
   * the pages stay warm under writes that move only counts; a load already in flight may have
   * read the count before the change, so it answers its callers but is not kept.
   */
  patch(change: (page: Page) => void): void;
}

/** A load in flight: its page's cursor time, and whether it may still be kept. */
interface Flight {
  cursorMs: number | null;
  keep: boolean;
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
  const entries = new Map<string, { page: Page; validUntil: number; cursorMs: number | null }>();
  /** Loads in flight; one whose `keep` is cleared answers its callers but is not kept. */
  const loading = new Map<string, { flight: Flight; promise: Promise<Page> }>();
  /** Whether a post at `createdAtMs` could be on the page with this cursor. */
  const couldHold = (cursorMs: number | null, createdAtMs: number) =>
    cursorMs === null || cursorMs >= createdAtMs;
  const stopLoads = (which: (flight: Flight) => boolean) => {
    for (const [key, { flight }] of loading) {
      if (!which(flight)) continue;
      flight.keep = false;
      loading.delete(key);
    }
  };

  return {
    enabled: ttlMs > 0,
    async get(key, cursorMs, load) {
      if (ttlMs <= 0) return (await load()).page;
      const now = clock.now().getTime();
      const entry = entries.get(key);
      if (entry && entry.validUntil > now) return entry.page;
      const pending = loading.get(key);
      if (pending) return pending.promise;

      const flight: Flight = { cursorMs, keep: true };
      const promise = load()
        .then(({ page, earliestExpiry }) => {
          if (flight.keep) {
            entries.delete(key);
            dropExpired(entries, clock.now().getTime());
            if (entries.size >= maxPages) {
              const oldest = entries.keys().next();
              if (!oldest.done) entries.delete(oldest.value);
            }
            const expiry = earliestExpiry?.getTime() ?? Infinity;
            entries.set(key, { page, validUntil: Math.min(now + ttlMs, expiry), cursorMs });
          }
          return page;
        })
        .finally(() => {
          if (loading.get(key)?.flight === flight) loading.delete(key);
        });
      loading.set(key, { flight, promise });
      return promise;
    },
    invalidate() {
      entries.clear();
      stopLoads(() => true);
    },
    postAdded(createdAtMs) {
      for (const [key, entry] of entries) {
        if (couldHold(entry.cursorMs, createdAtMs)) entries.delete(key);
      }
      stopLoads((flight) => couldHold(flight.cursorMs, createdAtMs));
    },
    patch(change) {
      stopLoads(() => true);
      for (const entry of entries.values()) change(entry.page);
    },
  };
}

/**
 * Drops the entries whose time is up from the front of a cache's Map, up to the first one still
 * valid. The Map keeps entries in the order they were stored, and each is valid for the same
 * time to live (or less: a post's expiry), so the front is the oldest; an entry cut short by an
 * expiry behind a valid one waits until it reaches the front. Amortised, one check a store.
 */
export function dropExpired(entries: Map<string, { validUntil: number }>, now: number): void {
  for (const [key, entry] of entries) {
    if (entry.validUntil > now) return;
    entries.delete(key);
  }
}
