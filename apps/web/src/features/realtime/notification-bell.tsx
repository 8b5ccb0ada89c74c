import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../auth/index.ts';
import { useRealtime } from './realtime-provider.tsx';

// The list and its popover load only for a signed-in user, out of the first load.
const NotificationMenu = lazy(async () => ({
  default: (await import('./notification-menu.tsx')).NotificationMenu,
}));

/**
 * The bell in the top bar (Real-time notification): the unread count, and on
 * click the latest 50 notifications, newest first. Shown to signed-in users only.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { isAuthenticated } = useAuth();
  const realtime = useRealtime();
  if (!isAuthenticated) return null;
  return (
    <Suspense
      fallback={
        <span
          aria-hidden="true"
          className={cn(
            'inline-flex size-9 shrink-0 items-center justify-center rounded-full border border-border bg-surface text-subtle',
            className,
          )}
        >
          <Bell className="size-4" />
        </span>
      }
    >
      <NotificationMenu {...realtime} className={className} />
    </Suspense>
  );
}
