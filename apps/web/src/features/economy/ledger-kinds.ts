import {
  Coins,
  Heart,
  LockKeyhole,
  MessageCircle,
  PenLine,
  PiggyBank,
  UserPlus,
  Users,
  Vault,
  type LucideIcon,
} from 'lucide-react';

/** What each kind of ledger entry is called on /rewards, with its icon and colour. */
export interface LedgerKindStyle {
  label: string;
  icon: LucideIcon;
  className: string;
}

export const LEDGER_KINDS: Record<string, LedgerKindStyle> = {
  post_created: { label: 'Posts', icon: PenLine, className: 'bg-primary/15 text-primary' },
  comment_created: {
    label: 'Comments',
    icon: MessageCircle,
    className: 'bg-sky-400/15 text-sky-400',
  },
  like_given: { label: 'Likes', icon: Heart, className: 'bg-danger/15 text-danger' },
  vault_supported: {
    label: 'Vault support',
    icon: Vault,
    className: 'bg-success/15 text-success',
  },
  vault_created: {
    label: 'Vaults created',
    icon: LockKeyhole,
    className: 'bg-accent/15 text-accent',
  },
  follow: { label: 'Follows', icon: Users, className: 'bg-primary/15 text-primary' },
  referral_joined: {
    label: 'Joined by referral',
    icon: UserPlus,
    className: 'bg-accent/15 text-accent',
  },
  referral_referrer: {
    label: 'Referral bonus',
    icon: UserPlus,
    className: 'bg-dum/15 text-dum',
  },
  referral_friend: { label: 'Welcome bonus', icon: UserPlus, className: 'bg-dum/15 text-dum' },
  staking_reward: {
    label: 'Staking rewards',
    icon: PiggyBank,
    className: 'bg-warning/20 text-warning',
  },
};

export function ledgerKindStyle(kind: string): LedgerKindStyle {
  return LEDGER_KINDS[kind] ?? { label: kind, icon: Coins, className: 'bg-surface-3 text-muted' };
}
