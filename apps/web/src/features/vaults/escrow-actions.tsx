import { Trans, useLingui } from '@lingui/react/macro';
import { Coins, HandCoins, Landmark, LogOut } from 'lucide-react';
import { BusyButton, Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { formatSol } from '../../lib/i18n/index.ts';
import { WALLET_REQUIRED, type Viewer } from '../auth/index.ts';
import type { EscrowAction } from './escrow-display.ts';
import {
  useEscrowAction,
  type EscrowActionRequest,
  type EscrowActionTarget,
} from './escrow-queries.ts';
import type { EscrowView } from './escrow-types.ts';
import { lamportsOf } from './vault-display.ts';

/** The early-withdraw action, which is also the name of its dialog. */
const earlyWithdrawKey = 'earlyWithdraw' satisfies EscrowAction & EscrowDialog;

export type EscrowRun = (request: EscrowActionRequest, onDone?: () => void) => void;

/** The deposit dialog an action opens (escrow-dialogs.tsx), if any. */
export type EscrowDialog = 'join' | 'earlyWithdraw' | null;

/**
 * An escrow vault's program actions for one viewer: `run` starts one (ignored while another
 * runs) and `busy` names the one running.
 */
export function useEscrowRunner(target: EscrowActionTarget): {
  busy: EscrowActionRequest['kind'] | undefined;
  run: EscrowRun;
} {
  const action = useEscrowAction(target);
  const busy = action.isPending ? action.variables.kind : undefined;
  const run: EscrowRun = (request, onDone) => {
    if (action.isPending) return;
    action.mutate(request, { onSuccess: () => onDone?.() });
  };
  return { busy, run };
}

/** Early withdraw (opens its confirmation) and Withdraw with rewards, as the program allows. */
export function WithdrawButtons({
  actions,
  busy,
  run,
  setDialog,
}: {
  actions: readonly string[];
  busy: string | undefined;
  run: EscrowRun;
  setDialog: (dialog: EscrowDialog) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      {actions.includes(earlyWithdrawKey) && (
        <Button
          variant="secondary"
          size="sm"
          disabled={Boolean(busy)}
          onClick={() => setDialog(earlyWithdrawKey)}
        >
          <LogOut aria-hidden="true" />
          <Trans>Early withdraw</Trans>
        </Button>
      )}
      {actions.includes('withdraw') && (
        <BusyButton
          variant="dum"
          size="sm"
          disabled={Boolean(busy)}
          onClick={() => run({ kind: 'withdraw' })}
          busy={busy === 'withdraw'}
          busyLabel={t`Withdrawing...`}
          icon={<Coins aria-hidden="true" />}
        >
          <Trans>Withdraw with rewards</Trans>
        </BusyButton>
      )}
    </>
  );
}

/**
 * The panel's buttons: Join (or Add more; signed-out visitors are told to connect a wallet),
 * the withdrawals, and the creator's Claim of what is left in the vault.
 */
export function EscrowActionBar({
  viewer,
  actions,
  canJoin,
  escrow,
  hasDeposit,
  busy,
  run,
  setDialog,
}: {
  viewer: Viewer;
  actions: readonly EscrowAction[];
  /** Locked and not paid out: joining is possible at all. */
  canJoin: boolean;
  escrow: EscrowView;
  /** The viewer holds SOL in the vault now. */
  hasDeposit: boolean;
  busy: string | undefined;
  run: EscrowRun;
  setDialog: (dialog: EscrowDialog) => void;
}) {
  const { t } = useLingui();
  const join = () => {
    if (!viewer.isAuthenticated) {
      toast({ ...WALLET_REQUIRED, variant: 'destructive' });
      return;
    }
    setDialog('join');
  };
  const unclaimed = formatSol(lamportsOf(escrow.totalDeposited) - lamportsOf(escrow.claimedAmount));
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {(!viewer.isAuthenticated || actions.includes('join')) && canJoin && (
        <Button variant="dum" size="sm" disabled={Boolean(busy)} onClick={join}>
          <HandCoins aria-hidden="true" />
          {hasDeposit ? <Trans>Add more</Trans> : <Trans>Join</Trans>}
        </Button>
      )}
      <WithdrawButtons actions={actions} busy={busy} run={run} setDialog={setDialog} />
      {actions.includes('claim') && (
        <BusyButton
          variant="dum"
          size="sm"
          disabled={Boolean(busy)}
          onClick={() => run({ kind: 'claim' })}
          busy={busy === 'claim'}
          busyLabel={t`Claiming...`}
          icon={<Landmark aria-hidden="true" />}
        >
          {t`Claim ${unclaimed} SOL`}
        </BusyButton>
      )}
    </div>
  );
}
