import { NotificationBell } from '../realtime/notification-bell.tsx';
import { WalletControl } from '../wallet/wallet-control.tsx';
import { Logo } from './logo.tsx';

/** Small screens: logo and wallet control. */
export function MobileHeader() {
  return (
    <header className="flex h-14 items-center justify-between gap-3 border-b border-border bg-background/85 px-4 backdrop-blur-xl lg:hidden">
      <Logo compact />
      <div className="flex min-w-0 items-center gap-2">
        <NotificationBell />
        {/* Wallet slot: the wallet feature owns this control. */}
        <div data-slot="wallet-control" className="flex items-center gap-2">
          <WalletControl />
        </div>
      </div>
    </header>
  );
}
