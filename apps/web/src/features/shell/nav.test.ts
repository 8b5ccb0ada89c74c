import { describe, expect, it } from 'vitest';
import { BOTTOM_NAV_ITEMS, NAV_ITEMS, isNavActive } from './nav.ts';

describe('navigation entries', () => {
  it('are the seven of the spec, in order, and the bottom bar holds the first four', () => {
    expect(NAV_ITEMS.map((item) => [item.path, item.label])).toEqual([
      ['/', 'Feed'],
      ['/my-vaults', 'My Vaults'],
      ['/mystery-vaults', 'Mystery Vaults'],
      ['/time-capsules', 'Time Capsules'],
      ['/messages', 'Messages'],
      ['/analytics', 'Analytics'],
      ['/profile', 'Profile'],
    ]);
    expect(BOTTOM_NAV_ITEMS.map((item) => item.label)).toEqual([
      'Feed',
      'My Vaults',
      'Mystery Vaults',
      'Time Capsules',
    ]);
  });
});

describe('isNavActive', () => {
  it('marks / active only on exactly /', () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/', '/messages')).toBe(false);
    expect(isNavActive('/', '/profile/abc')).toBe(false);
    expect(isNavActive('/', '')).toBe(false);
  });

  it('marks other entries active when the path starts with them', () => {
    expect(isNavActive('/profile', '/profile')).toBe(true);
    expect(isNavActive('/profile', '/profile/9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')).toBe(
      true,
    );
    expect(isNavActive('/my-vaults', '/my-vaults/archived')).toBe(true);
    expect(isNavActive('/messages', '/analytics')).toBe(false);
    expect(isNavActive('/my-vaults', '/mystery-vaults')).toBe(false);
    expect(isNavActive('/profile', '/')).toBe(false);
  });

  it('follows the spec literally: a plain prefix, not a path segment', () => {
    expect(isNavActive('/messages', '/messages-archive')).toBe(true);
  });
});
