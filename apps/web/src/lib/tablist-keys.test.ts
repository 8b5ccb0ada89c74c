import { describe, expect, it } from 'vitest';
import { tabIndexAfterKey } from './tablist-keys.ts';

describe('tabIndexAfterKey', () => {
  it('moves with the arrows, wrapping, and jumps with Home and End', () => {
    expect(tabIndexAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabIndexAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('ArrowLeft', 2, 3)).toBe(1);
    expect(tabIndexAfterKey('Home', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('End', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('Enter', 1, 3)).toBeNull();
  });
});
