import { blinkUrl, SHARE_HASHTAGS, vaultActionUrl } from '@dum/core';
import { t } from '@lingui/core/macro';

/** The X (Twitter) account named in shared posts ("via @DumClub"). */
export const SHARE_VIA = 'DumClub';

/** A post's own page, carrying the viewer's referral code as `ref` when there is one. */
export function postShareUrl(origin: string, postId: string, referralCode?: string | null): string {
  const url = new URL(`/posts/${encodeURIComponent(postId)}`, origin);
  if (referralCode) url.searchParams.set('ref', referralCode);
  return url.toString();
}

/** A tweet intent with text, url, via and the hashtags. */
export function tweetIntentUrl(text: string, url: string): string {
  const intent = new URL('https://twitter.com/intent/tweet');
  intent.searchParams.set('text', text);
  intent.searchParams.set('url', url);
  intent.searchParams.set('via', SHARE_VIA);
  intent.searchParams.set('hashtags', SHARE_HASHTAGS.join(','));
  return intent.toString();
}

/** The tweet's text: the post's opening words, cut to leave room for the link and tags. */
export function shareText(postText: string): string {
  const text = postText.trim().replace(/\s+/g, ' ');
  const limit = 180;
  const excerpt = text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
  return excerpt ? t`“${excerpt}” on Dum Club` : t`Check out this post on Dum Club`;
}

/**
 * A direct vault's blink link (docs/api.md "Solana Actions"): the dial.to interstitial with
 * the vault's `solana-action:` URL in `?action=`, which any browser opens, with or without a
 * blink-aware wallet, and blink clients unfurl where links are shared.
 */
export function vaultBlinkUrl(origin: string, vaultId: string): string {
  return blinkUrl(vaultActionUrl(origin, vaultId));
}
