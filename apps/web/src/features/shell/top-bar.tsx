import { Trans } from '@lingui/react/macro';
import { NotificationBell } from '../realtime/index.ts';
import { WalletControl } from './wallet-control.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { ExploreLinks } from './explore-links.tsx';

/**
 * Large screens: the bar above the page, holding the network status, Discover, Reels and Create,
 * the notifications and the wallet control.
 */
export function TopBar() {
  return (
    <header className="hidden h-16 items-center justify-between gap-4 border-b border-border bg-background/80 px-6 backdrop-blur-xl lg:flex xl:px-8">
      <p className="flex items-center gap-3 text-sm text-muted">
        <Badge variant="success" className="normal-case tracking-normal">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-success" />
          DevNet
        </Badge>
        <span>
          {/* The long line only where the bar has room for it beside its links. */}
          <span className="hidden 2xl:inline">
            <Trans>Earn DUM through engagement, not electricity.</Trans>{' '}
          </span>
          <span className="font-semibold text-foreground">
            <Trans>Social Mining · Proof of Vibe</Trans>
          </span>
        </span>
      </p>
      <div className="flex items-center gap-2 sm:gap-3">
        <ExploreLinks links={['discover', 'reels', 'create']} />
        <NotificationBell />
        {/* Wallet slot: the wallet feature owns this control. */}
        <div data-slot="wallet-control" className="flex items-center gap-3">
          <WalletControl />
        </div>
      </div>
    </header>
  );
}
