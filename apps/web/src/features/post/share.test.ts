import { describe, expect, it } from 'vitest';
import { postShareUrl, shareText, tweetIntentUrl, vaultBlinkUrl } from './share.ts';

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

  it("builds a vault's blink link: dial.to with the URL-encoded solana-action: URL of its action", () => {
    const link = vaultBlinkUrl('https://dum.club', '42');
    expect(link).toBe(
      'https://dial.to/?action=solana-action%3Ahttps%3A%2F%2Fdum.club%2Fapi%2Factions%2Fvaults%2F42',
    );
    // What a blink client reads back: the action URL, once decoded.
    const action = new URL(link).searchParams.get('action');
    expect(action).toBe('solana-action:https://dum.club/api/actions/vaults/42');
    expect(new URL(action!.slice('solana-action:'.length)).pathname).toBe('/api/actions/vaults/42');
    expect(vaultBlinkUrl('http://localhost:3000/', '7')).toBe(
      `https://dial.to/?action=${encodeURIComponent('solana-action:http://localhost:3000/api/actions/vaults/7')}`,
    );
  });
});
