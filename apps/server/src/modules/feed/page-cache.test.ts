import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/app-test-kit.ts';
import { createPageCache } from './page-cache.ts';

/** A cache of strings whose loads count how often each key was read. */
function setup() {
  const clock = new TestClock();
  const cache = createPageCache<string>({ ttlMs: 1000, clock, maxPages: 100 });
  const reads = new Map<string, number>();
  const read = (key: string, cursorMs: number | null) =>
    cache.get(key, cursorMs, async () => {
      const n = (reads.get(key) ?? 0) + 1;
      reads.set(key, n);
      return { page: `${key}#${n}`, earliestExpiry: null };
    });
  return { clock, cache, read };
}

describe('the feed page cache', () => {
  it('keeps pages for its time to live, one load for concurrent readers', async () => {
    const { clock, read } = setup();
    const [a, b] = await Promise.all([read('first', null), read('first', null)]);
    expect([a, b]).toEqual(['first#1', 'first#1']);
    clock.advance(999);
    expect(await read('first', null)).toBe('first#1');
    clock.advance(1);
    expect(await read('first', null)).toBe('first#2');
  });

  it('drops on a new post only the pages it could be on: first pages and cursors not older', async () => {
    const { cache, read } = setup();
    await read('first', null);
    await read('older', 1_000);
    await read('same-ms', 5_000);
    await read('newer', 9_000);
    cache.postAdded(5_000);
    expect(await read('first', null)).toBe('first#2');
    expect(await read('older', 1_000)).toBe('older#1');
    expect(await read('same-ms', 5_000)).toBe('same-ms#2');
    expect(await read('newer', 9_000)).toBe('newer#2');
  });

  it('does not keep a load that was running when a post it could miss was added', async () => {
    const { cache, clock } = setup();
    let release = (): void => undefined;
    const loads: string[] = [];
    const slow = (key: string, cursorMs: number | null) =>
      cache.get(key, cursorMs, async () => {
        loads.push(key);
        await new Promise<void>((resolve) => (release = resolve));
        return { page: `${key}@${loads.length}`, earliestExpiry: null };
      });
    const firstLoad = slow('first', null);
    cache.postAdded(clock.now().getTime());
    release();
    expect(await firstLoad).toBe('first@1');
    // Not kept: the next reader loads again.
    const again = slow('first', null);
    release();
    expect(await again).toBe('first@2');

    // A deep page older than the post is kept.
    const deep = slow('deep', 1_000);
    cache.postAdded(clock.now().getTime());
    release();
    await deep;
    expect(await slow('deep', 1_000)).toBe('deep@3');
    expect(loads).toEqual(['first', 'first', 'deep']);
  });

  it('holds only the pages read within its time to live: those whose time is up go as others come', async () => {
    const { cache, clock, read } = setup();
    const held = () => {
      let n = 0;
      cache.patch(() => (n += 1));
      return n;
    };
    await read('first', null);
    await read('older', 1_000);
    clock.advance(500);
    await read('deep', 500);
    expect(held()).toBe(3);
    clock.advance(500);
    // 'first' and 'older' are past their time to live: storing another drops them.
    await read('deeper', 100);
    expect(held()).toBe(2);
    expect(await read('deep', 500)).toBe('deep#1');
  });

  it('drops every page on invalidate, and changes held pages in place on patch', async () => {
    const { cache, read } = setup();
    await read('older', 1_000);
    cache.invalidate();
    expect(await read('older', 1_000)).toBe('older#2');
    cache.patch(() => undefined);
    expect(await read('older', 1_000)).toBe('older#2');
  });
});
