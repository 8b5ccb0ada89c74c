import { t } from '@lingui/core/macro';
import {
  Activity,
  Coins,
  Heart,
  LockKeyhole,
  LockKeyholeOpen,
  MessageCircle,
  PenLine,
  Trophy,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { ActivityType } from '@dum/core';

export interface ActivityStyle {
  icon: LucideIcon;
  /** What the icon stands for, for screen readers. */
  label: string;
  /** Icon colour and its tinted chip. */
  className: string;
}

/** Each Live Activity type (the list is core's ACTIVITY_TYPES) with its icon and colour. */
export const ACTIVITY_STYLES: Record<ActivityType, ActivityStyle> = {
  post_created: {
    icon: PenLine,
    get label() {
      return t`New post`;
    },
    className: 'bg-primary/15 text-primary',
  },
  vault_created: {
    icon: LockKeyhole,
    get label() {
      return t`Vault created`;
    },
    className: 'bg-accent/15 text-accent',
  },
  dum_earned: {
    icon: Coins,
    get label() {
      return t`DUM earned`;
    },
    className: 'bg-dum/15 text-dum',
  },
  vault_unlocked: {
    icon: LockKeyholeOpen,
    get label() {
      return t`Vault unlocked`;
    },
    className: 'bg-success/15 text-success',
  },
  halving: {
    icon: Zap,
    get label() {
      return t`Halving`;
    },
    className: 'bg-warning/20 text-warning',
  },
  milestone: {
    icon: Trophy,
    get label() {
      return t`Milestone`;
    },
    className: 'bg-vibe text-primary-foreground',
  },
  comment: {
    icon: MessageCircle,
    get label() {
      return t({ message: 'Comment', context: 'noun' });
    },
    className: 'bg-sky-400/15 text-sky-400',
  },
  like: {
    icon: Heart,
    get label() {
      return t`Like`;
    },
    className: 'bg-danger/15 text-danger',
  },
};

const UNKNOWN_STYLE: ActivityStyle = {
  icon: Activity,
  get label() {
    return t`Activity`;
  },
  className: 'bg-surface-3 text-muted',
};

export function activityStyle(type: string): ActivityStyle {
  return (ACTIVITY_STYLES as Record<string, ActivityStyle | undefined>)[type] ?? UNKNOWN_STYLE;
}

/**
 * Relative times in seconds, minutes or hours ago. Times a little in the future
 * (clock skew between server and browser) read as 0s ago.
 */
export function activityTimeAgo(createdAt: string, now: number): string {
  const at = Date.parse(createdAt);
  if (Number.isNaN(at)) return '';
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return t`${seconds}s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t`${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  return t`${hours}h ago`;
}
