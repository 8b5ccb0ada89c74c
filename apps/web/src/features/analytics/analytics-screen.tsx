import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import {
  ANALYTICS_RANGE_DAYS,
  ANALYTICS_RANGES,
  type AnalyticsRange,
  type AnalyticsResponse,
} from '@dum/core';
import { ChartNoAxesColumn, Heart, Loader2, MessageCircle, PenLine } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatNumber } from '../../lib/i18n/index.ts';
import type { Viewer } from '../auth/index.ts';
import { ConnectPrompt } from '../auth/index.ts';
import {
  dayLabel,
  formatWithUnit,
  isEmpty,
  percentChange,
  rangeFromSearch,
  rangeLabel,
  SERIES,
  type SeriesMeta,
} from './analytics-display.ts';
import { useAnalytics } from './analytics-queries.ts';
import { SeriesChart } from './series-chart.tsx';

/**
 * /analytics: the signed-in wallet's figures over 7, 30 or 90 days (the range is in the URL):
 * totals with their change against the previous period, a chart per series, and the period's
 * top posts.
 */
export function AnalyticsScreen({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search.get('range'));
  const analytics = useAnalytics(viewer.userId, range);
  const select = (next: AnalyticsRange) => {
    setSearch(
      (params) => {
        const copy = new URLSearchParams(params);
        copy.set('range', next);
        return copy;
      },
      { replace: true },
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle
          icon={<ChartNoAxesColumn className="size-5" aria-hidden="true" />}
          title={<Trans>Analytics</Trans>}
          subtitle={<Trans>How your posts, vaults and vibes are doing.</Trans>}
        />
        {viewer.isAuthenticated && (
          <RangeSwitch
            range={range}
            onSelect={select}
            updating={analytics.isFetching && analytics.isPlaceholderData}
          />
        )}
      </header>

      {!viewer.isAuthenticated ? (
        <ConnectPrompt viewer={viewer} title={t`Connect your wallet to see your analytics`}>
          <Trans>Sign in with your wallet to see how your posts, vaults and tips are doing.</Trans>
        </ConnectPrompt>
      ) : analytics.isPending ? (
        <AnalyticsSkeleton />
      ) : analytics.isError ? (
        <LoadError
          title={t`Couldn't load your analytics`}
          message={errorMessage(analytics.error)}
          onRetry={() => void analytics.refetch()}
        />
      ) : (
        <AnalyticsBody data={analytics.data} />
      )}
    </div>
  );
}

/** 7 / 30 / 90 days: links to the same page with `?range=`, the current one marked. */
function RangeSwitch({
  range,
  onSelect,
  updating,
}: {
  range: AnalyticsRange;
  onSelect: (range: AnalyticsRange) => void;
  updating: boolean;
}) {
  const { t } = useLingui();
  return (
    <div className="flex items-center gap-2">
      {updating && (
        <Loader2 className="size-4 animate-spin text-muted" aria-label={t`Updating`} role="img" />
      )}
      <nav
        aria-label={t`Period`}
        className="inline-flex rounded-xl border border-border bg-surface p-1"
      >
        {ANALYTICS_RANGES.map((option) => (
          <Link
            key={option}
            to={`?range=${option}`}
            replace
            aria-current={option === range ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault();
              onSelect(option);
            }}
            className={cn(
              'rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
              option === range
                ? 'bg-primary text-primary-foreground'
                : 'text-muted hover:bg-surface-2 hover:text-foreground',
            )}
          >
            {rangeLabel(option)}
          </Link>
        ))}
      </nav>
    </div>
  );
}

function AnalyticsBody({ data }: { data: AnalyticsResponse }) {
  const empty = isEmpty(data.totals);
  const days = ANALYTICS_RANGE_DAYS[data.range];
  return (
    <>
      <section aria-labelledby="analytics-totals">
        <h2 id="analytics-totals" className="sr-only">
          <Trans>Totals, last {days} days</Trans>
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {SERIES.map((meta) => (
            <TotalCard key={meta.name} meta={meta} data={data} />
          ))}
        </ul>
      </section>

      {empty ? (
        <EmptyNudge />
      ) : (
        <>
          <DumByKind data={data} />
          <section aria-labelledby="analytics-charts">
            <h2 id="analytics-charts" className="mb-3 text-lg font-bold">
              <Trans>Day by day</Trans>
            </h2>
            <div className="grid gap-3 md:grid-cols-2">
              {SERIES.map((meta) => (
                <SeriesChart
                  key={meta.name}
                  meta={meta}
                  points={data.series[meta.name]}
                  range={data.range}
                />
              ))}
            </div>
          </section>
          <TopPosts data={data} />
        </>
      )}
    </>
  );
}

function TotalCard({ meta, data }: { meta: SeriesMeta; data: AnalyticsResponse }) {
  const total = data.totals[meta.name];
  const change = percentChange(total.value, total.previous, data.range);
  const days = ANALYTICS_RANGE_DAYS[data.range];
  const tone =
    change.direction === 'up' || change.direction === 'new'
      ? 'text-success'
      : change.direction === 'down'
        ? 'text-danger'
        : 'text-muted';
  return (
    <li className="card flex flex-col gap-1 p-4" data-testid={`total-${meta.name}`}>
      <p className="text-xs font-medium text-muted">{meta.label}</p>
      <p className="truncate text-xl font-bold tabular-nums sm:text-2xl">
        {formatWithUnit(meta, total.value)}
      </p>
      <p className="text-xs">
        <span aria-hidden="true" className={cn('font-semibold whitespace-nowrap', tone)}>
          {change.arrow} {change.short}
        </span>
        <span className="sr-only">{change.description}</span>
        <span aria-hidden="true" className="text-subtle">
          {' '}
          <Trans>vs previous {days} days</Trans>
        </span>
      </p>
    </li>
  );
}

