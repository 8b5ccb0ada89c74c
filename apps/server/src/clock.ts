/**
 * The time as the server reads it. Services take a Clock instead of calling `new Date()` so that
 * tests move time on (the test kit's TestClock). It has a file of its own because every slice
 * uses it and it depends on nothing: a slice that needs the time imports no context to get it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
