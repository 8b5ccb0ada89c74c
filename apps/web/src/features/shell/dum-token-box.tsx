import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronRight, Coins } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { formatDum } from '../../lib/i18n/index.ts';
import { balancesOf, useUserRecord, type DumBalances } from '../economy/index.ts';
import { useReferralCapture } from '../auth/index.ts';
import { WALLET_REQUIRED, useEconomyViewer } from '../economy/index.ts';

/** Loaded on the first Stake Tokens click: most visits never open it. */
const StakeDialog = lazy(() =>
  import('../economy/stake-dialog-entry.ts').then((module) => ({ default: module.StakeDialog })),
);

/**
 * The sidebar's DUM token box: the signed-in wallet's balance, staked and
 * staking rewards, and Stake Tokens, which opens 'Manage DUM Tokens'. Zeros when signed out or
 * for a wallet the server has no record of yet.
 */
export function DumTokenBox({ onStake }: { onStake?: () => void }) {
  // The box is in every page's layout: the one always-mounted place that owns a `?ref=` arrival.
  useReferralCapture();
  const viewer = useEconomyViewer();
  const record = useUserRecord(viewer.wallet);
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing keeps its animation.
  const [opened, setOpened] = useState(false);
  const balances = viewer.wallet ? balancesOf(record.data) : balancesOf(null);

  function startStaking() {
    if (onStake) {
      onStake();
      return;
    }
    if (!viewer.wallet) {
      toast({ ...WALLET_REQUIRED });
      return;
    }
    setOpened(true);
    setOpen(true);
  }

  return (
    <>
      <DumTokenBoxView balances={balances} onStake={startStaking} />
      {viewer.wallet && opened && (
        <Suspense fallback={null}>
          <StakeDialog
            open={open}
            onOpenChange={setOpen}
            wallet={viewer.wallet}
            balances={balances}
          />
        </Suspense>
      )}
    </>
  );
}

export function DumTokenBoxView({
  balances,
  onStake,
}: {
  balances: DumBalances;
  onStake: () => void;
}) {
  const { t } = useLingui();
  const rows = [
    { key: 'balance', label: t`Balance`, value: balances.balance },
    { key: 'staked', label: t`Staked`, value: balances.staked },
    { key: 'rewards', label: t`Rewards`, value: balances.rewards },
  ];
  return (
    <section
      aria-labelledby="dum-token-box-title"
      className="relative overflow-hidden rounded-2xl border border-dum/20 bg-gradient-to-br from-dum/10 via-surface to-surface p-4"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-10 -right-10 size-28 rounded-full bg-dum/15 blur-2xl"
      />
      <h2
        id="dum-token-box-title"
        className="relative flex items-center gap-2 text-sm font-semibold"
      >
        <span className="grid size-7 place-items-center rounded-lg bg-dum/15 text-dum">
          <Coins className="size-4" aria-hidden="true" />
        </span>
        <Trans>DUM Token</Trans>
      </h2>
      <dl className="relative mt-3 grid gap-1.5 text-sm">
        {rows.map((row) => (
          <div key={row.key} className="flex items-baseline justify-between gap-2">
            <dt className="text-muted">{row.label}</dt>
            <dd className="truncate font-mono font-semibold text-dum tabular-nums">
              {formatDum(row.value)} <span className="text-xs text-subtle">DUM</span>
            </dd>
          </div>
        ))}
      </dl>
      <Button variant="dum" size="sm" className="relative mt-4 w-full" onClick={onStake}>
        <Trans>Stake Tokens</Trans>
      </Button>
      <Link
        to="/rewards"
        className="relative mt-2.5 flex items-center justify-center gap-0.5 rounded-md text-xs font-medium text-muted transition-colors hover:text-dum"
      >
        <Trans>Rewards and history</Trans>
        <ChevronRight className="size-3.5" aria-hidden="true" />
      </Link>
    </section>
  );
}