/** DUM earned in the period by ledger kind, largest first. */
function DumByKind({ data }: { data: AnalyticsResponse }) {
  const { i18n } = useLingui();
  const kinds = Object.entries(data.dumByKind);
  if (kinds.length === 0) return null;
  const dum = SERIES.find((s) => s.name === 'dumEarned') as SeriesMeta;
  return (
    <section aria-labelledby="analytics-dum-kinds" className="card flex flex-col gap-3 p-4">
      <h2 id="analytics-dum-kinds" className="text-sm font-semibold">
        <Trans>DUM earned by kind</Trans>
      </h2>
      <ul className="flex flex-wrap gap-2">
        {kinds.map(([kind, amount]) => (
          <li
            key={kind}
            className="rounded-full border border-border bg-surface-2 px-3 py-1 text-xs"
          >
            <span className="text-muted">{kindLabel(kind, i18n)}</span>{' '}
            <span className="font-semibold tabular-nums text-dum">
              {formatWithUnit(dum, amount)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const KIND_LABELS: Partial<Record<string, MessageDescriptor>> = {
  post_created: msg`Posts`,
  comment_created: msg`Comments`,
  reply_created: msg`Replies`,
  like_given: msg`Likes given`,
  vault_created: msg`Vaults created`,
  vault_supported: msg`Vaults supported`,
  follow: msg`Follows`,
  referral_joined: msg`Joined by referral`,
  tip: msg`Tips sent`,
  poll_voted: msg`Poll votes`,
  repost_given: msg`Reposts`,
  quote_created: msg`Quote posts`,
  referral_referrer: msg`Referral bonus`,
  referral_friend: msg`Welcome bonus`,
  staking_reward: msg`Staking rewards`,
};

function kindLabel(kind: string, i18n: I18n): string {
  const label = KIND_LABELS[kind];
  return label ? i18n._(label) : kind.replaceAll('_', ' ');
}

function TopPosts({ data }: { data: AnalyticsResponse }) {
  const days = ANALYTICS_RANGE_DAYS[data.range];
  return (
    <section aria-labelledby="analytics-top-posts" className="card flex flex-col gap-3 p-4">
      <h2 id="analytics-top-posts" className="text-lg font-bold">
        <Trans>Top posts</Trans>
      </h2>
      {data.topPosts.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>
            None of your posts from the last {days} days are live now (free posts last 24 hours).
          </Trans>
        </p>
      ) : (
        <ol className="flex flex-col divide-y divide-border">
          {data.topPosts.map((post) => (
            <TopPost key={post.id} post={post} />
          ))}
        </ol>
      )}
    </section>
  );
}

function TopPost({ post }: { post: AnalyticsResponse['topPosts'][number] }) {
  const likes = post.likeCount;
  const comments = post.commentCount;
  return (
    <li>
      <Link
        to={`/posts/${post.id}`}
        className="flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 text-sm break-words">{post.body}</span>
          <span className="mt-0.5 block text-xs text-subtle">
            {dayLabel(post.createdAt.slice(0, 10))}
          </span>
        </span>
        <span className="flex shrink-0 items-center gap-3 text-xs text-muted tabular-nums">
          <span className="flex items-center gap-1">
            <Heart className="size-3.5" aria-hidden="true" />
            {formatNumber(likes)}
            <span className="sr-only">
              {' '}
              {/* Not <Plural>: the catalogue check reads its branches as placeholders. */}
              {likes === 1 ? <Trans>like</Trans> : <Trans>likes</Trans>}
            </span>
          </span>
          <span className="flex items-center gap-1">
            <MessageCircle className="size-3.5" aria-hidden="true" />
            {formatNumber(comments)}
            <span className="sr-only">
              {' '}
              {comments === 1 ? <Trans>comment</Trans> : <Trans>comments</Trans>}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

function EmptyNudge() {
  return (
    <section
      aria-labelledby="analytics-empty"
      data-testid="analytics-empty"
      className="flex flex-col items-center rounded-card border border-border bg-surface/70 px-6 py-12 text-center"
    >
      <span className="grid size-12 place-items-center rounded-2xl bg-primary/15 text-primary">
        <PenLine className="size-6" aria-hidden="true" />
      </span>
      <h2 id="analytics-empty" className="mt-4 text-lg font-semibold">
        <Trans>Nothing to chart yet</Trans>
      </h2>
      <p className="mt-1 max-w-sm text-sm text-muted">
        <Trans>
          Post your first vibe: likes, comments, followers and the DUM you mine will show up here
          day by day.
        </Trans>
      </p>
      <Link to="/" className={cn(buttonVariants({ size: 'sm' }), 'mt-5')}>
        <PenLine aria-hidden="true" />
        <Trans>Write a post</Trans>
      </Link>
    </section>
  );
}

function AnalyticsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">
        <Trans>Loading your analytics…</Trans>
      </span>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {SERIES.map((meta) => (
          <Skeleton key={meta.name} className="h-[104px] rounded-card" />
        ))}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-[230px] rounded-card" />
        ))}
      </div>
    </div>
  );
}
