import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Coins, Gift, PiggyBank, TrendingDown, UserPlus, Wallet } from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../components/ui/card.tsx';
import { PageTitle } from '../components/ui/page-title.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { CardError } from '../features/economy/index.ts';
import { EarningsHistoryCard } from '../features/economy/index.ts';
import { usePlatformStats } from '../features/economy/index.ts';
import { HalvingChart } from '../features/economy/index.ts';
import { ReferralCard } from '../features/economy/index.ts';
import { StakingPositionCard } from '../features/economy/index.ts';
import { useEconomyViewer } from '../features/economy/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * /rewards: the signed-in wallet's staking position (with Claim), its referral summary, its
 * earnings history from the ledger, and, for everyone, the halving schedule with the
 * platform's current position.
 */
export function RewardsPage() {
  useDocumentTitle(t`Rewards`);
  const viewer = useEconomyViewer();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageTitle
        as="header"
        icon={<Gift className="size-5" aria-hidden="true" />}
        title={<Trans>Rewards</Trans>}
        subtitle={
          <Trans>
            Every vibe mines DUM. Stake it, invite friends, and watch the halvings come.
          </Trans>
        }
        tileClassName="shadow-[0_10px_30px_-12px_var(--color-accent)]"
      />

      {viewer.userId && viewer.wallet ? (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <StakingPositionCard userId={viewer.userId} wallet={viewer.wallet} />
            <ReferralCard />
          </div>
          <EarningsHistoryCard userId={viewer.userId} />
        </>
      ) : (
        <SignedOutRewards />
      )}

      <HalvingScheduleCard />
    </div>
  );
}

function SignedOutRewards() {
  const ways = [
    {
      icon: Coins,
      key: 'mine',
      title: t`Mine with every vibe`,
      text: t`Posts, comments, likes, follows and vault support each earn the current reward.`,
    },
    {
      icon: PiggyBank,
      key: 'stake',
      title: t`Stake`,
      text: t`Staked DUM earns rewards every second; claim them whenever you like.`,
    },
    {
      icon: UserPlus,
      key: 'invite',
      title: t`Invite friends`,
      text: t`100 DUM for you and 50 for your friend, doubled in the Genesis round.`,
    },
  ];
  return (
    <Card role="region" aria-labelledby="rewards-signed-out-title" data-testid="rewards-signed-out">
      <CardHeader className="items-start">
        <span className="grid size-10 place-items-center rounded-xl bg-primary/15 text-primary">
          <Wallet className="size-5" aria-hidden="true" />
        </span>
        <CardTitle id="rewards-signed-out-title" className="mt-2 text-lg">
          <Trans>Connect your wallet to see your rewards</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Please connect your wallet using the button in the header, then sign to authenticate.
            Your earnings, staking position and referrals appear here.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-3">
          {ways.map((way) => (
            <li
              key={way.key}
              className="rounded-xl border border-border/70 bg-background/40 p-4 text-sm"
            >
              <way.icon className="size-5 text-dum" aria-hidden="true" />
              <p className="mt-2 font-semibold">{way.title}</p>
              <p className="mt-1 text-muted">{way.text}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function HalvingScheduleCard() {
  const stats = usePlatformStats();
  return (
    <Card role="region" aria-labelledby="halving-schedule-title">
      <CardHeader>
        <CardTitle id="halving-schedule-title" className="flex items-center gap-2">
          <span className="grid size-8 place-items-center rounded-lg bg-warning/20 text-warning">
            <TrendingDown className="size-4" aria-hidden="true" />
          </span>
          <Trans>Halving schedule</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            150 DUM per vibe, halving every 70,000 vibes, until 21 million DUM have been mined.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {stats.data ? (
          <HalvingChart stats={stats.data} />
        ) : stats.isError ? (
          <CardError
            message={t`Couldn't load the halving schedule.`}
            onRetry={() => void stats.refetch()}
          />
        ) : (
          <Skeleton className="h-60 w-full rounded-xl sm:h-72" />
        )}
      </CardContent>
    </Card>
  );
}
