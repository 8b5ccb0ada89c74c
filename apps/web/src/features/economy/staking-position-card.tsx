import { t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { parseBaseUnits } from '@dum/core';
import { HandCoins, Lock, PiggyBank, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton, SkeletonTiles } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { formatDum } from '../../lib/i18n/index.ts';
import { useNow } from '../../lib/use-now.ts';
import { CardQueryState } from './card-states.tsx';
import { SectionCard } from './section-card.tsx';
import {
  balancesOf,
  useClaimMutation,
  useRewardsSummary,
  type RewardsSummary,
} from './economy-queries.ts';
import { StakeDialog } from './stake-dialog.tsx';
import { formatAprBps, stakingFigures } from './staking-position.ts';

/**
 * The staking position on /rewards: balance, staked, rewards accruing (counted up live from the
 * last answer at the server's rate) with Claim, and what has been earned in total.
 */
export function StakingPositionCard({
  userId,
  wallet,
  className,
}: {
  userId: string;
  wallet: string;
  className?: string;
}) {
  const { t } = useLingui();
  const summary = useRewardsSummary(userId);
  const apr = formatAprBps(summary.data?.stakingAprBps ?? 0);

  return (
    <SectionCard
      testId="staking-position"
      icon={PiggyBank}
      iconClassName="bg-dum/15 text-dum"
      title={t`Staking`}
      description={
        summary.data
          ? t`Staked DUM earns ${apr} a year, accrued every second.`
          : t`Stake DUM to earn rewards while it is staked.`
      }
      className={cn('flex flex-col', className)}
      contentClassName="flex flex-1 flex-col gap-4"
    >
      <CardQueryState
        data={summary.data}
        isError={summary.isError}
        errorMessage={t`Couldn't load your staking position.`}
        onRetry={() => void summary.refetch()}
        loadingLabel={t`Loading your staking position`}
        skeleton={
          <>
            <SkeletonTiles
              count={2}
              className="grid grid-cols-2 gap-2.5"
              tileClassName="h-[4.5rem] rounded-xl"
            />
            <Skeleton className="h-16 rounded-xl" />
          </>
        }
      >
        {(data) => (
          <StakingPosition summary={data} answeredAt={summary.dataUpdatedAt} wallet={wallet} />
        )}
      </CardQueryState>
    </SectionCard>
  );
}

/** The position itself, ticking every second: figures, accrued rewards with Claim, Stake. */
function StakingPosition({
  summary,
  answeredAt,
  wallet,
}: {
  summary: RewardsSummary;
  /** When the summary was answered (ms), 0 if unknown. */
  answeredAt: number;
  wallet: string;
}) {
  const { t } = useLingui();
  const [stakeOpen, setStakeOpen] = useState(false);
  const now = useNow(1000);
  const balances = balancesOf(summary.account);
  const { accrued, yearly } = stakingFigures(
    balances,
    summary.stakingAprBps,
    now - (answeredAt || now),
  );
  const totalEarned = parseBaseUnits(summary.account.totalEarned) ?? 0n;

  return (
    <>
      <dl className="grid grid-cols-2 gap-2.5">
        <Figure
          icon={Wallet}
          label={t`Balance`}
          value={balances.balance}
          testId="rewards-balance"
        />
        <Figure icon={Lock} label={t`Staked`} value={balances.staked} testId="rewards-staked" />
      </dl>
      <AccruedRewards accrued={accrued} wallet={wallet} />
      <dl className="grid divide-y divide-border/60 text-sm">
        <Row label={t`Earning per day`} value={`${formatDum(yearly / 365n, 6)} DUM`} />
        <Row label={t`Earning per year`} value={`${formatDum(yearly, 4)} DUM`} />
        <Row
          label={t`Total earned`}
          value={`${formatDum(totalEarned)} DUM`}
          testId="rewards-total-earned"
        />
      </dl>
      <Button variant="secondary" className="mt-auto w-full" onClick={() => setStakeOpen(true)}>
        <Trans>Stake or unstake</Trans>
      </Button>
      <StakeDialog
        open={stakeOpen}
        onOpenChange={setStakeOpen}
        wallet={wallet}
        balances={balances}
      />
    </>
  );
}

/** Rewards accrued so far and Claim, which toasts what it added to the balance. */
function AccruedRewards({ accrued, wallet }: { accrued: bigint; wallet: string }) {
  const { t } = useLingui();
  const claim = useClaimMutation(wallet);

  function claimRewards() {
    claim.mutate(undefined, {
      onSuccess: (result) => {
        const claimed = formatDum(parseBaseUnits(result.claimed) ?? 0n, 9);
        toast({
          variant: 'success',
          title: tNow`Rewards Claimed!`,
          description: tNow`${claimed} DUM added to your balance.`,
        });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: tNow`Claim Failed`,
          description: error.message || tNow`Failed to claim rewards.`,
        });
      },
    });
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dum/30 bg-gradient-to-r from-dum/12 to-transparent p-3.5">
      <div className="min-w-0">
        <p className="text-xs font-medium text-muted">
          <Trans>Rewards accrued</Trans>
        </p>
        <p
          className="truncate font-mono text-xl font-bold text-dum tabular-nums"
          data-testid="rewards-accrued"
        >
          {formatDum(accrued, 6)} <span className="text-xs text-subtle">DUM</span>
        </p>
      </div>
      <Button variant="dum" onClick={claimRewards} disabled={claim.isPending || accrued === 0n}>
        <HandCoins aria-hidden="true" />
        {claim.isPending ? t`Claiming...` : t`Claim`}
      </Button>
    </div>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-muted">{label}</dt>
      <dd className="font-mono font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Figure({
  icon: Icon,
  label,
  value,
  testId,
}: {
  icon: typeof Wallet;
  label: string;
  value: bigint;
  testId: string;
}) {
  return (
    <div className="rounded-xl border border-border/70 bg-background/40 p-3">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted">
        <Icon className="size-3.5" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-1 truncate font-mono text-lg font-bold tabular-nums" data-testid={testId}>
        {formatDum(value)} <span className="text-xs font-normal text-subtle">DUM</span>
      </dd>
    </div>
  );
}
