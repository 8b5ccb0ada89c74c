import { describe, expect, it } from 'vitest';
import { statementPerLimit } from './prepared.ts';

describe('statementPerLimit', () => {
  const page = statementPerLimit((limit) => ({
    name: `page_${limit}`,
    text: `select 1 limit ${limit}`,
  }));

  it('makes one named statement per page size, with the size in its text', () => {
    expect(page(21)).toEqual({ name: 'page_21', text: 'select 1 limit 21' });
    expect(page(21)).toBe(page(21));
    expect(page(51).name).toBe('page_51');
  });

  it('refuses anything but a positive whole number, which goes into SQL text', () => {
    for (const bad of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => page(bad)).toThrow('not a page size');
    }
  });
});
