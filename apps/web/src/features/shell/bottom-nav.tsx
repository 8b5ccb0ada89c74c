import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { BOTTOM_NAV_ITEMS, isNavActive } from './nav.ts';

/** Small screens: the first four entries in a bar fixed to the bottom edge. */
export function BottomNav() {
  const { pathname } = useLocation();
  const { t } = useLingui();
  return (
    <nav
      aria-label={t`Main`}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-xl lg:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-4">
        {BOTTOM_NAV_ITEMS.map((item) => {
          const active = isNavActive(item.path, pathname);
          const Icon = item.icon;
          return (
            <li key={item.path}>
              <Link
                to={item.path}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'relative flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors',
                  active ? 'text-foreground' : 'text-subtle hover:text-foreground',
                )}
              >
                {active && (
                  <span
                    aria-hidden="true"
                    className="absolute top-0 h-0.5 w-10 rounded-full bg-vibe"
                  />
                )}
                <Icon
                  aria-hidden="true"
                  className={cn('size-5', active && 'text-primary')}
                  strokeWidth={active ? 2.4 : 2}
                />
                {/* Two lines at most: a language with longer names (Spanish) wraps rather than cuts them. */}
                <span className="line-clamp-2 max-w-full px-1 text-center leading-tight">
                  {item.label}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
