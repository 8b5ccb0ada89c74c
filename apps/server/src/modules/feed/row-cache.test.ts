import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/app-test-kit.ts';
import type { SharedPostRow } from './repo.ts';
import { createRowCache } from './row-cache.ts';

function rowOf(id: string, expiresAt: Date | null = null): SharedPostRow {
  return { id, like_count: 0, comment_count: 0, expires_at: expiresAt } as SharedPostRow;
}

/** A row cache over posts 1–9 (0 can no longer be read), counting its statements. */
function setup() {
  const clock = new TestClock();
  const statements: string[][] = [];
  let gate: Promise<void> = Promise.resolve();
  const cache = createRowCache({
    ttlMs: 1000,
    clock,
    maxRows: 100,
    load: async (ids) => {
      statements.push([...ids]);
      await gate;
      return ids.filter((id) => id !== '0').map((id) => rowOf(id));
    },
  });
  const hold = () => {
    let release = (): void => undefined;
    gate = new Promise((resolve) => (release = resolve));
    return () => {
      gate = Promise.resolve();
      release();
    };
  };
  return { clock, cache, statements, hold };
}

const idsOf = (rows: { row: SharedPostRow }[] | null) => rows?.map(({ row }) => row.id) ?? null;

describe('the shared post rows', () => {
  it("reads one turn's misses in one statement, and holds them for their time to live", async () => {
    const { clock, cache, statements } = setup();
    const [a, b] = await Promise.all([cache.getMany(['3', '2', '1']), cache.getMany(['2', '4'])]);
    expect([idsOf(a), idsOf(b)]).toEqual([
      ['3', '2', '1'],
      ['2', '4'],
    ]);
    expect(statements).toEqual([['3', '2', '1', '2', '4']]);
    clock.advance(999);
    expect(idsOf(await cache.getMany(['4', '3']))).toEqual(['4', '3']);
    expect(statements).toHaveLength(1);
    clock.advance(1);
    await cache.getMany(['4']);
    expect(statements).toEqual([['3', '2', '1', '2', '4'], ['4']]);
  });

  it('holds only the rows read within its time to live: those whose time is up go as others come', async () => {
    const { clock, cache } = setup();
    await cache.getMany(['1', '2', '3']);
    clock.advance(500);
    await cache.getMany(['4']);
    expect(cache.size()).toBe(4);
    clock.advance(500);
    // 1–3 are past their time to live: storing 5 drops them, 4 stays for its own.
    await cache.getMany(['5']);
    expect(cache.size()).toBe(2);
    expect(idsOf(await cache.getMany(['4', '5']))).toEqual(['4', '5']);
    clock.advance(1000);
    await cache.getMany(['6']);
    expect(cache.size()).toBe(1);
  });

  it('answers null when a post can no longer be read', async () => {
    const { cache } = setup();
    expect(await cache.getMany(['2', '0'])).toBeNull();
  });

  it('moves a held count in place, and keeps nothing a load read before a drop', async () => {
    const { cache, statements, hold } = setup();
    await cache.getMany(['5']);
    cache.moveCount('5', 'like_count', 2);
    expect((await cache.getMany(['5']))?.[0]?.row.like_count).toBe(2);

    const release = hold();
    const reading = cache.getMany(['6']);
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate();
    release();
    expect(idsOf(await reading)).toEqual(['6']);
    await cache.getMany(['6']);
    expect(statements).toEqual([['5'], ['6'], ['6']]);
  });
});
