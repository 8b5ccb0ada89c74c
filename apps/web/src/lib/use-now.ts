import { useSyncExternalStore } from 'react';

/**
 * The current time in ms, re-read every `tickMs` while a component using it is mounted. Every
 * component on the same tick reads the same value from one shared interval, stopped when the
 * last one leaves: 30 s serves relative times ("5m ago", "23h left"), 1 s serves countdowns and
 * growing rewards.
 */
export function useNow(tickMs: number): number {
  const clock = clockFor(tickMs);
  return useSyncExternalStore(clock.subscribe, clock.read, clock.read);
}

interface Clock {
  subscribe: (listener: () => void) => () => void;
  read: () => number;
}

const clocks = new Map<number, Clock>();

function clockFor(tickMs: number): Clock {
  let clock = clocks.get(tickMs);
  if (!clock) {
    clock = makeClock(tickMs);
    clocks.set(tickMs, clock);
  }
  return clock;
}

function makeClock(tickMs: number): Clock {
  let now = Date.now();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        now = Date.now();
        timer = setInterval(() => {
          now = Date.now();
          listeners.forEach((notify) => notify());
        }, tickMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    // While stopped, a first reader gets a time no older than one tick (the value stays the
    // same between React's repeated reads within a render).
    read() {
      if (!timer && Math.abs(Date.now() - now) >= tickMs) now = Date.now();
      return now;
    },
  };
}
