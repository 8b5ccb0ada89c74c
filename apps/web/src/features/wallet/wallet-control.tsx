import { Wallet } from 'lucide-react';

/**
 * PLACEHOLDER from the app-shell work: the wallet feature replaces this file with the real
 * control (Connect Wallet / Sign & Authenticate / address with disconnect). The shell renders it
 * in the top bar and the mobile header; keep the export name `WalletControl`.
 */
export function WalletControl() {
  return (
    <button
      type="button"
      disabled
      aria-disabled="true"
      title="Wallet sign-in is on its way"
      className="inline-flex h-9 items-center gap-2 rounded-xl bg-vibe px-3.5 text-sm font-semibold text-primary-foreground opacity-60"
    >
      <Wallet className="size-4" aria-hidden="true" />
      Connect Wallet
    </button>
  );
}
