import type { Redis } from 'ioredis';

/** What @fastify/rate-limit asks of a store (its `store` option): fixed-window counters. */
interface RateLimitStore {
  incr(
    key: string,
    callback: (error: Error | null, result: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(routeOptions: unknown): RateLimitStore;
}

/**
 * One Redis round trip: count the call (ARGV[2] units, 1 when absent), start the window on the
 * first, answer count and ttl.
 */
const INCR_SCRIPT = `
local units = tonumber(ARGV[2] or '1')
local current = redis.call('INCRBY', KEYS[1], units)
if current == units then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/** Fixed windows in this process; the oldest key goes once `capacity` keys are held. */
class LocalWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(private readonly capacity: number) {}

  incr(key: string, windowMs: number, units = 1): { current: number; ttl: number } {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || now - entry.start >= windowMs) {
      entry = { start: now, count: 0 };
      this.windows.delete(key);
      this.windows.set(key, entry);
      if (this.windows.size > this.capacity) {
        const oldest = this.windows.keys().next();
        if (!oldest.done) this.windows.delete(oldest.value);
      }
    }
    entry.count += units;
    return { current: entry.count, ttl: windowMs - (now - entry.start) };
  }
}

/** Counted units in the current window of a key, and the milliseconds left in that window. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/**
 * Fixed-window counters that count several units at once (a JSON-RPC batch is as many calls as
 * it holds), with the same Redis-or-process rule as the store below: in Redis when it is there
 * and up, in this process whenever it is not. Keys are `<nameSpace><key>`.
 */
export function windowCounter(
  redis: Redis | null,
  options: { nameSpace: string; capacity: number },
): (key: string, units: number, windowMs: number) => Promise<WindowCount> {
  const local = new LocalWindows(options.capacity);
  return async (key, units, windowMs) => {
    const counted = options.nameSpace + key;
    if (!redis || redis.status !== 'ready') return local.incr(counted, windowMs, units);
    try {
      const [current, ttl] = (await redis.eval(INCR_SCRIPT, 1, counted, windowMs, units)) as [
        number,
        number,
      ];
      return { current, ttl };
    } catch {
      // Redis went away during the call: this one is counted here instead.
      return local.incr(counted, windowMs, units);
    }
  };
}

/**
 * A @fastify/rate-limit store (pass the result as its `store` option) that counts in Redis when
 * there is one and it is up, so every instance shares the counts, and in this process whenever
 * Redis is absent, down or fails a call: the limits keep holding, per instance, while Redis is
 * away, and are shared again as soon as ioredis has reconnected. Keys are `<nameSpace><key>`,
 * with the route's method and URL between them for per-route limits (as the plugin's own Redis
 * store does).
 */
export function redisWithLocalFallback(
  redis: Redis | null,
  options: { nameSpace: string; capacity: number },
): new () => RateLimitStore {
  const local = new LocalWindows(options.capacity);

  function incrAt(nameSpace: string): RateLimitStore['incr'] {
    return (key, callback, timeWindow) => {
      const counted = nameSpace + key;
      if (!redis || redis.status !== 'ready') {
        callback(null, local.incr(counted, timeWindow));
        return;
      }
      redis.eval(INCR_SCRIPT, 1, counted, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        // Redis went away during the call: this one is counted here instead.
        () => callback(null, local.incr(counted, timeWindow)),
      );
    };
  }

  function storeAt(nameSpace: string): RateLimitStore {
    return {
      incr: incrAt(nameSpace),
      child(routeOptions) {
        const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } })
          .routeInfo;
        const routeKey =
          typeof route?.method === 'string' && typeof route.url === 'string'
            ? `${route.method}${route.url}-`
            : '';
        return storeAt(nameSpace + routeKey);
      },
    };
  }

  return class FallbackStore implements RateLimitStore {
    private readonly root = storeAt(options.nameSpace);
    incr: RateLimitStore['incr'] = (...args) => {
      this.root.incr(...args);
    };
    child(routeOptions: unknown): RateLimitStore {
      return this.root.child(routeOptions);
    }
  };
}
