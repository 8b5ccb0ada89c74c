import { useSyncExternalStore } from 'react';

/**
 * A clock that ticks every second while a countdown or a growing reward is on screen: one
 * interval for every subscriber, stopped when the last one leaves.
 */
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useSecondClock(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
