import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { releaseSharedBrowser, sharedBrowser } from './browser-test-kit.ts';
import { startServer, type RunningServer } from './server-test-kit.ts';

/**
 * What a browser suite starts once for all its tests: `beforeAll` starts it, `afterAll` stops
 * whatever did start (a failed start then reports its own error, not a second one from the stop).
 */
export function startedForSuite<T>(
  start: () => Promise<T>,
  stop: (value: T) => Promise<unknown>,
): { readonly current: T } {
  let started: { value: T } | null = null;
  beforeAll(async () => {
    started = { value: await start() };
  });
  afterAll(async () => {
    if (started) await stop(started.value);
  });
  return {
    get current(): T {
      if (!started) throw new Error('read inside a test: it starts in beforeAll');
      return started.value;
    },
  };
}

export interface ServerAndBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The app's public origin, which sign-in messages name (APP_ORIGIN defaults to localhost). */
  readonly origin: string;
}

/**
 * The production server (fresh database and localnet) started, and the process's shared
 * Chromium (sharedBrowser) at hand, side by side.
 */
export function serverAndBrowserForSuite(
  start: () => Promise<RunningServer> = () => startServer(),
): ServerAndBrowser {
  const both = startedForSuite(
    () => Promise.all([start(), sharedBrowser()]),
    async ([server, browser]) => {
      await releaseSharedBrowser(browser);
      await server.stop();
    },
  );
  return {
    get server() {
      return both.current[0];
    },
    get browser() {
      return both.current[1];
    },
    get origin() {
      return both.current[0].url.replace('127.0.0.1', 'localhost');
    },
  };
}
