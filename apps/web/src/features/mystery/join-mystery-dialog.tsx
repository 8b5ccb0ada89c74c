import {
  FEE_MARGIN_LAMPORTS,
  formatBaseUnitsExact,
  VAULT_LOCK_STEP_SOL,
  VAULT_MIN_SUPPORT_SOL,
} from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatDecimal } from '../../lib/i18n/index.ts';
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
  const { t } = useLingui();
  const [amount, setAmount] = useState('0.1');
  const creator = creatorName(vault);
  const title = vault.title;
  const min = VAULT_MIN_SUPPORT_SOL;
  const fee = formatDecimal(formatBaseUnitsExact(FEE_MARGIN_LAMPORTS, 9), 9);
  const join = useJoinMystery(vault, viewerWallet);
  return (
    <SolAmountDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={join.isPending}
      title={t`Join Mystery Vault`}
      description={
        <Trans>
          Your SOL goes straight to {creator}’s wallet in one on-chain transfer. “{title}” opens for
          everyone when its hidden target is reached or its timer ends.
        </Trans>
      }
      amount={amount}
      onAmountChange={setAmount}
      min={VAULT_MIN_SUPPORT_SOL}
      step={VAULT_LOCK_STEP_SOL}
      hint={
        <Trans>
          Minimum {min} SOL · plus about {fee} SOL network fee
        </Trans>
      }
      confirmLabel={t`Join`}
      confirmDisabled={!amount.trim()}
      onConfirm={() => join.mutate(amount, { onSuccess: () => onOpenChange(false) })}
    />
  );
}
