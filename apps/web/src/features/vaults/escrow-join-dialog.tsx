import { formatSol } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatSol as formatSolForReading } from '../../lib/i18n/index.ts';
import { DEPOSIT_RENT_LAMPORTS } from './escrow-flow.ts';
import { SolAmountDialog } from './sol-amount-dialog.tsx';
import { solText } from './vault-display.ts';

/** Join: SOL to lock in the vault program (> 0, balance must cover it plus the fee). */
export function JoinDialog({
  open,
  onOpenChange,
  remaining,
  firstJoin,
  targetAmount,
  busy,
  onJoin,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  remaining: bigint;
  firstJoin: boolean;
  targetAmount: string;
  busy: boolean;
  onJoin: (amount: string) => void;
}) {
  const [amount, setAmount] = useState(() =>
    remaining > 0n ? formatSol(remaining).replace(/\.?0+$/, '') : '0.1',
  );
  const invalid = !/^\d*\.?\d*$/.test(amount.trim()) || !(Number(amount) > 0);
  const { t } = useLingui();
  const targetSol = solText(targetAmount);
  const rent = formatSolForReading(DEPOSIT_RENT_LAMPORTS);

  return (
    <SolAmountDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={t`Join Vault`}
      description={
        <Trans>
          Your SOL is locked in the vault program until the end, earning DUM every second. The
          content unlocks for everyone at {targetSol} SOL.
        </Trans>
      }
      amount={amount}
      onAmountChange={setAmount}
      min="0"
      step="0.01"
      invalid={invalid}
      hint={
        amount !== '' && invalid
          ? t`amount must be greater than 0`
          : firstJoin
            ? t`Plus about ${rent} SOL for your deposit account and the network fee.`
            : t`Plus the network fee. Leaving before the end costs the early-withdraw penalty.`
      }
      confirmLabel={t`Join`}
      confirmDisabled={invalid}
      onConfirm={() => onJoin(amount)}
      extraLamports={firstJoin ? DEPOSIT_RENT_LAMPORTS : 0n}
    />
  );
}
