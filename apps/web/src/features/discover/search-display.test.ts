import { describe, expect, it } from 'vitest';
import { markMatches, queryWords, resultsAnnouncement, snippet } from './search-display.ts';

describe('search results text', () => {
  it('marks each word of the query wherever it appears, in any case', () => {
    expect(queryWords('  Sunset  club sunset ')).toEqual(['sunset', 'club']);
    expect(markMatches('Sunset at the CLUB, sunsets', 'sunset club')).toEqual([
      { text: 'Sunset', marked: true },
      { text: ' at the ', marked: false },
      { text: 'CLUB', marked: true },
      { text: ', ', marked: false },
      { text: 'sunset', marked: true },
      { text: 's', marked: false },
    ]);
  });

  it('marks nothing for a query of no words, and reads regex characters literally', () => {
    expect(markMatches('a.b (c)', '...')).toEqual([{ text: 'a.b (c)', marked: false }]);
    expect(markMatches('price $5 or 5$', '$5')).toEqual([
      { text: 'price $', marked: false },
      { text: '5', marked: true },
      { text: ' or ', marked: false },
      { text: '5', marked: true },
      { text: '$', marked: false },
    ]);
  });

  it('cuts a long post around its first match, on one line', () => {
    const filler = 'word '.repeat(40);
    const text = `${filler}the sunset\nover the club ${filler}`;
    const cut = snippet(text, 'sunset', 80);
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('the sunset over the club');
    expect(cut.length).toBeLessThanOrEqual(80);
    expect(snippet('short\n\npost', 'x')).toBe('short post');
    expect(snippet(filler, 'nothing', 20)).toBe('word word word word…');
  });

  it('announces how many were found, or that none were', () => {
    expect(resultsAnnouncement(1, 'users', false, 'ada')).toMatch(/^1 person found\./);
    expect(resultsAnnouncement(20, 'posts', true, 'gm')).toMatch(/^20\+ posts found\./);
    expect(resultsAnnouncement(0, 'posts', false, 'zzz')).toBe('No results for “zzz”');
  });
});
