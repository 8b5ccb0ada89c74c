import { describe, expect, it } from 'vitest';
import { createStaleWhileRevalidate } from './stale-while-revalidate.ts';
import { TestClock } from './test/app-test-kit.ts';

/** A load whose reads stay pending until the test settles them, in order. */
function pendingLoads<T>() {
  const waiting: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  return {
    load: () => new Promise<T>((resolve, reject) => waiting.push({ resolve, reject })),
    get started() {
      return waiting.length;
    },
    settle(index: number, value: T) {
      waiting[index]!.resolve(value);
    },
    fail(index: number, error: unknown) {
      waiting[index]!.reject(error);
    },
  };
}

describe('a value held stale while it is read again', () => {
  it('waits for the first read only; once too old answers the held value and reads in the background', async () => {
    const clock = new TestClock();
    let row = 'a';
    let reads = 0;
    const value = createStaleWhileRevalidate({
      maxAgeMs: 1000,
      clock,
      load: () => {
        reads += 1;
        return Promise.resolve(row);
      },
      onError: () => undefined,
    });
    expect(await value.get()).toBe('a');
    row = 'b';
    clock.advance(1000);
    expect(await value.get()).toBe('a');
    expect(reads).toBe(1);
    clock.advance(1);
    expect(await value.get()).toBe('a');
    expect(await value.get()).toBe('b');
    expect(reads).toBe(2);
  });

  it('shares one read between concurrent calls', async () => {
    const loads = pendingLoads<number>();
    const value = createStaleWhileRevalidate({
      maxAgeMs: 1000,
      clock: new TestClock(),
      load: loads.load,
      onError: () => undefined,
    });
    const calls = [value.get(), value.get(), value.get()];
    expect(loads.started).toBe(1);
    loads.settle(0, 7);
    expect(await Promise.all(calls)).toEqual([7, 7, 7]);
  });

  it('holds an offered value as if just read, unless `replaces` refuses it', async () => {
    const clock = new TestClock();
    const loads = pendingLoads<number>();
    const value = createStaleWhileRevalidate({
      maxAgeMs: 1000,
      clock,
      load: loads.load,
      onError: () => undefined,
      replaces: (next, held) => next >= held,
    });
    const first = value.get();
    value.offer(20);
    // The read started before the offer and found less: the offer stays.
    loads.settle(0, 15);
    expect(await first).toBe(20);
    value.offer(19);
    expect(await value.get()).toBe(20);
    clock.advance(900);
    value.offer(21);
    clock.advance(900);
    // 900 ms since the offer: still fresh, no read.
    expect(await value.get()).toBe(21);
    expect(loads.started).toBe(1);
  });

  it('after invalidate, the next call waits for a new read and a read in flight is not kept', async () => {
    const clock = new TestClock();
    const loads = pendingLoads<boolean>();
    const value = createStaleWhileRevalidate({
      maxAgeMs: 1000,
      clock,
      load: loads.load,
      onError: () => undefined,
    });
    const first = value.get();
    loads.settle(0, false);
    expect(await first).toBe(false);
    clock.advance(1001);
    expect(await value.get()).toBe(false); // too old: starts a background read
    value.invalidate();
    const next = value.get(); // a new read, started after the change
    expect(loads.started).toBe(3);
    loads.settle(1, false); // the background read started before the change: not kept
    loads.settle(2, true);
    expect(await next).toBe(true);
    expect(await value.get()).toBe(true);
    expect(loads.started).toBe(3);
  });

  it('keeps answering the held value when a background read fails, and reports the failure', async () => {
    const clock = new TestClock();
    const loads = pendingLoads<string>();
    const errors: unknown[] = [];
    const value = createStaleWhileRevalidate({
      maxAgeMs: 1000,
      clock,
      load: loads.load,
      onError: (error) => errors.push(error),
    });
    const first = value.get();
    loads.settle(0, 'held');
    await first;
    clock.advance(1001);
    expect(await value.get()).toBe('held');
    const failure = new Error('pool gone');
    loads.fail(1, failure);
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual([failure]);
    expect(await value.get()).toBe('held');
    expect(loads.started).toBe(3);
  });

  it('reads on every call with a maximum age of 0', async () => {
    let reads = 0;
    const value = createStaleWhileRevalidate({
      maxAgeMs: 0,
      clock: new TestClock(),
      load: () => Promise.resolve(++reads),
      onError: () => undefined,
    });
    expect(await value.get()).toBe(1);
    expect(await value.get()).toBe(2);
  });
});
