import type { Clock } from './clock.ts';

/**
 * One value held in memory for calls that must not wait on the database each time (the
 * emission counters every page polls, whether any ad campaign is active): the first call waits
 * for `load`; later calls answer what is held, and once it is older than `maxAgeMs` one of them
 * starts a read in the background (concurrent calls share it) while the held value still
 * answers. `maxAgeMs` 0 or less reads on every call and holds nothing.
 */
export interface StaleWhileRevalidate<T> {
  get(): Promise<T>;
  /** A value this instance knows is current (it just wrote it); held as if just read. */
  offer(value: T): void;
  /** The held value is known wrong: the next call reads again and waits; a read in flight is not kept. */
  invalidate(): void;
}

export function createStaleWhileRevalidate<T>(options: {
  maxAgeMs: number;
  clock: Clock;
  load: () => Promise<T>;
  /** A background read failed (the held value keeps answering). */
  onError: (error: unknown) => void;
  /** Whether `next` may replace `held` (default: always); counters that only grow say no to a smaller one. */
  replaces?: (next: T, held: T) => boolean;
}): StaleWhileRevalidate<T> {
  const { maxAgeMs, clock, load } = options;
  let held: { value: T; at: number } | null = null;
  let reading: Promise<T> | null = null;
  let generation = 0;

  function keep(value: T, at: number): void {
    if (held && options.replaces && !options.replaces(value, held.value)) return;
    held = { value, at };
  }

  function read(): Promise<T> {
    if (reading) return reading;
    const at = clock.now().getTime();
    const startedIn = generation;
    const current = load()
      .then((value) => {
        // Invalidated while this read ran: it may predate the change, so it is not kept.
        if (startedIn !== generation) return value;
        keep(value, at);
        return held?.value ?? value;
      })
      .finally(() => {
        if (reading === current) reading = null;
      });
    reading = current;
    return current;
  }

  return {
    async get() {
      if (maxAgeMs <= 0) return load();
      if (!held) return read();
      if (clock.now().getTime() - held.at > maxAgeMs) read().catch(options.onError);
      return held.value;
    },
    offer(value) {
      keep(value, clock.now().getTime());
    },
    invalidate() {
      generation += 1;
      held = null;
      reading = null;
    },
  };
}
