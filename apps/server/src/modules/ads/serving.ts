import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import { createStaleWhileRevalidate } from '../../stale-while-revalidate.ts';
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
  const { pool, ...rest } = options;
  const active = createStaleWhileRevalidate({ ...rest, load: () => anyCampaignActive(pool) });
  return { serving: () => active.get(), changed: () => active.invalidate() };
}
