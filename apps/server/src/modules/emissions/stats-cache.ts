import type { Clock } from '../../context.ts';
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
  const { maxAgeMs, clock, load } = options;
  let held: { totals: EmissionTotals; at: number } | null = null;
  let reading: Promise<EmissionTotals> | null = null;

  function keep(totals: EmissionTotals, at: number): void {
    // Counters only grow: a read that started before a newer offer must not step back.
    if (held && held.totals.totalEvents > totals.totalEvents) return;
    if (held && held.totals.totalMinted > totals.totalMinted) return;
    held = { totals, at };
  }

  function read(): Promise<EmissionTotals> {
    if (!reading) {
      const at = clock.now().getTime();
      reading = load()
        .then((totals) => {
          keep(totals, at);
          return held?.totals ?? totals;
        })
        .finally(() => {
          reading = null;
        });
    }
    return reading;
  }

  return {
    async get() {
      if (maxAgeMs <= 0) return load();
      if (!held) return read();
      if (clock.now().getTime() - held.at > maxAgeMs) read().catch(options.onError);
      return held.totals;
    },
    offer(totals) {
      keep(totals, clock.now().getTime());
    },
  };
}
