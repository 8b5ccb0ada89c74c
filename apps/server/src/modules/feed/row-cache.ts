import type { Clock } from '../../context.ts';
import type { SharedPostRow } from './repo.ts';

/**
 * Posts as every viewer shares them, by id, kept for a short time (FEED_CACHE_MS) so the
 * Following pages of many viewers, which draw on the same recent posts, share their reads. The
 * same rules as the shared pages (page-cache.ts): what differs per viewer is applied by the
 * caller (shared-page.ts), the same writes drop or patch the rows, and a row never outlives its
 * post's expiry. Each row carries its serialised forms (`items`, by marks variant), made once.
 *
 * A load that was running when the rows were dropped or patched answers its caller but is not
 * kept. At most `maxRows` rows; past that the oldest goes first.
 */
export interface RowCache {
  /**
   * The rows of `ids` in that order, the missing ones read with `load`; null when one of them
   * can no longer be read (deleted, expired).
   */
  getMany(
    ids: readonly string[],
    load: (missing: string[]) => Promise<SharedPostRow[]>,
  ): Promise<HeldRow[] | null>;
  invalidate(): void;
  /** A count of one post this instance just moved (a like or a comment). */
  moveCount(postId: string, counter: 'like_count' | 'comment_count', delta: number): void;
}

export interface HeldRow {
  row: SharedPostRow;
  /** Serialised items by marks variant (shared-page.ts), made when first needed. */
  items: (string | undefined)[];
}

export function createRowCache(options: {
  ttlMs: number;
  clock: Clock;
  maxRows: number;
}): RowCache {
  const { ttlMs, clock, maxRows } = options;
  const entries = new Map<string, HeldRow & { validUntil: number }>();
  let generation = 0;

  return {
    async getMany(ids, load) {
      const now = clock.now().getTime();
      const held = new Map<string, HeldRow>();
      const missing: string[] = [];
      for (const id of ids) {
        const entry = entries.get(id);
        if (entry && entry.validUntil > now) held.set(id, entry);
        else missing.push(id);
      }
      if (missing.length > 0) {
        const startedIn = generation;
        for (const row of await load(missing)) {
          const loaded = { row, items: [] };
          held.set(row.id, loaded);
          if (startedIn !== generation) continue;
          entries.delete(row.id);
          if (entries.size >= maxRows) {
            const oldest = entries.keys().next();
            if (!oldest.done) entries.delete(oldest.value);
          }
          const expiry = row.expires_at?.getTime() ?? Infinity;
          entries.set(row.id, { ...loaded, validUntil: Math.min(now + ttlMs, expiry) });
        }
      }
      const rows: HeldRow[] = [];
      for (const id of ids) {
        const row = held.get(id);
        if (!row) return null;
        rows.push(row);
      }
      return rows;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
    moveCount(postId, counter, delta) {
      generation += 1;
      const entry = entries.get(postId);
      if (!entry) return;
      entry.row[counter] = Math.max(0, entry.row[counter] + delta);
      entry.items = [];
    },
  };
}
