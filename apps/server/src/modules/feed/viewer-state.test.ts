import { describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.ts';
import { createViewerVersions } from '../../viewer-versions.ts';
import { createViewerMarksCache, type ViewerMarks } from './viewer-state.ts';

function marks(likes: string[]): ViewerMarks {
  return {
    likes: new Set(likes),
    bookmarks: new Set(),
    waiting: new Set(),
    blocked: new Set(),
    reposts: new Set(),
    muted: [],
  };
}

describe("a viewer's marks cache", () => {
  it('reads the marks again after every bump, even one made while they were being read', async () => {
    const versions = createViewerVersions({ redis: null, prefix: 'test' });
    const stored = { likes: ['1'] };
    let loads = 0;
    let release: (() => void) | null = null;
    const cache = createViewerMarksCache({
      versions,
      clock: systemClock,
      ttlMs: 60_000,
      maxViewers: 10,
      async load() {
        loads += 1;
        const seen = [...stored.likes];
        if (release === null) await new Promise<void>((resolve) => (release = resolve));
        return marks(seen);
      },
    });
    // A read starts, sees the old likes, and is still going when the like commits and bumps.
    const first = cache.get('v');
    await new Promise((resolve) => setImmediate(resolve));
    stored.likes.push('2');
    await versions.bump('v');
    (release as unknown as () => void)();
    expect([...((await first)?.marks.likes ?? [])]).toEqual(['1']);
    // The entry it left is at the old version: the next read loads again.
    expect([...((await cache.get('v'))?.marks.likes ?? [])]).toEqual(['1', '2']);
    expect(loads).toBe(2);
    expect([...((await cache.get('v'))?.marks.likes ?? [])]).toEqual(['1', '2']);
    expect(loads).toBe(2);
  });

  it('keeps at most maxViewers and answers null when the loader cannot keep the marks', async () => {
    const versions = createViewerVersions({ redis: null, prefix: 'test' });
    let loads = 0;
    const cache = createViewerMarksCache({
      versions,
      clock: systemClock,
      ttlMs: 60_000,
      maxViewers: 2,
      load: (id) => {
        loads += 1;
        return Promise.resolve(id === 'heavy' ? null : marks([]));
      },
    });
    expect(await cache.get('heavy')).toBeNull();
    await cache.get('a');
    await cache.get('b');
    await cache.get('c');
    expect(loads).toBe(4);
    await cache.get('c');
    expect(loads).toBe(4);
    await cache.get('a');
    expect(loads).toBe(5);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('viewer versions in Redis', () => {
  it('are shared by every instance, and unknown while Redis is away', async () => {
    const { Redis } = await import('ioredis');
    const connect = async () => {
      const redis = new Redis(process.env.TEST_REDIS_URL!, { lazyConnect: true });
      await redis.connect();
      return redis;
    };
    const [one, two] = [await connect(), await connect()];
    const prefix = `test-${process.pid}-${Date.now()}`;
    const a = createViewerVersions({ redis: one, prefix });
    const b = createViewerVersions({ redis: two, prefix });
    expect(await b.current('v')).toBe(0);
    await a.bump('v');
    expect(await b.current('v')).toBe(1);
    await two.quit();
    expect(await b.current('v')).toBeNull();
    await one.quit();
  });
});
