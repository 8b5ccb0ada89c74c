import type { Clock } from '../../clock.ts';

/**
 * Which posts make a viewer's Following feed first page, remembered per viewer (the ids only:
 * the rows, counts, likes and vault state are read fresh on every request, by id).
 *
 * Finding those ids is the expensive part of the page (one index probe per followed wallet);
 * reading 21 rows by id is not. An entry is used only while it is still right:
 * - a post by any of its wallets (the viewer's own or a followed one), announced on any
 *   instance (`new_post` on the bus, or the write on this instance) drops it at once; a load
 *   that was running when such a post came is not kept;
 * - the request checks the viewer's follows against the entry's fingerprint (how many, and the
 *   newest follow's time: a follow, unfollow or block changes one of them) and that every id
 *   still reads (a deleted or expired post makes the page short): otherwise it loads afresh;
 * - and it lives at most `ttlMs`, whatever happens (a bus message lost in a Redis outage).
 * At most `maxEntries` viewers are kept, the least recently stored dropped first.
 */
export interface FollowingPageCache {
  get(viewerId: string, limit: number): FollowingEntry | null;
  /**
   * Runs `load` and keeps its entry, unless a post by one of the entry's wallets was announced
   * while it ran (the load may have read the database before that post).
   */
  remember<T>(
    viewerId: string,
    limit: number,
    load: () => Promise<{ entry: FollowingEntry; value: T }>,
  ): Promise<T>;
  /**
   * As `remember`, but concurrent calls for one viewer, page size and version (`entry.version`
   * of the load, known beforehand) share one load, unless a post was announced since it began.
   */
  rememberShared<T>(
    viewerId: string,
    limit: number,
    version: number,
    load: () => Promise<{ entry: FollowingEntry; value: T }>,
  ): Promise<T>;
  /** A post by this wallet: drop every entry it could belong to. */
  postedBy(authorId: string): void;
  readonly size: number;
}

/**
 * A post on a Following page because a followed wallet reposted it: the time it sorts by and
 * who reposted it (the most recent followed reposter).
 */
export interface RepostMark {
  at: Date;
  by: { address: string; displayName: string | null };
  /**
   * Made once for the entry and kept with it (shared-page.ts): the cursor after this post, and
   * its last item as answered with `repostedBy` (`of` the shared item it was made from).
   */
  cursor?: string;
  shown?: { of: string; json: string };
}

export interface FollowsFingerprint {
  count: number;
  /** The newest follow's time in ms, or null when the viewer follows nobody. */
  newest: number | null;
}

export interface FollowingEntry {
  /** The page's post ids in order (limit + 1 of them: the last decides nextCursor). */
  ids: readonly string[];
  /** The viewer and the wallets they followed when the ids were read. */
  authors: readonly string[];
  follows: FollowsFingerprint;
  /**
   * The viewer's version (viewer-versions.ts) read before the ids, when known: while it is
   * still the viewer's, their follows, blocks and marks are as they were, so the page can be
   * made from shared rows without checking the follows in SQL.
   */
  version: number | null;
  /** The page's posts that are there as a followed wallet's repost, by id. */
  reposts?: ReadonlyMap<string, RepostMark>;
}

interface Stored extends FollowingEntry {
  key: string;
  validUntil: number;
}

export function sameFingerprint(a: FollowsFingerprint, b: FollowsFingerprint): boolean {
  return a.count === b.count && a.newest === b.newest;
}

// eslint-disable-next-line max-lines-per-function -- a closure: methods that keep its maps in step
export function createFollowingPageCache(
  ttlMs: number,
  clock: Clock,
  maxEntries = 10_000,
): FollowingPageCache {
  const entries = new Map<string, Stored>();
  /** author → keys of the entries that hold their posts */
  const byAuthor = new Map<string, Set<string>>();
  /** Posts announced while loads were running: sequence number → author. */
  const recentPosts: { seq: number; authorId: string }[] = [];
  /** The sequence number each running load started at. */
  const running = new Set<number>();
  let seq = 0;
  /** Shared loads in flight (rememberShared), by viewer, page size and version. */
  const flights = new Map<string, Promise<unknown>>();

  function remove(key: string): void {
    const stored = entries.get(key);
    if (!stored) return;
    entries.delete(key);
    for (const author of stored.authors) {
      const keys = byAuthor.get(author);
      keys?.delete(key);
      if (keys?.size === 0) byAuthor.delete(author);
    }
  }

  function store(key: string, entry: FollowingEntry): void {
    remove(key);
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) remove(oldest.value);
    }
    entries.set(key, { ...entry, key, validUntil: clock.now().getTime() + ttlMs });
    for (const author of entry.authors) {
      let keys = byAuthor.get(author);
      if (!keys) byAuthor.set(author, (keys = new Set()));
      keys.add(key);
    }
  }

  function forgetPostsBefore(oldestRunning: number): void {
    while (recentPosts.length > 0 && (recentPosts[0]?.seq ?? Infinity) <= oldestRunning) {
      recentPosts.shift();
    }
  }

  return {
    get(viewerId, limit) {
      if (ttlMs <= 0) return null;
      const stored = entries.get(`${viewerId}:${limit}`);
      if (!stored) return null;
      if (stored.validUntil <= clock.now().getTime()) {
        remove(stored.key);
        return null;
      }
      return stored;
    },
    async remember(viewerId, limit, load) {
      seq += 1;
      const startedAt = seq;
      running.add(startedAt);
      let result: Awaited<ReturnType<typeof load>>;
      try {
        result = await load();
      } finally {
        running.delete(startedAt);
      }
      const { entry, value } = result;
      const postedSince = recentPosts.some(
        (post) => post.seq > startedAt && entry.authors.includes(post.authorId),
      );
      forgetPostsBefore(running.size > 0 ? Math.min(...running) : seq);
      if (ttlMs > 0 && !postedSince) store(`${viewerId}:${limit}`, entry);
      return value;
    },
    rememberShared(viewerId, limit, version, load) {
      const key = `${viewerId}:${limit}:${version}`;
      const running = flights.get(key);
      if (running) return running as Promise<Awaited<ReturnType<typeof load>>['value']>;
      const promise = this.remember(viewerId, limit, load);
      flights.set(key, promise);
      const done = () => {
        if (flights.get(key) === promise) flights.delete(key);
      };
      promise.then(done, done);
      return promise;
    },
    postedBy(authorId) {
      // A load in flight may have read before this post: later callers start their own.
      flights.clear();
      seq += 1;
      if (running.size > 0) recentPosts.push({ seq, authorId });
      const keys = byAuthor.get(authorId);
      if (keys) for (const key of [...keys]) remove(key);
    },
    get size() {
      return entries.size;
    },
  };
}
