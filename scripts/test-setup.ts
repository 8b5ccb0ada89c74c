import { afterEach, vi } from 'vitest';

/**
 * A console.error during a test fails it, unless the test expected it (by spying on
 * console.error itself): errors nobody looks at are bugs nobody fixes.
 */
const unexpected: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  unexpected.push(args);
  original(...args);
};

afterEach(() => {
  if (vi.isMockFunction(console.error)) return;
  if (unexpected.length > 0) {
    const messages = unexpected.splice(0).map((args) => args.map(String).join(' '));
    throw new Error(`console.error was called during the test:\n${messages.join('\n')}`);
  }
});
