import {
  FEE_MARGIN_LAMPORTS,
  formatBaseUnitsExact,
  VAULT_LOCK_STEP_SOL,
  VAULT_MIN_SUPPORT_SOL,
} from '@dum/core';
import { useState } from 'react';
import { SolAmountDialog } from '../vaults/index.ts';
import { useJoinMystery } from './join-mystery.ts';
import { creatorName } from './mystery-display.ts';
import type { MysteryVault } from './types.ts';

/** Join Mystery Vault: the SOL to send to the creator (the hidden target is not shown). */
export function JoinMysteryDialog({
  open,
  onOpenChange,
  vault,
  viewerWallet,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vault: MysteryVault;
  viewerWallet: string | null;
}) {
  const [amount, setAmount] = useState('0.1');
  const join = useJoinMystery(vault, viewerWallet);
  return (
    <SolAmountDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={join.isPending}
      title="Join Mystery Vault"
      description={
        <>
          Your SOL goes straight to {creatorName(vault)}’s wallet in one on-chain transfer. “
          {vault.title}” opens for everyone when its hidden target is reached or its timer ends.
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
      confirmLabel="Join"
      confirmDisabled={!amount.trim()}
      onConfirm={() => join.mutate(amount, { onSuccess: () => onOpenChange(false) })}
    />
  );
}
