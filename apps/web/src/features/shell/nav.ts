import { t } from '@lingui/core/macro';
import {
  ChartNoAxesColumn,
  Hourglass,
  House,
  MessageCircle,
  Sparkles,
  User,
  LockKeyhole,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  path: string;
  label: string;
  icon: LucideIcon;
}

/** The navigation entries, in order. Labels are getters: read at render, in the active language. */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    path: '/',
    get label() {
      return t`Feed`;
    },
    icon: House,
  },
  {
    path: '/my-vaults',
    get label() {
      return t`My Vaults`;
    },
    icon: LockKeyhole,
  },
  {
    path: '/mystery-vaults',
    get label() {
      return t`Mystery Vaults`;
    },
    icon: Sparkles,
  },
  {
    path: '/time-capsules',
    get label() {
      return t`Time Capsules`;
    },
    icon: Hourglass,
  },
  {
    path: '/messages',
    get label() {
      return t`Messages`;
    },
    icon: MessageCircle,
  },
  {
    path: '/analytics',
    get label() {
      return t`Analytics`;
    },
    icon: ChartNoAxesColumn,
  },
  {
    path: '/profile',
    get label() {
      return t`Profile`;
    },
    icon: User,
  },
];

/** Small screens' bottom bar: only the first four entries. */
export const BOTTOM_NAV_ITEMS: readonly NavItem[] = NAV_ITEMS.slice(0, 4);

/**
 * A link is active when the current path starts with it; `/` is active only on
 * exactly `/` (otherwise it would match every page).
 */
export function isNavActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/') return currentPath === '/';
  return currentPath.startsWith(itemPath);
}
