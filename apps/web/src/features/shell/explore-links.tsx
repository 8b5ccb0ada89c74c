import { t } from '@lingui/core/macro';
import { Clapperboard, PenLine, Search, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { isNavActive } from './nav.ts';

/**
 * The pages the spec's seven navigation entries leave out (Discover, Reels, Create), as round
 * icon links in the bars: the spec fixes the sidebar's and the bottom bar's entries, so these
 * ride in the header, where social apps keep search and the composer. Labels are getters: read
 * at render, in the active language.
 */
const EXPLORE = {
  discover: {
    path: '/discover',
    get label() {
      return t`Discover`;
    },
    icon: Search,
  },
  reels: {
    path: '/reels',
    get label() {
      return t`Reels`;
    },
    icon: Clapperboard,
  },
  create: {
    path: '/create',
    get label() {
      return t`Create`;
    },
    icon: PenLine,
  },
} satisfies Record<string, { path: string; label: string; icon: LucideIcon }>;

export type ExploreLink = keyof typeof EXPLORE;

export const ROUND_LINK_CLASS =
  'relative inline-flex size-9 shrink-0 items-center justify-center rounded-full border bg-surface transition-colors hover:text-foreground';

export function ExploreLinks({ links }: { links: readonly ExploreLink[] }) {
  const { pathname } = useLocation();
  return (
    <>
      {links.map((key) => {
        const { path, label, icon: Icon } = EXPLORE[key];
        const active = isNavActive(path, pathname);
        return (
          <Link
            key={key}
            to={path}
            title={label}
            aria-current={active ? 'page' : undefined}
            className={cn(
              ROUND_LINK_CLASS,
              active ? 'border-primary/50 text-primary' : 'border-border text-muted',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            <span className="sr-only">{label}</span>
          </Link>
        );
      })}
    </>
  );
}
