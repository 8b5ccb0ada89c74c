import { t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Gift, Sparkles } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useCopyToClipboard } from '../../components/ui/use-copy-to-clipboard.ts';
import { cn } from '../../lib/cn.ts';
import { useEmissionsStats } from '../emissions/index.ts';
import { CardError } from './card-states.tsx';
import { SectionCard } from './section-card.tsx';
import { useReferralCode, useReferralStats } from './economy-queries.ts';
import { referralEarnings, referralRewards } from './referral-rewards.ts';
import { useEconomyViewer } from './use-economy-viewer.ts';

// Getters: the texts are read when the toast shows, in the language active then.
export const COPIED_TOAST = {
  get title() {
    return tNow`Copied!`;
  },
  get description() {
    return tNow`Referral link copied to clipboard`;
  },
  variant: 'success',
} as const;

/**
 * The Invite & Earn card (signed-in users only): the Genesis banner while the
 * epoch is 0, the reward amounts, total referrals, DUM earned, the referral link with Copy and
 * how it works.
 */
export function ReferralCard({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const viewer = useEconomyViewer();
  if (!viewer.userId) return null;
  return <SignedInReferralCard userId={viewer.userId} className={className} compact={compact} />;
}

function SignedInReferralCard({
  userId,
  className,
  compact,
}: {
  userId: string;
  className?: string;
  compact: boolean;
}) {
  const { t } = useLingui();
  const epoch = useEmissionsStats().data?.currentEpoch;
  const rewards = referralRewards(epoch);

  return (
    <SectionCard
      testId="referral-card"
      icon={Gift}
      iconClassName="bg-vibe text-primary-foreground"
      title={t`Invite & Earn`}
      description={t`Bring friends to Dum Club and you both mine a bonus.`}
      className={cn('@container relative overflow-hidden', className)}
      headerClassName="relative"
      contentClassName="relative flex flex-col gap-4"
      decoration={
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-20 -right-16 size-56 rounded-full bg-accent/15 blur-3xl"
        />
      }
    >
      {rewards.genesis && (
        <p
          data-testid="genesis-banner"
          className="flex items-start gap-2 rounded-xl border border-dum/30 bg-dum/10 px-3 py-2 text-sm"
        >
          <Sparkles className="mt-0.5 size-4 shrink-0 text-dum" aria-hidden="true" />
          <span>
            <Trans>
              <span className="font-semibold text-dum">Genesis Round:</span> referral rewards are
              doubled until the first halving.
            </Trans>
          </span>
        </p>
      )}

      <div className="grid grid-cols-2 gap-2.5">
        <RewardBox label={t`You get`} amount={rewards.referrer} testId="referral-reward-referrer" />
        <RewardBox
          label={t`Your friend gets`}
          amount={rewards.friend}
          testId="referral-reward-friend"
        />
      </div>
      <ReferralStats userId={userId} />
      <ReferralLink userId={userId} />
      {compact ? (
        <details className="group rounded-xl border border-border/70 bg-background/40 px-3 py-2">
          <summary className="cursor-pointer text-sm font-semibold marker:text-subtle">
            <Trans>How it works</Trans>
          </summary>
          <HowItWorks rewards={rewards} className="mt-2 mb-1" />
        </details>
      ) : (
        <div>
          <h4 className="text-sm font-semibold">
            <Trans>How it works</Trans>
          </h4>
          <HowItWorks rewards={rewards} className="mt-2" />
        </div>
      )}
    </SectionCard>
  );
}

/** Total referrals and DUM earned from them (each a skeleton until the stats answer). */
function ReferralStats({ userId }: { userId: string }) {
  const { t } = useLingui();
  const stats = useReferralStats(userId);
  if (stats.isError && !stats.data) {
    return (
      <CardError
        message={t`Couldn't load your referral stats.`}
        onRetry={() => void stats.refetch()}
      />
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-2.5 text-sm">
      <ReferralStat
        label={<Trans>Total Referrals</Trans>}
        value={stats.data?.total_referrals}
        testId="referral-total"
        loadingWidth="w-10"
      />
      <ReferralStat
        label={<Trans>DUM Earned</Trans>}
        value={stats.data && referralEarnings(stats.data.total_earnings)}
        testId="referral-earned"
        loadingWidth="w-14"
        dum
      />
    </dl>
  );
}

/** One referral figure under its label, a skeleton `loadingWidth` wide until it is known. */
function ReferralStat({
  label,
  value,
  testId,
  loadingWidth,
  dum = false,
}: {
  label: ReactNode;
  value: ReactNode;
  testId: string;
  loadingWidth: string;
  dum?: boolean;
}) {
  return (
    <div className="rounded-xl border border-border/70 bg-background/40 p-3">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className={cn('mt-1 font-mono text-xl font-bold tabular-nums', dum && 'text-dum')}>
        {value === undefined ? (
          <Skeleton className={cn('h-7', loadingWidth)} />
        ) : (
          <span data-testid={testId}>{value}</span>
        )}
      </dd>
    </div>
  );
}

/** The referral link, read-only and selected on focus, with Copy. */
function ReferralLink({ userId }: { userId: string }) {
  const { t } = useLingui();
  const code = useReferralCode(userId);
  const { copied, copy: copyLink } = useCopyToClipboard(COPIED_TOAST);
  const linkId = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={linkId} className="text-sm font-medium">
        <Trans>Your referral link</Trans>
      </label>
      {code.data ? (
        <div className="flex flex-col gap-2 @md:flex-row">
          <input
            id={linkId}
            readOnly
            value={code.data.link}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 w-full min-w-0 rounded-xl border border-border bg-background/60 px-3 font-mono text-xs @md:flex-1 text-muted outline-none focus-visible:border-primary/60"
          />
          <Button
            variant={copied ? 'secondary' : 'primary'}
            onClick={() => void copyLink(code.data.link)}
          >
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? t`Copied` : t`Copy`}
          </Button>
        </div>
      ) : code.isError ? (
        <CardError
          message={t`Couldn't load your referral link.`}
          onRetry={() => void code.refetch()}
        />
      ) : (
        <Skeleton className="h-10 w-full rounded-xl" />
      )}
    </div>
  );
}

function HowItWorks({
  rewards,
  className,
}: {
  rewards: { referrer: string; friend: string };
  className?: string;
}) {
  const { t } = useLingui();
  const referrer = rewards.referrer;
  const friend = rewards.friend;
  return (
    <ol className={cn('grid gap-2 text-sm text-muted', className)}>
      {[
        t`Share your referral link with a friend.`,
        t`They connect a wallet and sign in through your link.`,
        t`When they earn their first DUM, you get ${referrer} DUM and they get ${friend} DUM.`,
      ].map((step, index) => (
        <li key={step} className="flex items-start gap-2.5">
          <span className="grid size-5 shrink-0 place-items-center rounded-full bg-primary/15 text-[11px] font-bold text-primary">
            {index + 1}
          </span>
          <span>{step}</span>
        </li>
      ))}
    </ol>
  );
}

function RewardBox({ label, amount, testId }: { label: string; amount: string; testId: string }) {
  return (
    <div className="rounded-xl border border-dum/25 bg-gradient-to-br from-dum/10 to-transparent p-3">
      <p className="text-xs font-medium text-muted">{label}</p>
      <p className="mt-1 flex items-baseline gap-1">
        <span className="font-mono text-xl font-bold text-dum tabular-nums" data-testid={testId}>
          {amount}
        </span>
        <span className="text-xs text-subtle">DUM</span>
      </p>
    </div>
  );
}
