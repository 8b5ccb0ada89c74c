import type { Clock } from '../../clock.ts';
import type { ViewerVersions } from '../../viewer-versions.ts';
import type { MutedWord } from '../people/index.ts';

/**
 * A signed-in viewer's own marks on the feed: the posts they liked, bookmarked and reposted, the
 * capsules they wait for ('Notify me'), the wallets they blocked and the words they muted. With
 * them, a page every viewer shares (page-cache.ts) becomes this viewer's page without asking the
 * database.
 */
export interface ViewerMarks {
  likes: ReadonlySet<string>;
  bookmarks: ReadonlySet<string>;
  waiting: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
  reposts: ReadonlySet<string>;
  /** Each with its end: a word whose time has passed no longer counts (muted.ts). */
  muted: readonly MutedWord[];
}

/**
 * The marks of recent viewers, each kept with the viewer's version (viewer-versions.ts) it was
 * read at and used only while that version is current: every change of a mark bumps the
 * version after it commits and before it answers, so no read after it gets the older marks, on
 * any instance. Entries also expire (`ttlMs`), and past `maxViewers` the oldest go first.
 *
 * `get` answers null when the marks must come from SQL instead: the version is unknown (Redis
 * unreachable) or the viewer has more marks of one kind than `load` keeps.
 */
export interface ViewerMarksCache {
  get(viewerId: string): Promise<ViewerState | null>;
}

/** A viewer's marks with the version they were read at (a Following page is kept by it too). */
export interface ViewerState {
  version: number;
  marks: ViewerMarks;
}

export function createViewerMarksCache(options: {
  versions: ViewerVersions;
  clock: Clock;
  ttlMs: number;
  maxViewers: number;
  /** Reads the marks; null when there are too many to keep. */
  load: (viewerId: string) => Promise<ViewerMarks | null>;
}): ViewerMarksCache {
  const { versions, clock, ttlMs, maxViewers, load } = options;
  const entries = new Map<
    string,
    { version: number; state: ViewerState | null; validUntil: number }
  >();
  const loading = new Map<string, { version: number; promise: Promise<ViewerState | null> }>();

  return {
    async get(viewerId) {
      if (ttlMs <= 0) return null;
      const version = await versions.current(viewerId);
      if (version === null) return null;
      const now = clock.now().getTime();
      const entry = entries.get(viewerId);
      if (entry && entry.version === version && entry.validUntil > now) return entry.state;
      const pending = loading.get(viewerId);
      if (pending && pending.version === version) return pending.promise;

      // The version was read before the marks: a change committed meanwhile bumps it past the
      // entry's, so the entry is read again on its next use.
      const promise = load(viewerId).then((marks) => {
        entries.delete(viewerId);
        if (entries.size >= maxViewers) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        const state = marks && { version, marks };
        entries.set(viewerId, { version, state, validUntil: now + ttlMs });
        return state;
      });
      const done = () => {
        if (loading.get(viewerId)?.promise === promise) loading.delete(viewerId);
      };
      promise.then(done, done);
      loading.set(viewerId, { version, promise });
      return promise;
    },
  };
}
