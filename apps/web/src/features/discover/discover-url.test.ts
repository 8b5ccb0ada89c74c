import { describe, expect, it } from 'vitest';
import { normaliseTag, readDiscoverView, withSearch } from './discover-url.ts';

const view = (search: string) => readDiscoverView(new URLSearchParams(search));

describe('the Discover URL', () => {
  it('reads a search, a tag or neither; a search wins', () => {
    expect(view('')).toEqual({ kind: 'home' });
    expect(view('q=%20ada%20&type=users')).toEqual({ kind: 'search', q: 'ada', type: 'users' });
    expect(view('q=ada&type=nonsense')).toEqual({ kind: 'search', q: 'ada', type: 'posts' });
    expect(view('q=ada&tag=vibes')).toMatchObject({ kind: 'search' });
    expect(view('q=%20%20&tag=Vibes')).toEqual({ kind: 'tag', tag: 'vibes' });
    expect(view('tag=no%20tag')).toEqual({ kind: 'bad-tag', raw: 'no tag' });
  });

  it('cuts an over-long query to the longest the API takes', () => {
    const long = 'a'.repeat(150);
    expect(view(`q=${long}`)).toMatchObject({ q: 'a'.repeat(100) });
  });

  it('takes tags with or without #, in any case, up to 50 word characters', () => {
    expect(normaliseTag('#Über_Cool')).toBe('über_cool');
    expect(normaliseTag('a'.repeat(50))).toBe('a'.repeat(50));
    expect(normaliseTag('a'.repeat(51))).toBeNull();
    expect(normaliseTag('')).toBeNull();
    expect(normaliseTag('#')).toBeNull();
    expect(normaliseTag('sol-ana')).toBeNull();
  });

  it('writes a search over a tag, and an empty box leaves no search', () => {
    const tag = new URLSearchParams('tag=vibes');
    expect(withSearch(tag, 'gm', 'users').toString()).toBe('q=gm&type=users');
    expect(withSearch(new URLSearchParams('q=gm&type=users'), ' ', 'users').toString()).toBe('');
    expect(withSearch(tag, '', 'posts').toString()).toBe('tag=vibes');
  });
});
