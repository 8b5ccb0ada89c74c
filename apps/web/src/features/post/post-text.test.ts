import { describe, expect, it } from 'vitest';
import { hashtagHref, splitHashtags, splitPostText } from './post-text.tsx';

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

describe('splitPostText', () => {
  const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

  it('cuts mentions (by their offsets, emoji before counted in code units) and tags', () => {
    const text = '👋🏽 @Bob and #gm to @carol';
    const parts = splitPostText(text, [
      { address: 'C4r0l', username: 'carol', start: 21, end: 27 },
      { address: ADDRESS, username: 'bob', start: 5, end: 9 },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts).toEqual([
      { text: '👋🏽 ' },
      { text: '@Bob', address: ADDRESS },
      { text: ' and ' },
      { text: '#gm', tag: 'gm' },
      { text: ' to ' },
      { text: '@carol', address: 'C4r0l' },
    ]);
  });

  it('leaves a span that is no @ in this text as plain text', () => {
    const text = 'hi @bob';
    const bad = [
      { address: ADDRESS, username: 'bob', start: 0, end: 2 },
      { address: ADDRESS, username: 'bob', start: 3, end: 40 },
    ];
    expect(splitPostText(text, bad)).toEqual([{ text: 'hi @bob' }]);
  });
});
