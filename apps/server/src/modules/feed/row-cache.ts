import DataLoader from 'dataloader';
import type { Clock } from '../../clock.ts';
import { dropExpired } from './page-cache.ts';
import type { SharedCounter, SharedPostRow } from './repo.ts';

/**
 * Posts as every viewer shares them, by id, kept for a short time (FEED_CACHE_MS) so the
 * Following pages of many viewers, which draw on the same recent posts, share their reads. The
 * same rules as the shared pages (page-cache.ts): what differs per viewer is applied by the
 * caller (shared-page.ts), the same writes drop or patch the rows, and a row never outlives its
 * post's expiry. Each row carries its serialised forms (`items`, by marks variant), made once.
 *
 * The rows missing from every request in one turn of the event loop are read in one statement
 * (DataLoader): when they expire together, the readers after them do not each ask again. A load
 * that was running when the rows were dropped or patched answers its callers but is not kept.
 * At most `maxRows` rows; past that the oldest goes first. Rows whose time is up are dropped as
 * new ones are stored (page-cache.ts `dropExpired`): the cache holds the rows read within its
 * time to live, not `maxRows` of them (bench:mix, 2026-11-26: 3,000 dead rows after 5 minutes,
 * most of the heap's growth).
 */
export interface RowCache {
  /**
   * The rows of `ids` in that order, the missing ones read; null when one of them can no longer
   * be read (deleted, expired).
   */
  getMany(ids: readonly string[]): Promise<HeldRow[] | null>;
  invalidate(): void;
  /** How many rows are held (valid or not yet dropped). */
  size(): number;
  /** A count of one post this instance just moved (a like or a comment). */
  moveCount(postId: string, counter: SharedCounter, delta: number): void;
}

export interface HeldRow {
  row: SharedPostRow;
  /** Serialised items by marks variant (shared-page.ts), made when first needed. */
  items: (string | undefined)[];
  /** The cursor after this post (its own time), made when first needed. */
  cursor?: string;
}

export function createRowCache(options: {
  ttlMs: number;
  clock: Clock;
  maxRows: number;
  /** Reads the posts of these ids that can still be read, in any order. */
  load: (ids: readonly string[]) => Promise<SharedPostRow[]>;
}): RowCache {
  const { ttlMs, clock, maxRows, load } = options;
  const entries = new Map<string, { held: HeldRow; validUntil: number }>();
  let generation = 0;

  const loader = new DataLoader<string, HeldRow | null>(
    async (ids) => {
      const startedIn = generation;
      const now = clock.now().getTime();
      const byId = new Map<string, HeldRow>();
      const rows = await load(ids);
      dropExpired(entries, clock.now().getTime());
      for (const row of rows) {
        const held = { row, items: [] };
        byId.set(row.id, held);
        if (startedIn !== generation) continue;
        entries.delete(row.id);
        if (entries.size >= maxRows) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        const expiry = row.expires_at?.getTime() ?? Infinity;
        entries.set(row.id, { held, validUntil: Math.min(now + ttlMs, expiry) });
      }
      return ids.map((id) => byId.get(id) ?? null);
    },
    // The entries above are the cache; the loader only batches the misses of every request
    // that came in one turn of the event loop (its I/O callbacks each run their own tick).
    { cache: false, batchScheduleFn: (callback) => setImmediate(callback) },
  );

  return {
    async getMany(ids) {
      const now = clock.now().getTime();
      const found = await Promise.all(
        ids.map((id) => {
          const entry = entries.get(id);
          return entry && entry.validUntil > now ? Promise.resolve(entry.held) : loader.load(id);
        }),
      );
      const rows: HeldRow[] = [];
      for (const row of found) {
        if (!row) return null;
        rows.push(row);
      }
      return rows;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
    size: () => entries.size,
    moveCount(postId, counter, delta) {
      generation += 1;
      const entry = entries.get(postId);
      if (!entry) return;
      entry.held.row[counter] = Math.max(0, entry.held.row[counter] + delta);
      entry.held.items = [];
    },
  };
}
