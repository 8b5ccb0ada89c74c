import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/app-test-kit.ts';
import type { EmissionTotals } from './emission-rules.ts';
import { createTotalsCache } from './stats-cache.ts';

const at = (events: number): EmissionTotals => ({
  totalEvents: BigInt(events),
  totalMinted: BigInt(events) * 150n,
});

describe('the emission counters in memory', () => {
  it('waits for the first read only, then reads again in the background once too old', async () => {
    const clock = new TestClock();
    let row = at(10);
    let reads = 0;
    const cache = createTotalsCache({
      maxAgeMs: 1000,
      clock,
      load: () => {
        reads += 1;
        return Promise.resolve(row);
      },
      onError: () => undefined,
    });
    expect(await cache.get()).toEqual(at(10));
    row = at(12);
    clock.advance(999);
    expect(await cache.get()).toEqual(at(10));
    clock.advance(2);
    // Too old: this call still answers what it holds, and starts the read.
    expect(await cache.get()).toEqual(at(10));
    expect(await cache.get()).toEqual(at(12));
    expect(reads).toBe(2);
  });

  it("takes this instance's batches at once and never steps back to an older read", async () => {
    const clock = new TestClock();
    let release: (totals: EmissionTotals) => void = () => undefined;
    const cache = createTotalsCache({
      maxAgeMs: 1000,
      clock,
      load: () => new Promise((resolve) => (release = resolve)),
      onError: () => undefined,
    });
    const first = cache.get();
    cache.offer(at(20));
    release(at(15));
    expect(await first).toEqual(at(20));
    cache.offer(at(19));
    expect(await cache.get()).toEqual(at(20));
  });

  it('reads every time with a maximum age of 0', async () => {
    let reads = 0;
    const cache = createTotalsCache({
      maxAgeMs: 0,
      clock: new TestClock(),
      load: () => Promise.resolve(at(++reads)),
      onError: () => undefined,
    });
    expect(await cache.get()).toEqual(at(1));
    expect(await cache.get()).toEqual(at(2));
  });
});
