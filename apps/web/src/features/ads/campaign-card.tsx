import { Trans, useLingui } from '@lingui/react/macro';
import type { AdCampaign, AdConfig } from '@dum/core';
import { ChevronDown, CircleStop, Coins, ExternalLink, Pause, Play } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, BusyButton } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formatNumber } from '../../lib/i18n/index.ts';
import { explorerTxUrl, shortSignature } from '../vaults/index.ts';
import { useWallet } from '../wallet/index.ts';
import { useCampaignAction, useCampaignDetail } from './ad-queries.ts';
import { ctrText, solFigure, spentPercent, STATUS_LABEL } from './ads-display.ts';
import { CampaignChart } from './campaign-chart.tsx';
import { EndCampaignDialog, TopUpDialog } from './campaign-dialogs.tsx';

const STATUS_VARIANT = {
  active: 'success',
  paused: 'default',
  out_of_budget: 'danger',
  ended: 'outline',
} as const;

/** One campaign: status, money, figures, the chart per day on demand, and its actions. */
export function CampaignCard({
  campaign,
  wallet,
  config,
}: {
  campaign: AdCampaign;
  wallet: string | null;
  config: AdConfig;
}) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const chartId = useId();
  const [showDays, setShowDays] = useState(false);
  const [topUpOpen, setTopUpOpen] = useState(false);
  const [endOpen, setEndOpen] = useState(false);
  const action = useCampaignAction(campaign);
  const ended = campaign.status === 'ended';
  const busy = action.isPending;
  const campaignId = campaign.id;
  const cpm = solFigure(campaign.cpmLamports);
  const dailyLimit = solFigure(campaign.dailyLimitLamports);
  const spent = solFigure(campaign.spentLamports);
  const budget = solFigure(campaign.budgetLamports);
  const spentToday = solFigure(campaign.spentTodayLamports);
  const effectiveCpm =
    campaign.effectiveCpmLamports === null ? null : solFigure(campaign.effectiveCpmLamports);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="campaign-card"
      className="card grid gap-4 p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-semibold">
            <Link to={`/posts/${campaign.postId}`} className="hover:underline">
              {campaign.postBody?.trim() || t`Post no longer available`}
            </Link>
          </h3>
          <p className="text-xs text-subtle">
            <Trans>
              Campaign #{campaignId} · {cpm} SOL per 1,000 views · {dailyLimit} SOL a day at most
            </Trans>
          </p>
        </div>
        <Badge variant={STATUS_VARIANT[campaign.status]} data-testid="campaign-status">
          {i18n._(STATUS_LABEL[campaign.status])}
        </Badge>
      </header>

      <div className="grid gap-1.5">
        <div className="flex justify-between text-sm">
          <span>
            <Trans>
              <span className="font-mono tabular-nums">{spent}</span>{' '}
              <span className="text-muted">of {budget} SOL spent</span>
            </Trans>
          </span>
          <span className="text-xs text-subtle">
            <Trans>Today {spentToday} SOL</Trans>
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t`Budget spent`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={spentPercent(campaign)}
          className="h-2 overflow-hidden rounded-full bg-surface-3"
        >
          <div
            className="h-full rounded-full bg-primary"
            style={{ width: `${spentPercent(campaign)}%` }}
          />
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Figure label={t`Views`} value={formatNumber(campaign.impressions)} />
        <Figure label={t`Unique viewers`} value={formatNumber(campaign.uniqueViewers)} />
        <Figure label={t`Clicks`} value={formatNumber(campaign.clicks)} />
        <Figure label={t`CTR`} value={ctrText(campaign.ctr)} />
        <Figure
          label={t`Effective CPM`}
          value={effectiveCpm === null ? '—' : t`${effectiveCpm} SOL`}
        />
      </dl>

      {campaign.refund && <RefundLine refund={campaign.refund} />}

      <div className="flex flex-wrap gap-2">
        {campaign.status === 'active' && (
          <BusyButton
            variant="secondary"
            size="sm"
            busy={busy && action.variables === 'pause'}
            busyLabel={t`Pausing...`}
            icon={<Pause aria-hidden="true" />}
            disabled={busy}
            onClick={() => action.mutate('pause')}
          >
            <Trans>Pause</Trans>
          </BusyButton>
        )}
        {campaign.status === 'paused' && (
          <BusyButton
            variant="secondary"
            size="sm"
            busy={busy && action.variables === 'resume'}
            busyLabel={t`Resuming...`}
            icon={<Play aria-hidden="true" />}
            disabled={busy}
            onClick={() => action.mutate('resume')}
          >
            <Trans>Resume</Trans>
          </BusyButton>
        )}
        {ended && refundPending(campaign) && (
          <BusyButton
            variant="secondary"
            size="sm"
            busy={busy}
            busyLabel={t`Sending...`}
            icon={<Coins aria-hidden="true" />}
            onClick={() => action.mutate('end')}
          >
            <Trans>Send refund again</Trans>
          </BusyButton>
        )}
        {!ended && (
          <>
            <Button variant="secondary" size="sm" onClick={() => setTopUpOpen(true)}>
              <Coins aria-hidden="true" />
              <Trans>Add budget</Trans>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setEndOpen(true)}>
              <CircleStop aria-hidden="true" />
              <Trans>End</Trans>
            </Button>
          </>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          aria-expanded={showDays}
          aria-controls={showDays ? chartId : undefined}
          onClick={() => setShowDays((open) => !open)}
        >
          <ChevronDown
            aria-hidden="true"
            className={showDays ? 'rotate-180 transition-transform' : 'transition-transform'}
          />
          <Trans>Daily figures</Trans>
        </Button>
      </div>
      {showDays && (
        <div id={chartId}>
          <CampaignDays id={campaign.id} />
        </div>
      )}
      {!ended && (
        <>
          <TopUpDialog
            campaign={campaign}
            open={topUpOpen}
            onOpenChange={setTopUpOpen}
            wallet={wallet}
            config={config}
          />
          <EndCampaignDialog
            campaign={campaign}
            open={endOpen}
            onOpenChange={setEndOpen}
            busy={busy && action.variables === 'end'}
            onConfirm={() => action.mutate('end', { onSettled: () => setEndOpen(false) })}
          />
        </>
      )}
    </article>
  );
}

