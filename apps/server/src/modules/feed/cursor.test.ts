import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, parseId } from './cursor.ts';

describe('page cursors', () => {
  it('round-trip any position, in their own scope only', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8_640_000_000_000 }),
        fc.bigInt({ min: 1n, max: (1n << 63n) - 1n }),
        (ms, id) => {
          const position = { createdAt: new Date(ms), id };
          expect(decodeCursor('feed', encodeCursor('feed', position))).toEqual(position);
          expect(() => decodeCursor('comments', encodeCursor('feed', position))).toThrow(
            expect.objectContaining({ code: 'invalid_cursor' }) as Error,
          );
        },
      ),
    );
  });

  it('refuses any single-character edit', () => {
    const cursor = encodeCursor('feed', { createdAt: new Date('2026-11-23T12:00:00Z'), id: 42n });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    for (let i = 0; i < cursor.length; i += 1) {
      for (const replacement of alphabet) {
        if (replacement === cursor[i]) continue;
        const edited = cursor.slice(0, i) + replacement + cursor.slice(i + 1);
        expect(() => decodeCursor('feed', edited), edited).toThrow();
      }
    }
  });

  it('reads path ids that fit a bigint and nothing else', () => {
    expect(parseId('1', 'post')).toBe(1n);
    expect(parseId('9223372036854775807', 'post')).toBe(9223372036854775807n);
    for (const bad of ['0', '01', '-1', '1e3', ' 1', '9223372036854775808', '', 'abc']) {
      expect(() => parseId(bad, 'post'), bad).toThrow();
    }
  });
});
