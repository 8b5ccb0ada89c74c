import {
  FEE_MARGIN_LAMPORTS,
  formatBaseUnitsExact,
  VAULT_LOCK_STEP_SOL,
  VAULT_MIN_SUPPORT_LAMPORTS,
  VAULT_MIN_SUPPORT_SOL,
} from '@dum/core';
import { HandCoins, Loader2 } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { SolAmountLabel } from './sol-balance-label.tsx';
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
  const amountId = useId();

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (support.isPending) return;
    support.mutate(amount, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !support.isPending && onOpenChange(next)}>
      <DialogContent>
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-4"
          aria-busy={support.isPending || undefined}
        >
          <DialogHeader>
            <DialogTitle>Support Vault</DialogTitle>
            <DialogDescription>
              Your SOL goes straight to {creatorName}’s wallet in one on-chain transfer. The content
              unlocks for everyone at {solText(targetAmount)} SOL.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <SolAmountLabel htmlFor={amountId} open={open} />
            <input
              id={amountId}
              type="number"
              inputMode="decimal"
              min={VAULT_MIN_SUPPORT_SOL}
              step={VAULT_LOCK_STEP_SOL}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              disabled={support.isPending}
              className="h-11 rounded-xl border border-border bg-surface-2 px-3 font-mono text-base tabular-nums focus-visible:border-dum/60 focus-visible:ring-2 focus-visible:ring-dum/30 focus-visible:outline-none"
            />
            <p className="text-xs text-subtle">
              Minimum {VAULT_MIN_SUPPORT_SOL} SOL · plus about{' '}
              {formatBaseUnitsExact(FEE_MARGIN_LAMPORTS, 9)} SOL network fee
            </p>
          </div>
          <DialogFooter>
            <Button
              variant="secondary"
              onClick={() => onOpenChange(false)}
              disabled={support.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" variant="dum" disabled={support.isPending || !amount.trim()}>
              {support.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <HandCoins aria-hidden="true" />
              )}
              {support.isPending ? 'Vaulting...' : 'Support'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
