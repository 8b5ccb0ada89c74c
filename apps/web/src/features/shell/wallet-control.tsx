import { formatAddress } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { LogOut, Wallet as WalletIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { formatSol } from '../../lib/i18n/index.ts';
import { AUTH_TOASTS } from '../auth/index.ts';
import { useAuth } from '../auth/index.ts';
import { getSolBalance } from '../wallet/index.ts';
import { useWallet } from '../wallet/index.ts';
import { WalletMenuTriggerContent, walletMenuTriggerClass } from '../wallet/index.ts';
import { useFaucetBusy } from '../faucet/index.ts';

// The menu (Radix dropdown and its positioning) loads once signed in, not on a visitor's first load.
const WalletMenu = lazy(async () => ({ default: (await import('./wallet-menu.tsx')).WalletMenu }));

export const SOL_BALANCE_REFRESH_MS = 30_000;

/** SOL balance of the connected wallet, read from the cluster at confirmed commitment. */
export function useSolBalance(address: string | null): bigint | undefined {
  const { config } = useWallet();
  const rpcUrl = config?.rpcUrl;
  return useQuery({
    queryKey: ['sol-balance', rpcUrl, address],
    queryFn: () => getSolBalance(rpcUrl ?? '', address ?? ''),
    enabled: Boolean(rpcUrl && address),
    refetchInterval: SOL_BALANCE_REFRESH_MS,
  }).data;
}

/**
 * The wallet control, in the top bar and the mobile header:
 * - disconnected: 'Connect Wallet' ('Connecting...' while busy), opening the connect modal;
 * - connected, not authenticated: the short address and 'Sign & Authenticate'
 *   ('Authenticating...' while busy);
 * - connected and authenticated: SOL balance, the address (opening the wallet menu: Get test
 *   SOL, Copy address, Disconnect) and a disconnect button.
 */
export function WalletControl() {
  const wallet = useWallet();
  const auth = useAuth();
  // Held here, not in the button: signing out switches the branch below mid-disconnect.
  const [disconnecting, setDisconnecting] = useState(false);
  const address = wallet.status === 'connected' ? (wallet.account?.address ?? null) : null;

  const disconnect = async () => {
    setDisconnecting(true);
    try {
      await auth.signOut();
      await wallet.disconnect();
      toast(AUTH_TOASTS.disconnected);
    } finally {
      setDisconnecting(false);
    }
  };

  if (!address) {
    const busy = wallet.status === 'connecting' || wallet.status === 'restoring';
    return (
      <Button
        size="sm"
        className="h-9 px-3.5 text-sm"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => wallet.setModalOpen(true)}
      >
        <WalletIcon aria-hidden="true" />
        {busy ? <Trans>Connecting...</Trans> : <Trans>Connect Wallet</Trans>}
      </Button>
    );
  }

  const disconnectButton = (
    <DisconnectButton disconnecting={disconnecting} onDisconnect={() => void disconnect()} />
  );
  if (!auth.isAuthenticated) {
    return (
      <SignInControl
        address={address}
        busy={auth.status === 'signing-in'}
        onSignIn={() => void auth.signIn()}
        disconnectButton={disconnectButton}
      />
    );
  }
  return (
    <AuthenticatedControl
      address={address}
      disconnecting={disconnecting}
      onDisconnect={() => void disconnect()}
      disconnectButton={disconnectButton}
    />
  );
}

function DisconnectButton({
  disconnecting,
  onDisconnect,
}: {
  disconnecting: boolean;
  onDisconnect: () => void;
}) {
  const { t } = useLingui();
  return (
    // A native title rather than the Radix tooltip: its positioning engine would weigh on the
    // first load of every page for one hint.
    <Button
      variant="ghost"
      size="icon"
      aria-label={t`Disconnect wallet`}
      title={t`Disconnect`}
      disabled={disconnecting}
      onClick={onDisconnect}
    >
      <LogOut aria-hidden="true" />
    </Button>
  );
}

/** Connected, not signed in: the short address and 'Sign & Authenticate'. */
function SignInControl({
  address,
  busy,
  onSignIn,
  disconnectButton,
}: {
  address: string;
  busy: boolean;
  onSignIn: () => void;
  disconnectButton: ReactNode;
}) {
  return (
    <div className="flex items-center gap-1.5" data-state="connected">
      <span
        className="hidden h-9 items-center rounded-xl border border-border bg-surface-2 px-3 font-mono text-xs text-muted sm:inline-flex"
        title={address}
      >
        {formatAddress(address)}
      </span>
      <Button
        size="sm"
        className="h-9 px-3 text-xs sm:px-3.5 sm:text-sm"
        disabled={busy}
        aria-busy={busy || undefined}
        title={address}
        onClick={onSignIn}
      >
        {/* Phones have no room for the address beside the button: it goes under the label. */}
        <span className="flex flex-col items-center leading-tight">
          {busy ? <Trans>Authenticating...</Trans> : <Trans>Sign & Authenticate</Trans>}
          <span
            aria-hidden="true"
            className="font-mono text-[10px] font-normal opacity-80 sm:hidden"
          >
            {formatAddress(address)}
          </span>
        </span>
      </Button>
      {disconnectButton}
    </div>
  );
}

/** Signed in: the SOL balance (once read), the wallet menu on the address, and disconnect. */
function AuthenticatedControl({
  address,
  disconnecting,
  onDisconnect,
  disconnectButton,
}: {
  address: string;
  disconnecting: boolean;
  onDisconnect: () => void;
  disconnectButton: ReactNode;
}) {
  const balance = useSolBalance(address);
  const { t } = useLingui();
  const solBalance = balance === undefined ? '' : formatSol(balance);
  const busy = useFaucetBusy();
  // Pressed before the menu's code arrived: it opens as soon as it has.
  const [openRequested, setOpenRequested] = useState(false);
  const placeholder = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      title={address}
      className={walletMenuTriggerClass}
      onClick={() => setOpenRequested(true)}
    >
      <WalletMenuTriggerContent address={address} busy={busy} />
    </button>
  );
  return (
    <div className="flex items-center gap-1.5" data-state="authenticated">
      {balance !== undefined && (
        <span
          className="hidden h-9 items-center rounded-xl border border-border bg-surface-2 px-3 font-mono text-xs tabular-nums text-foreground sm:inline-flex"
          aria-label={t`Balance ${solBalance} SOL`}
        >
          {solBalance} <span className="ml-1 text-subtle">SOL</span>
        </span>
      )}
      <Suspense fallback={placeholder}>
        <WalletMenu
          address={address}
          disconnecting={disconnecting}
          onDisconnect={onDisconnect}
          defaultOpen={openRequested}
        />
      </Suspense>
      {/* Phones have no room for it beside the menu, which offers Disconnect too. */}
      <span className="hidden sm:contents">{disconnectButton}</span>
    </div>
  );
}
