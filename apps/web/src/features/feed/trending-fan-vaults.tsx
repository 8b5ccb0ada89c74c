import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Clock, ExternalLink, Flame, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { formatDecimal, formatNumber } from '../../lib/i18n/index.ts';
import { formatTimeUntil } from '../post/index.ts';
import { useNow } from '../../lib/use-now.ts';

export interface FanVaultSample {
  id: string;
  title: string;
  source: { label: string; url: string };
  poolSol: string;
  fans: number;
  joined: boolean;
  /** How long the sample runs from when the page loaded. */
  endsInMs: number;
}

const HOUR = 3_600_000;

/* eslint-disable lingui/no-unlocalized-strings -- the samples' titles stand for creators' own content, which is never translated */
/** The Trending Fan Vaults block shows hard-coded sample data. */
export const FAN_VAULT_SAMPLES: readonly FanVaultSample[] = [
  {
    id: 'lofi-lantern',
    title: 'Lo-fi Lantern: Midnight Tapes drop',
    source: { label: 'youtube.com/@lofilantern', url: 'https://youtube.com/@lofilantern' },
    poolSol: '42.50',
    fans: 1284,
    joined: true,
    endsInMs: 62 * HOUR + 20 * 60_000,
  },
  {
    id: 'neon-koi',
    title: 'Neon Koi’s first live set',
    source: { label: 'x.com/neonkoi', url: 'https://x.com/neonkoi' },
    poolSol: '18.20',
    fans: 512,
    joined: false,
    endsInMs: 5 * 24 * HOUR + 3 * HOUR,
  },
  {
    id: 'vibe-collective',
    title: 'Vibe Collective podcast, episode 100',
    source: { label: 'vibecollective.fm', url: 'https://vibecollective.fm' },
    poolSol: '7.75',
    fans: 236,
    joined: false,
    endsInMs: 19 * HOUR + 45 * 60_000,
  },
];
/* eslint-enable lingui/no-unlocalized-strings */

const loadedAt = Date.now();

function comingSoon() {
  toast({ title: t`Coming Soon`, description: t`Fan Vaults launching soon!` });
}

/**
 * Trending Fan Vaults: sample cards, laid out as a column in the feed's side rail or as a
 * horizontal strip above the posts on smaller screens.
 */
export function TrendingFanVaults({ layout }: { layout: 'rail' | 'strip' }) {
  const now = useNow(30_000);
  return (
    <section aria-labelledby={`fan-vaults-${layout}`} data-testid="trending-fan-vaults">
      <div className="mb-3 flex items-center justify-between px-1">
        <h2 id={`fan-vaults-${layout}`} className="flex items-center gap-2 text-sm font-semibold">
          <Flame className="size-4 text-accent" aria-hidden="true" />
          <Trans>Trending Fan Vaults</Trans>
        </h2>
        <Badge variant="outline" className="normal-case tracking-normal">
          <Trans>Sample</Trans>
        </Badge>
      </div>
      <ul
        className={cn(
          layout === 'rail'
            ? 'flex flex-col gap-3'
            : '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6',
        )}
      >
        {FAN_VAULT_SAMPLES.map((vault) => (
          <FanVaultCard key={vault.id} vault={vault} layout={layout} now={now} />
        ))}
      </ul>
    </section>
  );
}

function FanVaultCard({
  vault,
  layout,
  now,
}: {
  vault: FanVaultSample;
  layout: 'rail' | 'strip';
  now: number;
}) {
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-card border border-border bg-surface/80 p-4',
        layout === 'strip' && 'w-72 shrink-0 snap-start',
      )}
    >
      <div className="min-w-0">
        <h3 className="text-sm leading-snug font-semibold">{vault.title}</h3>
        <a
          href={vault.source.url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-flex max-w-full items-center gap-1 rounded-sm text-xs text-primary hover:underline"
        >
          <span className="truncate">{vault.source.label}</span>
          <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
        </a>
      </div>
      <FanVaultFacts vault={vault} now={now} />
      <div className="mt-auto grid grid-cols-2 gap-2">
        <Button variant="secondary" size="sm" onClick={comingSoon}>
          <Trans>View</Trans>
        </Button>
        <Button size="sm" onClick={comingSoon}>
          <Trans>Join Fan Vault</Trans>
        </Button>
      </div>
    </li>
  );
}

/** A sample's pool, fans, the viewer's status and the time left. */
function FanVaultFacts({ vault, now }: { vault: FanVaultSample; now: number }) {
  const { t } = useLingui();
  const endsIn =
    formatTimeUntil(new Date(loadedAt + vault.endsInMs).toISOString(), now) ?? t`Ended`;
  return (
    <dl className="grid grid-cols-2 gap-2 text-xs">
      <FanVaultFact
        label={<Trans>Pool</Trans>}
        valueClassName="mt-0.5 font-mono text-sm font-semibold text-dum"
      >
        {formatDecimal(vault.poolSol, 2, 2)} SOL
      </FanVaultFact>
      <FanVaultFact label={<Trans>Fans</Trans>} valueClassName={FACT_WITH_ICON_CLASS}>
        <Users className="size-3.5 text-muted" aria-hidden="true" />
        {formatNumber(vault.fans)}
      </FanVaultFact>
      <FanVaultFact
        label={<Trans>Your Status</Trans>}
        valueClassName={cn(
          'mt-0.5 text-sm font-semibold',
          vault.joined ? 'text-success' : 'text-muted',
        )}
      >
        {vault.joined ? t({ message: 'Joined', context: 'fan vault status' }) : t`Not Joined`}
      </FanVaultFact>
      <FanVaultFact label={<Trans>Ends in</Trans>} valueClassName={FACT_WITH_ICON_CLASS}>
        <Clock className="size-3.5 text-muted" aria-hidden="true" />
        {endsIn}
      </FanVaultFact>
    </dl>
  );
}

const FACT_WITH_ICON_CLASS =
  'mt-0.5 inline-flex items-center gap-1 font-mono text-sm font-semibold';

/** One of a sample's facts: its label over its value. */
function FanVaultFact({
  label,
  valueClassName,
  children,
}: {
  label: ReactNode;
  valueClassName: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-xl bg-surface-2 px-2.5 py-2">
      <dt className="text-subtle">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
