import { describe, expect, it } from 'vitest';
import { hashtagHref, splitHashtags } from './post-text.tsx';

describe('splitHashtags', () => {
  it('cuts the text at each tag and joins back to the same text', () => {
    const text = '#gm friends, #Solana_Summer!\nno#tag here, email a@b.c, ##double #';
    const parts = splitHashtags(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.filter((part) => 'tag' in part)).toEqual([
      { text: '#gm', tag: 'gm' },
      { text: '#Solana_Summer', tag: 'Solana_Summer' },
      { text: '#double', tag: 'double' },
    ]);
  });

  it('gives plain text back whole, and nothing for nothing', () => {
    expect(splitHashtags('just vibes')).toEqual([{ text: 'just vibes' }]);
    expect(splitHashtags('')).toEqual([]);
  });

  it('stops a tag at 50 characters, as the server does', () => {
    const long = 'a'.repeat(60);
    const [first, second] = splitHashtags(`#${long}`);
    expect(first).toEqual({ text: `#${'a'.repeat(50)}`, tag: 'a'.repeat(50) });
    expect(second).toEqual({ text: 'a'.repeat(10) });
  });
});

describe('hashtagHref', () => {
  it('lower-cases and encodes the tag', () => {
    expect(hashtagHref('Vibes')).toBe('/discover?tag=vibes');
    expect(hashtagHref('Über')).toBe('/discover?tag=%C3%BCber');
  });
});