function refundPending(campaign: AdCampaign): boolean {
  return (
    campaign.refund !== null &&
    campaign.refund.signature === null &&
    BigInt(campaign.refund.lamports) > 0n
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-surface-2/70 px-3 py-2">
      <dt className="text-xs text-subtle">{label}</dt>
      <dd className="font-mono text-sm font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function CampaignDays({ id }: { id: string }) {
  const { t } = useLingui();
  const detail = useCampaignDetail(id, true);
  if (detail.isPending) return <Skeleton className="h-28 w-full" />;
  if (detail.isError) {
    return (
      <LoadError
        title={t`Couldn't load the daily figures`}
        message={errorMessage(detail.error)}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  return <CampaignChart days={detail.data.days} />;
}

/** The refund of an ended campaign, with its transaction on the explorer. */
function RefundLine({ refund }: { refund: NonNullable<AdCampaign['refund']> }) {
  const { config } = useWallet();
  const amount = solFigure(refund.lamports);
  const amountText = <span className="font-mono text-foreground">{amount} SOL</span>;
  if (!refund.signature) {
    return (
      <p className="text-sm text-muted" data-testid="campaign-refund">
        {BigInt(refund.lamports) > 0n ? (
          <Trans>Refunded {amountText} (not sent yet)</Trans>
        ) : (
          <Trans>Refunded {amountText} (nothing was left)</Trans>
        )}
      </p>
    );
  }
  const signature = shortSignature(refund.signature);
  const transaction = config ? (
    <a
      href={explorerTxUrl(refund.signature, config.cluster, config.rpcUrl)}
      target="_blank"
      rel="noopener noreferrer"
      title={refund.signature}
      className="inline-flex items-center gap-1 font-mono text-primary hover:underline"
    >
      {signature}
      <ExternalLink className="size-3" aria-hidden="true" />
      <span className="sr-only">
        <Trans>(view the transaction on the explorer)</Trans>
      </span>
    </a>
  ) : (
    <span className="font-mono" title={refund.signature}>
      {signature}
    </span>
  );
  return (
    <p className="text-sm text-muted" data-testid="campaign-refund">
      <Trans>
        Refunded {amountText} in {transaction}
      </Trans>
    </p>
  );
}
