import { formatDumAmount, parseBaseUnits, stakingAccrual } from '@dum/core';
import { HandCoins, Lock, PiggyBank, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { CardError } from './card-states.tsx';
import { balancesOf, useClaimMutation, useRewardsSummary } from './economy-queries.ts';
import { StakeDialog } from './stake-dialog.tsx';
import { useNow } from '../../lib/use-now.ts';

/** APR in basis points as a percent for reading: 1000 -> "10%", 1250 -> "12.5%". */
export function formatAprBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}

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
  const summary = useRewardsSummary(userId);
  const claim = useClaimMutation(wallet);
  const [stakeOpen, setStakeOpen] = useState(false);
  const titleId = useId();
  const now = useNow(1000);

  const account = summary.data?.account;
  const balances = balancesOf(account);
  const aprBps = summary.data?.stakingAprBps ?? 0;
  const accrued =
    balances.rewards +
    stakingAccrual(
      balances.staked,
      aprBps,
      BigInt(Math.max(0, now - (summary.dataUpdatedAt || now))),
    );
  const totalEarned = parseBaseUnits(account?.totalEarned ?? '0') ?? 0n;
  // What the current stake earns at the server's rate (base units, rounded down).
  const yearly = (balances.staked * BigInt(aprBps)) / 10_000n;

  function claimRewards() {
    claim.mutate(undefined, {
      onSuccess: (result) => {
        const claimed = parseBaseUnits(result.claimed) ?? 0n;
        toast({
          variant: 'success',
          title: 'Rewards Claimed!',
          description: `${formatDumAmount(claimed, 9)} DUM added to your balance.`,
        });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Claim Failed',
          description: error.message || 'Failed to claim rewards.',
        });
      },
    });
  }

  return (
    <Card
      className={cn('flex flex-col', className)}
      role="region"
      aria-labelledby={titleId}
      data-testid="staking-position"
    >
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <span className="grid size-8 place-items-center rounded-lg bg-dum/15 text-dum">
            <PiggyBank className="size-4" aria-hidden="true" />
          </span>
          Staking
        </CardTitle>
        <CardDescription>
          {summary.data
            ? `Staked DUM earns ${formatAprBps(aprBps)} a year, accrued every second.`
            : 'Stake DUM to earn rewards while it is staked.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {summary.data ? (
          <>
            <dl className="grid grid-cols-2 gap-2.5">
              <Figure
                icon={Wallet}
                label="Balance"
                value={balances.balance}
                testId="rewards-balance"
              />
              <Figure icon={Lock} label="Staked" value={balances.staked} testId="rewards-staked" />
            </dl>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dum/30 bg-gradient-to-r from-dum/12 to-transparent p-3.5">
              <div className="min-w-0">
                <p className="text-xs font-medium text-muted">Rewards accrued</p>
                <p
                  className="truncate font-mono text-xl font-bold text-dum tabular-nums"
                  data-testid="rewards-accrued"
                >
                  {formatDumAmount(accrued, 6)} <span className="text-xs text-subtle">DUM</span>
                </p>
              </div>
              <Button
                variant="dum"
                onClick={claimRewards}
                disabled={claim.isPending || accrued === 0n}
              >
                <HandCoins aria-hidden="true" />
                {claim.isPending ? 'Claiming...' : 'Claim'}
              </Button>
            </div>
            <dl className="grid divide-y divide-border/60 text-sm">
              <Row label="Earning per day" value={`${formatDumAmount(yearly / 365n, 6)} DUM`} />
              <Row label="Earning per year" value={`${formatDumAmount(yearly, 4)} DUM`} />
              <Row
                label="Total earned"
                value={`${formatDumAmount(totalEarned)} DUM`}
                testId="rewards-total-earned"
              />
            </dl>
            <Button
              variant="secondary"
              className="mt-auto w-full"
              onClick={() => setStakeOpen(true)}
            >
              Stake or unstake
            </Button>
            <StakeDialog
              open={stakeOpen}
              onOpenChange={setStakeOpen}
              wallet={wallet}
              balances={balances}
            />
          </>
        ) : summary.isError ? (
          <CardError
            message="Couldn't load your staking position."
            onRetry={() => void summary.refetch()}
          />
        ) : (
          <div className="grid gap-3" role="status" aria-label="Loading your staking position">
            <div className="grid grid-cols-2 gap-2.5">
              <Skeleton className="h-[4.5rem] rounded-xl" />
              <Skeleton className="h-[4.5rem] rounded-xl" />
            </div>
            <Skeleton className="h-16 rounded-xl" />
          </div>
        )}
      </CardContent>
    </Card>
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
        {formatDumAmount(value)} <span className="text-xs font-normal text-subtle">DUM</span>
      </dd>
    </div>
  );
}
