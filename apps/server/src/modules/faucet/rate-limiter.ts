/**
 * Fixed-window counters for the faucet. In memory on purpose: the faucet only works on the
 * embedded localnet, which exists in exactly one process (see docs/decisions/003-localnet.md).
 */
export interface RateLimiter {
  /** Takes one unit from every key, or none if any key is at its limit. */
  tryTake(keys: { key: string; limit: number }[], windowMs: number, now: Date): boolean;
}

export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    tryTake(keys, windowMs, now) {
      const at = now.getTime();
      const current = keys.map(({ key, limit }) => {
        let entry = windows.get(key);
        if (!entry || at - entry.start >= windowMs) {
          entry = { start: at, count: 0 };
          windows.set(key, entry);
        }
        return { entry, limit };
      });
      if (current.some(({ entry, limit }) => entry.count >= limit)) return false;
      for (const { entry } of current) entry.count += 1;
      // Forget expired windows now and then so the map stays small.
      if (windows.size > 10_000) {
        for (const [key, entry] of windows) if (at - entry.start >= windowMs) windows.delete(key);
      }
      return true;
    },
  };
}
