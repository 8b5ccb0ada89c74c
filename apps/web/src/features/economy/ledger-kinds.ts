import { t } from '@lingui/core/macro';
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

/**
 * One style per kind of the core list: a kind added there fails to compile until named here. The
 * names are getters, read in the active language when shown.
 */
const LEDGER_KIND_STYLES = {
  post_created: {
    get label() {
      return t`Posts`;
    },
    get entry() {
      return t({ message: 'Post', context: 'noun' });
    },
    icon: PenLine,
    className: 'bg-primary/15 text-primary',
  },
  comment_created: {
    get label() {
      return t`Comments`;
    },
    get entry() {
      return t({ message: 'Comment', context: 'noun' });
    },
    icon: MessageCircle,
    className: 'bg-sky-400/15 text-sky-400',
  },
  reply_created: {
    get label() {
      return t`Replies`;
    },
    get entry() {
      return t({ message: 'Reply', context: 'noun' });
    },
    icon: Reply,
    className: 'bg-sky-400/15 text-sky-400',
  },
  like_given: {
    get label() {
      return t`Likes`;
    },
    get entry() {
      return t`Like`;
    },
    icon: Heart,
    className: 'bg-danger/15 text-danger',
  },
  vault_supported: {
    get label() {
      return t`Vault support`;
    },
    get entry() {
      return t`Vault support`;
    },
    icon: Vault,
    className: 'bg-success/15 text-success',
  },
  vault_created: {
    get label() {
      return t`Vaults created`;
    },
    get entry() {
      return t`Vault created`;
    },
    icon: LockKeyhole,
    className: 'bg-accent/15 text-accent',
  },
  follow: {
    get label() {
      return t`Follows`;
    },
    get entry() {
      return t`Follow`;
    },
    icon: Users,
    className: 'bg-primary/15 text-primary',
  },
  referral_joined: {
    get label() {
      return t`Joined by referral`;
    },
    get entry() {
      return t`Joined by referral`;
    },
    icon: UserPlus,
    className: 'bg-accent/15 text-accent',
  },
  tip: {
    get label() {
      return t`Tips sent`;
    },
    get entry() {
      return t`Tip sent`;
    },
    icon: Coins,
    className: 'bg-success/15 text-success',
  },
  poll_voted: {
    get label() {
      return t`Poll votes`;
    },
    get entry() {
      return t`Poll vote`;
    },
    icon: ListChecks,
    className: 'bg-sky-400/15 text-sky-400',
  },
  repost_given: {
    get label() {
      return t`Reposts`;
    },
    get entry() {
      return t({ message: 'Repost', context: 'noun' });
    },
    icon: Repeat2,
    className: 'bg-success/15 text-success',
  },
  quote_created: {
    get label() {
      return t`Quote posts`;
    },
    get entry() {
      return t({ message: 'Quote post', context: 'noun' });
    },
    icon: Quote,
    className: 'bg-primary/15 text-primary',
  },
  referral_referrer: {
    get label() {
      return t`Referral bonus`;
    },
    get entry() {
      return t`Referral bonus`;
    },
    icon: UserPlus,
    className: 'bg-dum/15 text-dum',
  },
  referral_friend: {
    get label() {
      return t`Welcome bonus`;
    },
    get entry() {
      return t`Welcome bonus`;
    },
    icon: UserPlus,
    className: 'bg-dum/15 text-dum',
  },
  staking_reward: {
    get label() {
      return t`Staking rewards`;
    },
    get entry() {
      return t`Staking rewards claimed`;
    },
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
