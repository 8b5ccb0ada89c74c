import { formatSol } from '@dum/core';
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
import { DEPOSIT_RENT_LAMPORTS } from './escrow-flow.ts';
import { SolAmountLabel } from './sol-balance-label.tsx';
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
  const amountId = useId();
  const hintId = useId();
  const invalid = !/^\d*\.?\d*$/.test(amount.trim()) || !(Number(amount) > 0);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!busy) onJoin(amount);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-busy={busy || undefined}>
          <DialogHeader>
            <DialogTitle>Join Vault</DialogTitle>
            <DialogDescription>
              Your SOL is locked in the vault program until the end, earning DUM every second. The
              content unlocks for everyone at {solText(targetAmount)} SOL.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <SolAmountLabel htmlFor={amountId} open={open} />
            <input
              id={amountId}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              disabled={busy}
              aria-invalid={(amount !== '' && invalid) || undefined}
              aria-describedby={hintId}
              className="h-11 rounded-xl border border-border bg-surface-2 px-3 font-mono text-base tabular-nums focus-visible:border-dum/60 focus-visible:ring-2 focus-visible:ring-dum/30 focus-visible:outline-none aria-invalid:border-danger/60"
            />
            <p id={hintId} className="text-xs text-subtle">
              {amount !== '' && invalid
                ? 'amount must be greater than 0'
                : firstJoin
                  ? `Plus about ${formatSol(DEPOSIT_RENT_LAMPORTS)} SOL for your deposit account and the network fee.`
                  : 'Plus the network fee. Leaving before the end costs the early-withdraw penalty.'}
            </p>
          </div>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="dum" disabled={busy || invalid}>
              {busy ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <HandCoins aria-hidden="true" />
              )}
              {busy ? 'Vaulting...' : 'Join'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
