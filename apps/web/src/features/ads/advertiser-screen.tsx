import { Trans, useLingui } from '@lingui/react/macro';
import { Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import type { Viewer } from '../auth/index.ts';
import { ConnectPrompt } from '../auth/index.ts';
import { useAdConfig, useCampaigns } from './ad-queries.ts';
import { CampaignCard } from './campaign-card.tsx';
import { CreateCampaignDialog } from './create-campaign-dialog.tsx';

/**
 * /advertiser: the signed-in wallet's campaigns (status, budget, spend, views, unique viewers,
 * clicks, CTR, effective CPM, a chart per day) and a new one, paid in SOL to the treasury.
 */
export function AdvertiserScreen({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  const config = useAdConfig();
  const campaigns = useCampaigns(viewer.isAuthenticated ? viewer.userId : null);
  const [creating, setCreating] = useState(false);
  const ready = viewer.isAuthenticated && config.data?.enabled === true;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle
          icon={<Megaphone className="size-5" aria-hidden="true" />}
          title={<Trans>Advertiser</Trans>}
          subtitle={
            <Trans>Promote your posts to real people: you pay only for established wallets.</Trans>
          }
        />
        {ready && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            <Trans>New campaign</Trans>
          </Button>
        )}
      </header>

      {!viewer.isAuthenticated ? (
        <ConnectPrompt viewer={viewer} title={t`Connect your wallet to run campaigns`}>
          <Trans>Sign in with your wallet to promote your posts and follow how they do.</Trans>
        </ConnectPrompt>
      ) : config.isPending || campaigns.isPending ? (
        <CampaignsSkeleton />
      ) : config.isError || campaigns.isError ? (
        <LoadError
          title={t`Couldn't load your campaigns`}
          message={errorMessage(config.error ?? campaigns.error)}
          onRetry={() => {
            void config.refetch();
            void campaigns.refetch();
          }}
        />
      ) : !config.data.enabled ? (
        <p className="card p-6 text-sm text-muted">
          <Trans>Campaigns are not available on this server yet.</Trans>
        </p>
      ) : campaigns.data.campaigns.length === 0 ? (
        <NoCampaigns feedEvery={config.data.feedEvery} onCreate={() => setCreating(true)} />
      ) : (
        <section aria-labelledby="campaigns-heading" className="grid gap-4">
          <h2 id="campaigns-heading" className="text-lg font-bold">
            <Trans>Your campaigns</Trans>
          </h2>
          {campaigns.data.campaigns.map((campaign) => (
            <CampaignCard
              key={campaign.id}
              campaign={campaign}
              wallet={viewer.wallet}
              config={config.data}
            />
          ))}
        </section>
      )}
      {ready && config.data && (
        <CreateCampaignDialog
          open={creating}
          onOpenChange={setCreating}
          wallet={viewer.wallet}
          config={config.data}
        />
      )}
    </div>
  );
}

function CampaignsSkeleton() {
  const { t } = useLingui();
  return (
    <div className="grid gap-4" aria-busy="true" aria-label={t`Loading campaigns`}>
      {[0, 1].map((key) => (
        <Skeleton key={key} className="h-56 w-full rounded-card" />
      ))}
    </div>
  );
}

function NoCampaigns({ feedEvery, onCreate }: { feedEvery: number; onCreate: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-card border border-border bg-surface/70 px-6 py-12 text-center">
      <h2 className="text-lg font-semibold">
        <Trans>No campaigns yet</Trans>
      </h2>
      <p className="mt-1 max-w-sm text-sm text-muted">
        <Trans>
          Pick one of your posts, set a price per 1,000 views and a budget. It shows in the For you
          feed, at most once in every {feedEvery} posts, labelled Sponsored.
        </Trans>
      </p>
      <Button className="mt-5" onClick={onCreate}>
        <Plus aria-hidden="true" />
        <Trans>Create your first campaign</Trans>
      </Button>
    </div>
  );
}
