import { describe, expect, it } from 'vitest';
import type { Clock } from '../../clock.ts';
import { createFollowingPageCache, type FollowingEntry } from './following-page-cache.ts';

function testClock(start = 0): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

const entry = (authors: string[], ids = ['3', '2', '1']): FollowingEntry => ({
  ids,
  authors,
  follows: { count: authors.length - 1, newest: 1 },
  version: null,
});

async function store(
  cache: ReturnType<typeof createFollowingPageCache>,
  viewer: string,
  value: FollowingEntry,
): Promise<void> {
  await cache.remember(viewer, 20, async () => ({ entry: value, value: null }));
}

/** A load the test finishes when it wants. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the Following first-page cache', () => {
  it('remembers an entry per viewer and page size until its time to live ends', async () => {
    const clock = testClock();
    const cache = createFollowingPageCache(1000, clock);
    await store(cache, 'v', entry(['v', 'a']));
    expect(cache.get('v', 20)?.ids).toEqual(['3', '2', '1']);
    expect(cache.get('v', 10)).toBeNull();
    expect(cache.get('w', 20)).toBeNull();
    clock.advance(999);
    expect(cache.get('v', 20)).not.toBeNull();
    clock.advance(1);
    expect(cache.get('v', 20)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("drops the entries a wallet's post belongs in, and only those", async () => {
    const cache = createFollowingPageCache(60_000, testClock());
    await store(cache, 'v', entry(['v', 'a', 'b']));
    await store(cache, 'w', entry(['w', 'b']));
    await store(cache, 'x', entry(['x', 'c']));
    cache.postedBy('a');
    expect(cache.get('v', 20)).toBeNull();
    expect(cache.get('w', 20)).not.toBeNull();
    cache.postedBy('w');
    expect(cache.get('w', 20)).toBeNull();
    expect(cache.get('x', 20)).not.toBeNull();
    cache.postedBy('nobody');
    expect(cache.size).toBe(1);
  });

  it('does not keep a load that a post by one of its wallets overtook', async () => {
    const cache = createFollowingPageCache(60_000, testClock());
    const slow = deferred();
    const loading = cache.remember('v', 20, async () => {
      await slow.promise;
      return { entry: entry(['v', 'a']), value: 'page' };
    });
    cache.postedBy('a');
    slow.resolve();
    expect(await loading).toBe('page');
    expect(cache.get('v', 20)).toBeNull();

    // A post by a wallet that is not on the page does not stop it being kept.
    const other = deferred();
    const second = cache.remember('v', 20, async () => {
      await other.promise;
      return { entry: entry(['v', 'a']), value: 'page' };
    });
    cache.postedBy('z');
    other.resolve();
    await second;
    expect(cache.get('v', 20)).not.toBeNull();
  });

  it('forgets a failed load and keeps nothing for it', async () => {
    const cache = createFollowingPageCache(60_000, testClock());
    await expect(
      cache.remember('v', 20, async () => {
        throw new Error('database gone');
      }),
    ).rejects.toThrow('database gone');
    expect(cache.get('v', 20)).toBeNull();
    await store(cache, 'v', entry(['v']));
    expect(cache.get('v', 20)).not.toBeNull();
  });

  it('keeps at most maxEntries viewers, the oldest stored dropped first', async () => {
    const cache = createFollowingPageCache(60_000, testClock(), 2);
    await store(cache, 'v', entry(['v', 'a']));
    await store(cache, 'w', entry(['w', 'a']));
    await store(cache, 'x', entry(['x', 'a']));
    expect(cache.size).toBe(2);
    expect(cache.get('v', 20)).toBeNull();
    // The dropped entry's author links went with it: a post by 'a' drops the other two.
    cache.postedBy('a');
    expect(cache.size).toBe(0);
  });

  it('is off with a time to live of 0', async () => {
    const cache = createFollowingPageCache(0, testClock());
    await store(cache, 'v', entry(['v']));
    expect(cache.get('v', 20)).toBeNull();
  });

  it('shares one load among concurrent first reads at one version, not across a post', async () => {
    const cache = createFollowingPageCache(60_000, testClock());
    let loads = 0;
    const gate = deferred();
    const load = async () => {
      loads += 1;
      await gate.promise;
      return { entry: entry(['v', 'a']), value: loads };
    };
    const first = cache.rememberShared('v', 20, 7, load);
    const second = cache.rememberShared('v', 20, 7, load);
    // Another version (a follow or a like since) does not share it.
    const newer = cache.rememberShared('v', 20, 8, load);
    // A post since the load began: later readers load again, whoever wrote it.
    cache.postedBy('z');
    const afterPost = cache.rememberShared('v', 20, 7, load);
    gate.resolve();
    expect(await Promise.all([first, second, newer, afterPost])).toEqual([3, 3, 3, 3]);
    expect(loads).toBe(3);
    // Done: the next read starts a load of its own.
    await cache.rememberShared('v', 20, 7, load);
    expect(loads).toBe(4);
  });
});
