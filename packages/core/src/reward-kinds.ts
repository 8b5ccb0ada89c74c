/**
 * The kinds of DUM mint, one list each, for the server (which writes them to the mint ledger)
 * and the web app (which names them on /rewards), and the Live Activity types they show as.
 */

/** What earns DUM: each pays the current reward (emissions.ts) and moves the halving. */
export const REWARDED_EVENT_KINDS = [
  'post_created',
  'comment_created',
  'like_given',
  'vault_supported',
  'vault_created',
  'follow',
  'referral_joined',
  'tip',
  /** A reply to someone's comment (a reply to one's own earns nothing). */
  'reply_created',
  'poll_voted',
  /** A repost of someone else's post (the first of a pair ever; one's own earns nothing). */
  'repost_given',
  /** A quote post of someone else's post (in place of post_created; one's own earns nothing). */
  'quote_created',
] as const;
export type RewardedEventKind = (typeof REWARDED_EVENT_KINDS)[number];

/** Mints that are not rewarded events: they pay a fixed amount and do not move the halving. */
export const BONUS_MINT_KINDS = ['referral_referrer', 'referral_friend', 'staking_reward'] as const;
export type BonusMintKind = (typeof BONUS_MINT_KINDS)[number];

/** Every kind of entry in the mint ledger (emission_ledger.kind). */
export const LEDGER_ENTRY_KINDS = [...REWARDED_EVENT_KINDS, ...BONUS_MINT_KINDS] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** The Live Activity event types, each with its own icon in the web app. */
export const ACTIVITY_TYPES = [
  'post_created',
  'vault_created',
  'dum_earned',
  'vault_unlocked',
  'halving',
  'milestone',
  'comment',
  'like',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
