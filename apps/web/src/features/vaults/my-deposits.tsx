import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, HandCoins, Landmark } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { VaultProgressBar, type VaultReach } from './vault-blocks.tsx';
import type { Viewer } from '../auth/index.ts';
import { depositStatus } from './escrow-deposits.tsx';
import {
  escrowActions,
  escrowEndTs,
  escrowLocked,
  escrowTargetReached,
  formatCountdown,
  unixSeconds,
  type EscrowAction,
} from './escrow-display.ts';
import {
  useEscrowRunner,
  WithdrawButtons,
  type EscrowDialog,
  type EscrowRun,
} from './escrow-actions.tsx';
import { DepositFigures } from './escrow-deposit-figures.tsx';
import { EscrowDialogs } from './escrow-dialogs.tsx';
import type { EscrowView, MyDepositItemView, MyDepositsView } from './escrow-types.ts';
import { useNow } from '../../lib/use-now.ts';
import { lamportsOf, percentReached, solText } from './vault-display.ts';

/**
 * My Vaults' Deposits tab: every escrow vault I hold a deposit in, with what is
 * locked, for how long, the DUM earned so far, and the actions the program allows now.
 */
export default function MyDeposits({ data, viewer }: { data: MyDepositsView; viewer: Viewer }) {
  return (
    <ul className="flex flex-col gap-3" data-testid="my-deposits-list">
      {data.items.map((item) => (
        <li key={item.id}>
          {item.escrow ? (
            <DepositRow item={item} escrow={item.escrow} viewer={viewer} />
          ) : (
            <Link
              to={`/vaults/${encodeURIComponent(item.id)}`}
              className="block rounded-card border border-border bg-surface/80 p-4 text-sm"
            >
              {item.body}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

// eslint-disable-next-line max-lines-per-function -- only the props it hands its parts grow it
function DepositRow({
  item,
  escrow,
  viewer,
}: {
  item: MyDepositItemView;
  escrow: EscrowView;
  viewer: Viewer;
}) {
  const { t } = useLingui();
  const now = unixSeconds(useNow(1000));
  const deposit = item.myDeposit;
  const [dialog, setDialog] = useState<EscrowDialog>(null);
  const { busy, run } = useEscrowRunner({
    vaultId: item.id,
    post: { id: item.postId, imageUrl: null, audioUrl: null },
    escrow,
    viewerWallet: viewer.wallet,
    deposit,
  });
  const actions = escrowActions({
    escrow,
    targetAmount: item.targetAmount,
    viewerWallet: viewer.wallet,
    creatorWallet: item.creator.walletAddress,
    deposit,
    now,
  });
  const total = lamportsOf(escrow.totalDeposited);
  const target = lamportsOf(item.targetAmount);
  const percent = percentReached(total, target);
  const locked = escrowLocked(escrow, now);
  const endTs = escrowEndTs(escrow);
  const reached = escrowTargetReached(escrow, item.targetAmount);
  const amount = lamportsOf(deposit.amount);

  return (
    <article
      className="rounded-card border border-border bg-surface/80 p-4"
      data-testid="my-deposit"
    >
      <div className="flex items-start justify-between gap-3">
        <Link
          to={`/vaults/${encodeURIComponent(item.id)}`}
          className="line-clamp-2 min-w-0 text-sm font-medium break-words hover:text-dum"
        >
          {item.body}
        </Link>
        <DepositRowBadge
          paidOut={item.status === 'paid_out'}
          countdown={locked && endTs !== null ? formatCountdown(endTs - now) : null}
          reached={reached}
        />
      </div>
      <DepositRowProgress
        amount={escrow.totalDeposited}
        target={item.targetAmount}
        percent={percent}
        reached={reached}
      />
      <DepositFigures
        escrow={escrow}
        deposit={deposit}
        now={now}
        lockedLabel={t`My deposit`}
        className="mt-3 grid grid-cols-2 gap-2 rounded-lg bg-background/40 p-2.5 sm:grid-cols-3"
        compact
      />
      <DepositRowActions
        vaultId={item.id}
        states={depositStatus(deposit)}
        actions={actions}
        busy={busy}
        run={run}
        setDialog={setDialog}
      />

      <EscrowDialogs
        dialog={dialog}
        setDialog={setDialog}
        remaining={target > total ? target - total : 0n}
        firstJoin={false}
        targetAmount={item.targetAmount}
        depositAmount={amount}
        penaltyBps={escrow.penaltyBps}
        busy={busy}
        run={run}
      />
    </article>
  );
}

/** Paid out, the countdown while locked, else whether the target was reached. */
function DepositRowBadge({
  paidOut,
  countdown,
  reached,
}: {
  paidOut: boolean;
  countdown: string | null;
  reached: boolean;
}) {
  if (paidOut) {
    return (
      <Badge variant="success" className="shrink-0">
        <Trans>Paid out</Trans>
      </Badge>
    );
  }
  if (countdown !== null) {
    return (
      <Badge variant="dum" className="shrink-0 font-mono normal-case tabular-nums">
        {countdown}
      </Badge>
    );
  }
  return (
    <Badge variant={reached ? 'success' : 'outline'} className="shrink-0">
      {reached ? <Trans>Target reached</Trans> : <Trans>Ended</Trans>}
    </Badge>
  );
}

function DepositRowProgress({ amount, target, percent, reached }: VaultReach) {
  return (
    <>
      <div className="mt-3 flex items-baseline justify-between gap-3 font-mono text-xs text-muted tabular-nums">
        <span>
          <Landmark className="mr-1 inline size-3.5 text-dum" aria-hidden="true" />
          {solText(amount)} / {solText(target)} SOL
        </span>
        <span>{percent}%</span>
      </div>
      <VaultProgressBar percent={percent} reached={reached} className="mt-1.5 h-1.5" />
    </>
  );
}

/** The deposit's states, Add more and the withdrawals as allowed, and View. */
function DepositRowActions({
  vaultId,
  states,
  actions,
  busy,
  run,
  setDialog,
}: {
  vaultId: string;
  states: string[];
  actions: readonly EscrowAction[];
  busy: string | undefined;
  run: EscrowRun;
  setDialog: (dialog: EscrowDialog) => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {states.map((state) => (
        <Badge key={state} variant="outline">
          {state}
        </Badge>
      ))}
      {actions.includes('join') && (
        <Button
          variant="secondary"
          size="sm"
          disabled={Boolean(busy)}
          onClick={() => setDialog('join')}
        >
          <HandCoins aria-hidden="true" />
          <Trans>Add more</Trans>
        </Button>
      )}
      <WithdrawButtons actions={actions} busy={busy} run={run} setDialog={setDialog} />
      <Link
        to={`/vaults/${encodeURIComponent(vaultId)}`}
        className="ml-auto inline-flex items-center gap-1 text-xs font-semibold text-foreground/80 hover:text-dum"
      >
        <Trans>View</Trans>
        <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </div>
  );
}
