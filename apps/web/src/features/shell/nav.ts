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

/** The navigation entries, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/', label: 'Feed', icon: House },
  { path: '/my-vaults', label: 'My Vaults', icon: LockKeyhole },
  { path: '/mystery-vaults', label: 'Mystery Vaults', icon: Sparkles },
  { path: '/time-capsules', label: 'Time Capsules', icon: Hourglass },
  { path: '/messages', label: 'Messages', icon: MessageCircle },
  { path: '/analytics', label: 'Analytics', icon: ChartNoAxesColumn },
  { path: '/profile', label: 'Profile', icon: User },
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
