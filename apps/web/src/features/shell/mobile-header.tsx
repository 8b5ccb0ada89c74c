import { Trans } from '@lingui/react/macro';
import { MessageCircle } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../auth/index.ts';
import { useUnreadMessages } from '../messages/index.ts';
import { NotificationBell } from '../realtime/index.ts';
import { WalletControl } from './wallet-control.tsx';
import { ExploreLinks, ROUND_LINK_CLASS } from './explore-links.tsx';
import { Logo } from './logo.tsx';
import { isNavActive } from './nav.ts';
import { UnreadBadge } from './sidebar.tsx';

/**
 * Small screens: logo and wallet control, Discover (search), the notifications and (signed in)
 * Messages with its unread count, which the bottom bar's four entries leave out.
 */
export function MobileHeader() {
  return (
    <header className="flex h-14 items-center justify-between gap-3 border-b border-border bg-background/85 px-4 backdrop-blur-xl lg:hidden">
      {/* 'narrow' signed out too: the Connect Wallet button is as wide as the signed-in controls. */}
      <Logo compact="narrow" />
      <div className="flex min-w-0 items-center gap-2">
        <ExploreLinks links={['discover']} />
        <MessagesLink />
        <NotificationBell />
        {/* Wallet slot: the wallet feature owns this control. */}
        <div data-slot="wallet-control" className="flex items-center gap-2">
          <WalletControl />
        </div>
      </div>
    </header>
  );
}

function MessagesLink() {
  const { isAuthenticated } = useAuth();
  const unread = useUnreadMessages();
  const { pathname } = useLocation();
  if (!isAuthenticated) return null;
  const active = isNavActive('/messages', pathname);
  return (
    <Link
      to="/messages"
      aria-current={active ? 'page' : undefined}
      className={cn(
        ROUND_LINK_CLASS,
        active ? 'border-primary/50 text-primary' : 'border-border text-muted',
      )}
    >
      <MessageCircle className="size-4" aria-hidden="true" />
      <span className="sr-only">
        <Trans>Messages</Trans>
      </span>
      {unread > 0 && (
        <UnreadBadge count={unread} compact className="absolute -top-1.5 -right-1.5" />
      )}
    </Link>
  );
}
