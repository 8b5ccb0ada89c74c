import type pg from 'pg';
import type { Clock } from '../../context.ts';
import { anyCampaignActive } from './repo.ts';

/**
 * Whether any campaign is active, for the feed's hook: a For you page is taken apart for a
 * sponsored item only then, so a deployment without running campaigns adds nothing to a page.
 * Held in memory and read again, in the background, once older than `maxAgeMs`; a campaign
 * made active on this instance (created, resumed, topped up) is seen by the next page at once,
 * one made active on another instance within `maxAgeMs`.
 */
export interface ServingProbe {
  serving(): Promise<boolean>;
  /** A campaign changed state on this instance: the next call reads again and waits for it. */
  changed(): void;
}

export function createServingProbe(options: {
  pool: pg.Pool;
  clock: Clock;
  maxAgeMs: number;
  onError: (error: unknown) => void;
}): ServingProbe {
  const { pool, clock, maxAgeMs } = options;
  let held: { active: boolean; at: number } | null = null;
  let reading: Promise<boolean> | null = null;
  let generation = 0;

  function read(): Promise<boolean> {
    if (!reading) {
      const at = clock.now().getTime();
      const startedIn = generation;
      reading = anyCampaignActive(pool)
        .then((active) => {
          // A change made while this read ran may not be in it: only a later read is kept.
          if (startedIn === generation) held = { active, at };
          return active;
        })
        .finally(() => {
          reading = null;
        });
    }
    return reading;
  }

  return {
    async serving() {
      if (!held) return read();
      if (clock.now().getTime() - held.at > maxAgeMs) read().catch(options.onError);
      return held.active;
    },
    changed() {
      generation += 1;
      held = null;
      reading = null;
    },
  };
}
