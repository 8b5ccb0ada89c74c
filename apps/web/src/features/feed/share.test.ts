import { describe, expect, it } from 'vitest';
import { postShareUrl, shareText, tweetIntentUrl } from './share.ts';

describe('share links', () => {
  it('links to the post, with ref= carrying the referral code when known', () => {
    expect(postShareUrl('https://dum.club', 'abc')).toBe('https://dum.club/posts/abc');
    expect(postShareUrl('https://dum.club', 'abc', 'VIBE42')).toBe(
      'https://dum.club/posts/abc?ref=VIBE42',
    );
    expect(postShareUrl('http://localhost:3000', 'a/b', null)).toBe(
      'http://localhost:3000/posts/a%2Fb',
    );
  });

  it('builds a tweet intent with text, url, via and the two hashtags', () => {
    const intent = new URL(
      tweetIntentUrl('“gm” on Dum Club', 'https://dum.club/posts/abc?ref=VIBE42'),
    );
    expect(intent.origin + intent.pathname).toBe('https://twitter.com/intent/tweet');
    expect(intent.searchParams.get('text')).toBe('“gm” on Dum Club');
    expect(intent.searchParams.get('url')).toBe('https://dum.club/posts/abc?ref=VIBE42');
    expect(intent.searchParams.get('via')).toBe('DumClub');
    expect(intent.searchParams.get('hashtags')).toBe('SocialMining,ProofOfVibe');
  });

  it('quotes the post, cut to fit', () => {
    expect(shareText('  gm\n\nfrens ')).toBe('“gm frens” on Dum Club');
    expect(shareText('')).toBe('Check out this post on Dum Club');
    const long = shareText('x'.repeat(500));
    expect(long.length).toBeLessThan(200);
    expect(long).toContain('…');
  });
});
