import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { activityStyle, activityTimeAgo } from './activity-display.ts';
import { activityText } from './activity-text.ts';
import { CardEmpty, CardError } from './card-states.tsx';
import { useRecentActivity, type ActivityItem } from './economy-queries.ts';
import { useNow } from '../../lib/use-now.ts';

/**
 * The compact Live Activity card: the latest events, polled every 10 s, each
 * with its type's icon and colour and how long ago it happened.
 */
export function LiveActivityCard({ className }: { className?: string }) {
  const { t } = useLingui();
  const query = useRecentActivity();
  const titleId = useId();
  const now = useNow(1000);
  const items = query.data?.items;

  return (
    <Card
      className={cn('flex flex-col', className)}
      aria-labelledby={titleId}
      role="region"
      data-testid="live-activity"
    >
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id={titleId}>
          <Trans>Live Activity</Trans>
        </CardTitle>
        <span className="inline-flex items-center gap-1.5 text-xs font-medium text-success">
          <span className="relative flex size-2" aria-hidden="true">
            {/* Pings three times when the card opens and again for each newest event, then
                rests: a ping that never stops redraws the page 60 times a second while it is
                open, which a phone pays for in battery. */}
            <span
              key={items?.[0]?.id ?? 'none'}
              className="absolute inline-flex size-full animate-ping rounded-full bg-success/60 [animation-iteration-count:3] motion-reduce:animate-none"
            />
            <span className="relative inline-flex size-2 rounded-full bg-success" />
          </span>
          <Trans>Live</Trans>
        </span>
      </CardHeader>
      <CardContent className="flex-1">
        {items ? (
          items.length === 0 ? (
            <CardEmpty title={t`No activity yet`}>
              <Trans>Posts, likes and comments show up here as they happen.</Trans>
            </CardEmpty>
          ) : (
            <ol
              aria-label={t`Recent activity`}
              // Scrolls: focusable so a keyboard can scroll it too.
              tabIndex={0}
              className="-mr-2 flex max-h-72 flex-col gap-1 overflow-y-auto pr-2"
            >
              {items.map((item) => (
                <ActivityRow key={item.id} item={item} now={now} />
              ))}
            </ol>
          )
        ) : query.isError ? (
          <CardError
            message={t`Couldn't load live activity.`}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <ActivitySkeleton />
        )}
      </CardContent>
    </Card>
  );
}

function ActivityRow({ item, now }: { item: ActivityItem; now: number }) {
  const style = activityStyle(item.type);
  const Icon = style.icon;
  return (
    <li
      data-testid="activity-item"
      data-type={item.type}
      className="flex items-start gap-3 rounded-xl px-1 py-1.5"
    >
      <span
        className={cn('mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg', style.className)}
      >
        <Icon className="size-4" aria-label={style.label} role="img" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-snug text-pretty break-words">{activityText(item)}</p>
        <time dateTime={item.created_at} className="text-xs text-subtle">
          {activityTimeAgo(item.created_at, now)}
        </time>
      </div>
    </li>
  );
}

function ActivitySkeleton() {
  const { t } = useLingui();
  return (
    <RowsSkeleton
      label={t`Loading live activity`}
      rows={4}
      className="flex flex-col gap-3"
      picture="size-8 shrink-0"
      lines={['h-3.5 w-4/5', 'h-3 w-12']}
    />
  );
}
