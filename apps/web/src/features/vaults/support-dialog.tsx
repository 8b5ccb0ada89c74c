import {
  FEE_MARGIN_LAMPORTS,
  formatBaseUnitsExact,
  VAULT_LOCK_STEP_SOL,
  VAULT_MIN_SUPPORT_LAMPORTS,
  VAULT_MIN_SUPPORT_SOL,
} from '@dum/core';
import { useState } from 'react';
import { SolAmountDialog } from './sol-amount-dialog.tsx';
import { solText } from './vault-display.ts';
import { useSupportVault, type SupportTarget } from './support-vault.ts';

export interface SupportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: SupportTarget;
  viewerWallet: string | null;
  creatorName: string;
  /** Lamports still missing to the target (the suggested amount). */
  remaining: bigint;
  targetAmount: string;
}

/** The amount a supporter starts from: what is left to the target, at least the minimum. */
export function suggestedAmount(remaining: bigint): string {
  return formatBaseUnitsExact(
    remaining > VAULT_MIN_SUPPORT_LAMPORTS ? remaining : VAULT_MIN_SUPPORT_LAMPORTS,
    9,
  );
}

/**
 * Support Vault: the amount to send (step 0.01, at least the shared minimum) and the wallet's
 * balance; confirming runs the support flow through the connected wallet ('Vaulting...').
 */
export function SupportDialog({
  open,
  onOpenChange,
  target,
  viewerWallet,
  creatorName,
  remaining,
  targetAmount,
}: SupportDialogProps) {
  const [amount, setAmount] = useState(() => suggestedAmount(remaining));
  const support = useSupportVault(target, viewerWallet);

  return (
    <SolAmountDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={support.isPending}
      title="Support Vault"
      description={
        <>
          Your SOL goes straight to {creatorName}’s wallet in one on-chain transfer. The content
          unlocks for everyone at {solText(targetAmount)} SOL.
        </>
      }
      amount={amount}
      onAmountChange={setAmount}
      min={VAULT_MIN_SUPPORT_SOL}
      step={VAULT_LOCK_STEP_SOL}
      hint={
        <>
          Minimum {VAULT_MIN_SUPPORT_SOL} SOL · plus about{' '}
          {formatBaseUnitsExact(FEE_MARGIN_LAMPORTS, 9)} SOL network fee
        </>
      }
      confirmLabel="Support"
      confirmDisabled={!amount.trim()}
      onConfirm={() => support.mutate(amount, { onSuccess: () => onOpenChange(false) })}
    />
  );
}
