import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowRight,
  HandCoins,
  Landmark,
  LockKeyhole,
  LockOpen,
  PenLine,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../components/ui/badge.tsx';
import { buttonVariants } from '../components/ui/button.tsx';
import { Progress } from '../components/ui/progress.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { cn } from '../lib/cn.ts';
import { formatNumber } from '../lib/i18n/index.ts';
import { errorMessage } from '../lib/error-message.ts';
import { formatTimeLeft } from '../features/post/index.ts';
import { useNow } from '../lib/use-now.ts';
import { useViewer, type Viewer } from '../features/auth/index.ts';
import type { MyDepositsView } from '../features/vaults/index.ts';
import {
  lamportsOf,
  percentReached,
  solText,
  supporterCountText,
  vaultEnd,
} from '../features/vaults/index.ts';
import { useMyVaults, VAULTS_ROOT } from '../features/vaults/index.ts';
import type { MyVaultItemView, MyVaultsView } from '../features/vaults/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { ConnectPrompt } from '../features/auth/index.ts';
import { PageHeader } from '../components/ui/page-title.tsx';

type Mine = 'created' | 'supported';
type Tab = Mine | 'deposits';

const TABS: { id: Tab; label: MessageDescriptor }[] = [
  { id: 'created', label: msg`Created` },
  { id: 'supported', label: msg`Supported` },
  { id: 'deposits', label: msg`Deposits` },
];

// Escrow deposits read the program's rules and sign with the wallet (@solana/kit): loaded with
// the Deposits tab only.
const MyDeposits = lazy(() =>
  import('../features/vaults/escrow-entry.ts').then((m) => ({ default: m.MyDeposits })),
);

