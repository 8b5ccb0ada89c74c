import type { Clock } from '../../clock.ts';
import { createStaleWhileRevalidate } from '../../stale-while-revalidate.ts';
import type { EmissionTotals } from './emission-rules.ts';

/**
 * The ledger's counters for the stats calls (GET /api/emissions/stats and platform-stats),
 * which every open page polls: answered from memory, so that a busy sequencer or a full pool
 * never makes the banner wait. This instance's sequencer offers the counters of every batch it
 * commits (so its own rewards show at once); the row is read again when the counters are older
 * than `maxAgeMs` (other instances' batches, bonus mints), in the background while the older
 * counters answer. Only the very first call waits for the read; `maxAgeMs` 0 reads every time.
 */
export interface TotalsCache {
  get(): Promise<EmissionTotals>;
  /** Counters just committed by this instance; older ones than held are ignored. */
  offer(totals: EmissionTotals): void;
}

export function createTotalsCache(options: {
  maxAgeMs: number;
  clock: Clock;
  load: () => Promise<EmissionTotals>;
  onError: (error: unknown) => void;
}): TotalsCache {
  const held = createStaleWhileRevalidate<EmissionTotals>({
    ...options,
    // Counters only grow: a read that started before a newer offer must not step back.
    replaces: (next, current) =>
      next.totalEvents >= current.totalEvents && next.totalMinted >= current.totalMinted,
  });
  return { get: () => held.get(), offer: (totals) => held.offer(totals) };
}
