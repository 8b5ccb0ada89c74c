import type pg from 'pg';
import {
  recordSupport,
  recordSupports,
  type RecordedSupport,
  type SupportToRecord,
} from './repo.ts';

/**
 * Group commit of vault supports, per instance. A support that finds no write in flight is
 * recorded at once, on its own. Supports that arrive while a write is in flight wait for it and
 * are then recorded together: one statement and one commit (record_vault_supports), instead of
 * a round trip and a commit each. Under load that is most of what a support costs the database,
 * above all on PGlite, which runs one statement at a time (docs/benchmarks.md, bench:vaults).
 *
 * A batch is sorted by vault (each vault in arrival order), so batches of several instances
 * take vault row locks in the same order and cannot deadlock. If a batch fails, each of its
 * supports is recorded on its own, so one bad support fails alone.
 */
export interface SupportWriter {
  record(support: SupportToRecord): Promise<RecordedSupport>;
}

/** Supports per statement at most. */
const MAX_BATCH = 256;

interface Waiting {
  support: SupportToRecord;
  resolve: (result: RecordedSupport) => void;
  reject: (error: unknown) => void;
}

export function createSupportWriter(pool: Pick<pg.Pool, 'query'>): SupportWriter {
  let waiting: Waiting[] = [];
  let writing = false;

  async function writeAll(): Promise<void> {
    writing = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, MAX_BATCH);
        waiting = waiting.slice(MAX_BATCH);
        // writeBatch settles every support itself; this only guards against a bug in it.
        await writeBatch(batch).catch((error: unknown) => batch.forEach((w) => w.reject(error)));
      }
    } finally {
      writing = false;
    }
  }

  async function writeBatch(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      await recordSupport(pool, only.support).then(only.resolve, only.reject);
      return;
    }
    // Array.prototype.sort is stable: supports of one vault keep their arrival order.
    const ordered = [...batch].sort((a, b) =>
      a.support.vaultId < b.support.vaultId ? -1 : a.support.vaultId > b.support.vaultId ? 1 : 0,
    );
    let results: RecordedSupport[];
    try {
      results = await recordSupports(
        pool,
        ordered.map((w) => w.support),
      );
    } catch {
      // Nothing of the batch was written: each on its own, so only a bad one fails.
      for (const w of ordered) await recordSupport(pool, w.support).then(w.resolve, w.reject);
      return;
    }
    ordered.forEach((w, i) => w.resolve(results[i] as RecordedSupport));
  }

  return {
    record(support) {
      return new Promise<RecordedSupport>((resolve, reject) => {
        waiting.push({ support, resolve, reject });
        if (!writing) void writeAll();
      });
    },
  };
}
