import type { RealtimeEvent } from '@dum/core';
import {
  AtSign,
  Bell,
  Flag,
  BellRing,
  Gift,
  Hourglass,
  ListChecks,
  MessageCircle,
  Quote,
  Repeat2,
  Reply,
  Sparkles,
  Trophy,
  UserPlus,
  Vault,
  type LucideIcon,
} from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Popover } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { formatRelativeTime } from '../post/index.ts';
import { useNow } from '../../lib/use-now.ts';
import { formatSol } from '../../lib/i18n/index.ts';
import { notificationText, type Notification } from './notifications.ts';
import type { RealtimeStatus } from './realtime-client.ts';

const ICONS: Record<RealtimeEvent['type'], LucideIcon> = {
  new_post: Sparkles,
  vault_support: Vault,
  vault_completed: Trophy,
  mystery_vault_joined: Gift,
  mystery_vault_opened: Gift,
  time_capsule_opened: Hourglass,
  new_message: MessageCircle,
  user_followed: UserPlus,
  comment_reply: Reply,
  mentioned: AtSign,
  report_decided: Flag,
  poll_ended: ListChecks,
  post_reposted: Repeat2,
  post_quoted: Quote,
  messages_read: MessageCircle,
  activity: Sparkles,
};

/** The unread count on the bell: exact up to 9, then "9+". */
export function unreadLabel(unread: number): string {
  return unread > 9 ? '9+' : String(unread);
}

export interface NotificationMenuProps {
  items: Notification[];
  unread: number;
  status: RealtimeStatus;
  markAllRead: () => void;
  className?: string;
}

/**
 * The bell and its list. Opening the list marks everything read; the items that arrived since
 * it was last closed keep a dot while it stays open.
 */
export function NotificationMenu({
  items,
  unread,
  status,
  markAllRead,
  className,
}: NotificationMenuProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  // When the list was last closed: what arrived after it is new to the person (a dot).
  const [seenUntil, setSeenUntil] = useState(0);
  const titleId = useId();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) markAllRead();
    else setSeenUntil(Date.now());
  };
  // What arrives while the list is open is seen as it arrives.
  useEffect(() => {
    if (open && unread > 0) markAllRead();
  }, [open, unread, markAllRead]);

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
          className={cn(
            'relative inline-flex size-9 shrink-0 items-center justify-center rounded-full border border-border bg-surface text-muted transition-colors hover:bg-surface-2 hover:text-foreground data-[state=open]:bg-surface-2 data-[state=open]:text-foreground',
            className,
          )}
        >
          {unread > 0 ? <BellRing className="size-4" /> : <Bell className="size-4" />}
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute -top-1 -right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent px-1 text-[10px] leading-none font-bold text-primary-foreground tabular-nums"
            >
              {unreadLabel(unread)}
            </span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        {/* A dialog is named by its heading, which a screen reader announces on opening. */}
        <Popover.Content
          aria-labelledby={titleId}
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-[min(22rem,calc(100vw-1.5rem))] overflow-hidden rounded-card border border-border bg-surface shadow-2xl shadow-black/40"
        >
          <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
            <h2 id={titleId} className="text-sm font-semibold text-foreground">
              <Trans>Notifications</Trans>
            </h2>
            <ConnectionHint status={status} />
          </div>
          {items.length === 0 ? (
            <EmptyNotifications />
          ) : (
            <ul className="max-h-[min(26rem,65vh)] overflow-y-auto overscroll-contain py-1">
              {items.map((item) => (
                <NotificationRow
                  key={item.id}
                  item={item}
                  fresh={item.receivedAt > seenUntil}
                  onNavigate={() => setOpen(false)}
                />
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function ConnectionHint({ status }: { status: RealtimeStatus }) {
  const live = status === 'open';
  return (
    <span className="flex items-center gap-1.5 text-xs text-muted" role="status">
      <span
        aria-hidden="true"
        className={cn('size-1.5 rounded-full', live ? 'bg-success' : 'animate-pulse bg-warning')}
      />
      {live ? <Trans>Live</Trans> : <Trans>Connecting…</Trans>}
    </span>
  );
}

function EmptyNotifications() {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-surface-2 text-subtle">
        <Bell className="size-5" aria-hidden="true" />
      </span>
      <p className="text-sm font-medium text-foreground">
        <Trans>No notifications yet</Trans>
      </p>
      <p className="text-xs text-muted">
        <Trans>Vault supports, new followers and messages show up here as they happen.</Trans>
      </p>
    </div>
  );
}

function NotificationRow({
  item,
  fresh,
  onNavigate,
}: {
  item: Notification;
  fresh: boolean;
  onNavigate: () => void;
}) {
  const { t } = useLingui();
  const now = useNow(30_000);
  const Icon = ICONS[item.event.type];
  const text = notificationText(item, formatSol);
  const body = (
    <>
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-foreground">{text.title}</span>
        {text.description && (
          <span className="block truncate text-xs text-muted">{text.description}</span>
        )}
        <span className="mt-0.5 block text-[11px] text-subtle">
          {formatRelativeTime(
            new Date(item.receivedAt).toISOString(),
            Math.max(now, item.receivedAt),
          )}
        </span>
      </span>
      {fresh && (
        <span aria-label={t`unread`} className="mt-2 size-2 shrink-0 rounded-full bg-accent" />
      )}
    </>
  );
  const rowClass = 'flex items-start gap-3 px-4 py-2.5 text-left';
  return (
    <li>
      {item.href ? (
        <Link
          to={item.href}
          onClick={onNavigate}
          className={cn(
            rowClass,
            'transition-colors hover:bg-surface-2 focus-visible:bg-surface-2',
          )}
        >
          {body}
        </Link>
      ) : (
        <div className={rowClass}>{body}</div>
      )}
    </li>
  );
}
