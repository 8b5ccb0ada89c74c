import { formatAddress } from '@dum/core';
import { Trans } from '@lingui/react/macro';
import { ChevronDown, Loader2 } from 'lucide-react';

/*
 * The signed-in wallet control's address button, shared by its placeholder (while the menu's
 * code loads) and the lazily loaded WalletMenu (a module of its own so the two need not import
 * each other).
 */

export const walletMenuTriggerClass =
  'inline-flex h-9 items-center gap-2 rounded-xl border border-primary/40 bg-primary/10 px-3 font-mono text-xs font-semibold text-foreground transition-colors hover:bg-primary/20 data-[state=open]:bg-primary/20';

/** The accessible name starts with 'Wallet menu'; the short address is what shows. */
export function WalletMenuTriggerContent({ address, busy }: { address: string; busy: boolean }) {
  return (
    <>
      <span className="sr-only">
        <Trans>Wallet menu,</Trans>{' '}
      </span>
      {busy ? (
        <Loader2 aria-hidden="true" className="size-3 animate-spin motion-reduce:animate-none" />
      ) : (
        <span aria-hidden="true" className="size-2 rounded-full bg-success" />
      )}
      {formatAddress(address)}
      <ChevronDown aria-hidden="true" className="size-3.5 text-muted" />
    </>
  );
}
