import type { LedgerEntryKind } from '@dum/core';
import {
  Coins,
  Heart,
  ListChecks,
  LockKeyhole,
  MessageCircle,
  PenLine,
  PiggyBank,
  Quote,
  Repeat2,
  Reply,
  UserPlus,
  Users,
  Vault,
  type LucideIcon,
} from 'lucide-react';

/** What each kind of ledger entry is called on /rewards, with its icon and colour. */
export interface LedgerKindStyle {
  /** The kind as a whole (a filter, a total): 'Posts'. */
  label: string;
  /** One entry of the kind: 'Post'. */
  entry: string;
  icon: LucideIcon;
  className: string;
}

/** One style per kind of the core list: a kind added there fails to compile until named here. */
const LEDGER_KIND_STYLES = {
  post_created: {
    label: 'Posts',
    entry: 'Post',
    icon: PenLine,
    className: 'bg-primary/15 text-primary',
  },
  comment_created: {
    label: 'Comments',
    entry: 'Comment',
    icon: MessageCircle,
    className: 'bg-sky-400/15 text-sky-400',
  },
  reply_created: {
    label: 'Replies',
    entry: 'Reply',
    icon: Reply,
    className: 'bg-sky-400/15 text-sky-400',
  },
  like_given: { label: 'Likes', entry: 'Like', icon: Heart, className: 'bg-danger/15 text-danger' },
  vault_supported: {
    label: 'Vault support',
    entry: 'Vault support',
    icon: Vault,
    className: 'bg-success/15 text-success',
  },
  vault_created: {
    label: 'Vaults created',
    entry: 'Vault created',
    icon: LockKeyhole,
    className: 'bg-accent/15 text-accent',
  },
  follow: {
    label: 'Follows',
    entry: 'Follow',
    icon: Users,
    className: 'bg-primary/15 text-primary',
  },
  referral_joined: {
    label: 'Joined by referral',
    entry: 'Joined by referral',
    icon: UserPlus,
    className: 'bg-accent/15 text-accent',
  },
  tip: {
    label: 'Tips sent',
    entry: 'Tip sent',
    icon: Coins,
    className: 'bg-success/15 text-success',
  },
  poll_voted: {
    label: 'Poll votes',
    entry: 'Poll vote',
    icon: ListChecks,
    className: 'bg-sky-400/15 text-sky-400',
  },
  repost_given: {
    label: 'Reposts',
    entry: 'Repost',
    icon: Repeat2,
    className: 'bg-success/15 text-success',
  },
  quote_created: {
    label: 'Quote posts',
    entry: 'Quote post',
    icon: Quote,
    className: 'bg-primary/15 text-primary',
  },
  referral_referrer: {
    label: 'Referral bonus',
    entry: 'Referral bonus',
    icon: UserPlus,
    className: 'bg-dum/15 text-dum',
  },
  referral_friend: {
    label: 'Welcome bonus',
    entry: 'Welcome bonus',
    icon: UserPlus,
    className: 'bg-dum/15 text-dum',
  },
  staking_reward: {
    label: 'Staking rewards',
    entry: 'Staking rewards claimed',
    icon: PiggyBank,
    className: 'bg-warning/20 text-warning',
  },
} satisfies Record<LedgerEntryKind, LedgerKindStyle>;

export const LEDGER_KINDS: Partial<Record<string, LedgerKindStyle>> = LEDGER_KIND_STYLES;

export function ledgerKindStyle(kind: string): LedgerKindStyle {
  return (
    LEDGER_KINDS[kind] ?? {
      label: kind,
      entry: kind,
      icon: Coins,
      className: 'bg-surface-3 text-muted',
    }
  );
}
