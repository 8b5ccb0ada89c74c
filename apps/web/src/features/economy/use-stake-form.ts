import { t } from '@lingui/core/macro';
import { STAKE_MESSAGES, validateStakeAmount, type StakeAction } from '@dum/core';
import { useState, type SubmitEvent } from 'react';
import { toast } from '../../components/ui/use-toast.ts';
import { formatDum } from '../../lib/i18n/index.ts';
import { useStakeMutation, type DumBalances } from './economy-queries.ts';
import {
  isStakeSubmitDisabled,
  maxStakeAmount,
  stakeFailureMessage,
  stakeMessageText,
  toastParts,
} from './stake-form.ts';

/**
 * The stake dialog's state: mode, amount and error. Amounts are checked with the same validator
 * the server runs; on success the dialog closes, the amount clears and the mode resets to stake.
 * Any edit clears the error.
 */
export function useStakeForm(
  wallet: string,
  balances: DumBalances,
  onOpenChange: (open: boolean) => void,
) {
  const [mode, setMode] = useState<StakeAction>('stake');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const stake = useStakeMutation(wallet);

  const available = mode === 'stake' ? balances.balance : balances.staked;
  const pending = stake.isPending;

  function reset() {
    setMode('stake');
    setAmount('');
    setError(null);
  }

  function changeOpen(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  function submit(event: SubmitEvent) {
    event.preventDefault();
    if (isStakeSubmitDisabled(amount, pending)) return;
    const action = mode;
    const checked = validateStakeAmount(amount, available, action);
    if (!checked.ok) {
      setError(stakeMessageText(checked.message));
      return;
    }
    setError(null);
    stake.mutate(
      { amount: amount.trim(), action },
      {
        onSuccess: () => {
          toastStaked(action, checked.amount);
          changeOpen(false);
        },
        onError: (failure) => {
          const message = stakeFailureMessage(failure, action);
          setError(message);
          toastStakeFailed(action, message);
        },
      },
    );
  }

  return {
    mode,
    amount,
    error,
    available,
    pending,
    changeOpen,
    submit,
    chooseMode: (next: StakeAction) => {
      setMode(next);
      setError(null);
    },
    editAmount: (next: string) => {
      setAmount(next);
      setError(null);
    },
    fillMax: () => {
      setAmount(maxStakeAmount(available));
      setError(null);
    },
  };
}

function toastStaked(action: StakeAction, amount: bigint) {
  toast({
    variant: 'success',
    title: stakeMessageText(STAKE_MESSAGES.success(action)),
    description: stakedText(action, formatDum(amount, 9)),
  });
}

function toastStakeFailed(action: StakeAction, message: string) {
  const parts = toastParts(message);
  toast({
    variant: 'destructive',
    title: parts.title ?? (action === 'stake' ? t`Stake Failed` : t`Unstake Failed`),
    description: parts.description,
  });
}

function stakedText(action: StakeAction, amount: string): string {
  return action === 'stake' ? t`${amount} DUM staked.` : t`${amount} DUM unstaked.`;
}
