import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useUnreadMessages } from '../messages/index.ts';
import { unreadBadgeText } from '../messages/index.ts';
import { DumTokenBox } from './dum-token-box.tsx';
import { Logo } from './logo.tsx';
import { NAV_ITEMS, isNavActive } from './nav.ts';

/** Large screens: logo, the seven entries, the DUM token box and the integrations note. */
export function Sidebar({ onStake }: { onStake?: () => void }) {
  const { pathname } = useLocation();
  const unreadMessages = useUnreadMessages();
  const { t } = useLingui();
  return (
    <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r border-border bg-surface/40 px-4 py-5 lg:flex xl:w-72">
      <Logo className="px-2" />
      <nav aria-label={t`Main`} className="flex flex-col gap-1">
        {NAV_ITEMS.map((item) => {
          const active = isNavActive(item.path, pathname);
          const Icon = item.icon;
          return (
            <Link
              key={item.path}
              to={item.path}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'group relative flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors',
                active
                  ? 'bg-primary/12 text-foreground'
                  : 'text-muted hover:bg-surface-2 hover:text-foreground',
              )}
            >
              {active && (
                <span
                  aria-hidden="true"
                  className="absolute top-2 bottom-2 left-0 w-1 rounded-full bg-vibe"
                />
              )}
              <Icon
                aria-hidden="true"
                className={cn(
                  'size-5 transition-colors',
                  active ? 'text-primary' : 'text-subtle group-hover:text-foreground',
                )}
              />
              {item.label}
              {item.path === '/messages' && unreadMessages > 0 && (
                <UnreadBadge count={unreadMessages} className="ml-auto" />
              )}
            </Link>
          );
        })}
      </nav>
      <div className="mt-auto flex flex-col gap-4">
        <DumTokenBox onStake={onStake} />
        <p className="px-2 text-center text-xs text-subtle">
          <Trans>Integration Preview • X / Instagram</Trans>
        </p>
      </div>
    </aside>
  );
}

/** The unread messages count beside the Messages entry. */
export function UnreadBadge({
  count,
  compact = false,
  className,
}: {
  count: number;
  /** The small one on the phone header's icon. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <span
      data-testid="unread-messages"
      className={cn(
        'grid place-items-center rounded-full bg-vibe font-bold text-primary-foreground tabular-nums',
        compact ? 'h-4 min-w-4 px-1 text-[10px]' : 'h-5 min-w-5 px-1.5 text-[11px]',
        className,
      )}
    >
      {unreadBadgeText(count)}
      <span className="sr-only">
        {' '}
        <Trans>unread</Trans>
      </span>
    </span>
  );
}