/** My Vaults: the vaults I created and the ones I supported, each with its totals. */
export function MyVaultsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My Vaults`);
  const viewer = useViewer();
  const [tab, setTab] = useState<Tab>('created');
  const tabsId = useId();
  const created = useMyVaults('created', viewer.isAuthenticated);
  const supported = useMyVaults('supported', viewer.isAuthenticated);
  const deposits = useQuery<MyDepositsView>({
    queryKey: [VAULTS_ROOT, { mine: 'deposits' }],
    enabled: viewer.isAuthenticated,
  });
  const current = tab === 'created' ? created : tab === 'supported' ? supported : deposits;

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        icon={<LockKeyhole className="size-6 text-dum" aria-hidden="true" />}
        title={<Trans>My Vaults</Trans>}
        subtitle={
          <Trans>
            Vaults you created, vaults you backed with SOL, and your deposits held on chain.
          </Trans>
        }
        actions={
          viewer.isAuthenticated && (
            <Link to="/" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              <PenLine aria-hidden="true" />
              <Trans>New vault</Trans>
            </Link>
          )
        }
      />

      {!viewer.isAuthenticated ? (
        <ConnectPrompt viewer={viewer} title={t`Connect your wallet to see your vaults`}>
          <Trans>
            Sign in with your wallet to follow the vaults you created and the ones you supported.
          </Trans>
        </ConnectPrompt>
      ) : (
        <>
          <MyVaultsTabs
            tabsId={tabsId}
            tab={tab}
            onSelect={setTab}
            counts={{
              created: created.data?.totals.vaults,
              supported: supported.data?.totals.vaults,
              deposits: deposits.data?.totals.vaults,
            }}
          />

          <section
            id={`${tabsId}-panel`}
            role="tabpanel"
            aria-labelledby={`${tabsId}-${tab}`}
            className="mt-4"
          >
            {current.isPending ? (
              <ListSkeleton />
            ) : current.isError ? (
              <LoadError
                title={t`Couldn’t load your vaults`}
                message={errorMessage(current.error)}
                onRetry={() => void current.refetch()}
              />
            ) : tab === 'deposits' ? (
              <DepositList data={deposits.data} viewer={viewer} />
            ) : (
              <VaultList mine={tab} data={current.data} />
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** The three tabs, each with its count once loaded. */
function MyVaultsTabs({
  tabsId,
  tab,
  onSelect,
  counts,
}: {
  tabsId: string;
  tab: Tab;
  onSelect: (tab: Tab) => void;
  counts: Record<Tab, number | undefined>;
}) {
  const { t, i18n } = useLingui();
  return (
    <div
      role="tablist"
      aria-label={t`My vaults`}
      className="flex w-full rounded-xl border border-border bg-surface/70 p-1 sm:inline-flex sm:w-auto"
    >
      {TABS.map((item) => {
        const count = counts[item.id];
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${tabsId}-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`${tabsId}-panel`}
            onClick={() => onSelect(item.id)}
            className={cn(
              'inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold transition-colors sm:flex-none sm:gap-2 sm:px-4',
              tab === item.id ? 'bg-surface-3 text-foreground' : 'text-muted hover:text-foreground',
            )}
          >
            {i18n._(item.label)}
            {count !== undefined && (
              <span className="rounded-full bg-background/60 px-1.5 font-mono text-xs tabular-nums">
                {formatNumber(count)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

const TOTAL_LABELS: Record<Tab, [MessageDescriptor, MessageDescriptor]> = {
  created: [msg`Created`, msg`Raised`],
  supported: [msg`Backed`, msg`You gave`],
  deposits: [msg`Deposits`, msg`Locked now`],
};

function Totals({ mine, totals }: { mine: Tab; totals: MyVaultsView['totals'] }) {
  const { t, i18n } = useLingui();
  const items = [
    { label: i18n._(TOTAL_LABELS[mine][0]), value: formatNumber(totals.vaults), unit: null },
    { label: i18n._(TOTAL_LABELS[mine][1]), value: solText(totals.amount), unit: 'SOL' },
    { label: t`Unlocked`, value: formatNumber(totals.unlocked), unit: null },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="my-vaults-totals">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl border border-border bg-surface/70 p-3">
          <dt className="text-[11px] font-semibold tracking-wide text-muted uppercase">
            {item.label}
          </dt>
          <dd className="mt-1 flex flex-wrap items-baseline gap-x-1 font-mono text-base font-semibold tabular-nums sm:text-lg">
            {item.value}
            {item.unit && ' '}
            {item.unit && <span className="text-xs font-normal text-muted">{item.unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function VaultList({ mine, data }: { mine: Mine; data: MyVaultsView }) {
  const { t } = useLingui();
  if (data.items.length === 0) {
    return mine === 'created' ? (
      <Empty
        icon={<LockKeyhole className="size-6" aria-hidden="true" />}
        title={t`No vaults yet`}
        text={t`Lock a post behind a SOL target: write it in the composer and press Create Vault.`}
        action={{ to: '/', label: t`Create a vault` }}
      />
    ) : (
      <Empty
        icon={<HandCoins className="size-6" aria-hidden="true" />}
        title={t`You haven’t backed a vault yet`}
        text={t`Find a vault in the feed and press Support to help unlock it.`}
        action={{ to: '/', label: t`Browse the feed` }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Totals mine={mine} totals={data.totals} />
      <ul className="flex flex-col gap-3" data-testid="my-vaults-list">
        {data.items.map((item) => (
          <li key={item.id}>
            <VaultRow item={item} mine={mine} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function DepositList({ data, viewer }: { data: MyDepositsView | undefined; viewer: Viewer }) {
  const { t } = useLingui();
  if (!data) return <ListSkeleton />;
  if (data.items.length === 0) {
    return (
      <Empty
        icon={<Landmark className="size-6" aria-hidden="true" />}
        title={t`No deposits yet`}
        text={t`Join an escrow vault in the feed: your SOL is held by the vault program and earns DUM until the end.`}
        action={{ to: '/', label: t`Browse the feed` }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Totals mine="deposits" totals={data.totals} />
      <Suspense fallback={<ListSkeleton />}>
        <MyDeposits data={data} viewer={viewer} />
      </Suspense>
    </div>
  );
}

function VaultRow({ item, mine }: { item: MyVaultItemView; mine: Mine }) {
  const { t } = useLingui();
  const now = useNow(30_000);
  const current = lamportsOf(item.currentAmount);
  const target = lamportsOf(item.targetAmount);
  const percent = percentReached(current, target);
  const unlocked = item.status !== 'active';
  const timeLeft = formatTimeLeft(vaultEnd(item), now);
  const given = solText(item.given);
  const currentSol = solText(item.currentAmount);
  const targetSol = solText(item.targetAmount);
  return (
    <Link
      to={`/vaults/${encodeURIComponent(item.id)}`}
      className="group block rounded-card border border-border bg-surface/80 p-4 transition-colors hover:border-dum/40"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="line-clamp-2 min-w-0 text-sm font-medium break-words">{item.body}</p>
        {unlocked ? (
          <Badge variant="success" className="shrink-0">
            <LockOpen className="size-3" aria-hidden="true" />
            {item.status === 'paid_out' ? <Trans>Paid out</Trans> : <Trans>Unlocked</Trans>}
          </Badge>
        ) : timeLeft ? (
          <Badge variant="dum" className="shrink-0 normal-case">
            {timeLeft}
          </Badge>
        ) : (
          <Badge variant="outline" className="shrink-0">
            <Trans>Ended</Trans>
          </Badge>
        )}
      </div>
      <div className="mt-3 flex items-baseline justify-between gap-3 font-mono text-sm tabular-nums">
        <span>
          <span className="font-semibold">{currentSol}</span>
          <span className="text-muted"> / {targetSol} SOL</span>
        </span>
        <span className="text-xs text-muted">{percent}%</span>
      </div>
      <Progress
        value={percent / 100}
        label={t`Vault progress`}
        className="mt-2 h-1.5"
        indicatorClassName={unlocked ? 'bg-success bg-none' : undefined}
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <span className="inline-flex items-center gap-1">
          <Users className="size-3.5" aria-hidden="true" />
          {supporterCountText(item.supporterCount)}
        </span>
        {mine === 'supported' && (
          <span className="font-mono text-dum tabular-nums">
            <Trans>You gave {given} SOL</Trans>
          </span>
        )}
        <span className="inline-flex items-center gap-1 font-semibold text-foreground/80 group-hover:text-dum">
          <Trans>View</Trans>
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </span>
      </div>
    </Link>
  );
}

function Empty({
  icon,
  title,
  text,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  action: { to: string; label: string };
}) {
  return (
    <div className="flex flex-col items-center rounded-card border border-dashed border-border bg-surface/40 px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-surface-3 text-dum">
        {icon}
      </span>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted">{text}</p>
      <Link to={action.to} className={cn(buttonVariants({ size: 'md' }), 'mt-5')}>
        {action.label}
      </Link>
    </div>
  );
}

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading your vaults`} className="flex flex-col gap-3">
      <div className="grid grid-cols-3 gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 rounded-xl" />
        ))}
      </div>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-28 rounded-card" />
      ))}
    </div>
  );
}
