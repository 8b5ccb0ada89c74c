import type { EscrowDialog, EscrowRun } from './escrow-actions.tsx';
import { EarlyWithdrawDialog } from './escrow-early-withdraw-dialog.tsx';
import { JoinDialog } from './escrow-join-dialog.tsx';

/** The Join and Early withdraw dialogs of a deposit, whichever is open. */
export function EscrowDialogs({
  dialog,
  setDialog,
  remaining,
  firstJoin,
  targetAmount,
  depositAmount,
  penaltyBps,
  busy,
  run,
}: {
  dialog: EscrowDialog;
  setDialog: (dialog: EscrowDialog) => void;
  remaining: bigint;
  firstJoin: boolean;
  targetAmount: string;
  /** The viewer's deposit in lamports; null without one (no early withdraw then). */
  depositAmount: bigint | null;
  penaltyBps: number;
  busy: string | undefined;
  run: EscrowRun;
}) {
  const close = (open: boolean) => !open && setDialog(null);
  if (dialog === 'join') {
    return (
      <JoinDialog
        open
        onOpenChange={close}
        remaining={remaining}
        firstJoin={firstJoin}
        targetAmount={targetAmount}
        busy={busy === 'join'}
        onJoin={(amount) => run({ kind: 'join', amount }, () => setDialog(null))}
      />
    );
  }
  if (dialog === 'earlyWithdraw' && depositAmount !== null) {
    return (
      <EarlyWithdrawDialog
        open
        onOpenChange={close}
        amount={depositAmount}
        penaltyBps={penaltyBps}
        busy={busy === 'earlyWithdraw'}
        onConfirm={() => run({ kind: 'earlyWithdraw' }, () => setDialog(null))}
      />
    );
  }
  return null;
}
