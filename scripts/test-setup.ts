import { afterEach, vi } from 'vitest';

/**
 * A console.error during a test fails it, unless the test expected it (by spying on
 * console.error itself): errors nobody looks at are bugs nobody fixes.
 *
 * This file runs before every test file, and projects that share their modules between files
 * (isolate: false) run it again in the same process: console.error is wrapped once, and each
 * file's afterEach reads the one list.
 */
type CollectingError = typeof console.error & { unexpected?: unknown[][] };

function collectingConsoleError(): unknown[][] {
  const current = console.error as CollectingError;
  if (current.unexpected) return current.unexpected;
  const unexpected: unknown[][] = [];
  const collecting: CollectingError = (...args: unknown[]) => {
    unexpected.push(args);
    current(...args);
  };
  collecting.unexpected = unexpected;
  console.error = collecting;
  return unexpected;
}

const unexpected = collectingConsoleError();

afterEach(() => {
  if (vi.isMockFunction(console.error)) return;
  if (unexpected.length > 0) {
    const messages = unexpected.splice(0).map((args) => args.map(String).join(' '));
    throw new Error(`console.error was called during the test:\n${messages.join('\n')}`);
  }
});
