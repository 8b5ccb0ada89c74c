import {
  FEE_MARGIN_LAMPORTS,
  formatBaseUnitsExact,
  VAULT_LOCK_STEP_SOL,
  VAULT_MIN_SUPPORT_LAMPORTS,
  VAULT_MIN_SUPPORT_SOL,
} from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatDecimal } from '../../lib/i18n/index.ts';
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
  const { t } = useLingui();
  const targetSol = solText(targetAmount);
  const minimum = formatDecimal(VAULT_MIN_SUPPORT_SOL, 9);
  const fee = formatDecimal(formatBaseUnitsExact(FEE_MARGIN_LAMPORTS, 9), 9);

  return (
    <SolAmountDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={support.isPending}
      title={t`Support Vault`}
      description={
        <Trans>
          Your SOL goes straight to {creatorName}’s wallet in one on-chain transfer. The content
          unlocks for everyone at {targetSol} SOL.
        </Trans>
      }
      amount={amount}
      onAmountChange={setAmount}
      min={VAULT_MIN_SUPPORT_SOL}
      step={VAULT_LOCK_STEP_SOL}
      hint={
        <Trans>
          Minimum {minimum} SOL · plus about {fee} SOL network fee
        </Trans>
      }
      confirmLabel={t`Support`}
      confirmDisabled={!amount.trim()}
      onConfirm={() => support.mutate(amount, { onSuccess: () => onOpenChange(false) })}
    />
  );
}
