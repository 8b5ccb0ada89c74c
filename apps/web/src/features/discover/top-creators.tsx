import { Trans, useLingui } from '@lingui/react/macro';
import { Trophy } from 'lucide-react';
import { useId } from 'react';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { Avatar, VerifiedBadge } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';
import type { Viewer } from '../auth/index.ts';
import { FollowButton } from '../people/index.ts';
import { dumMinedText, personName } from '../people/index.ts';
import { ProfileAvatarLink, ProfileLink } from '../post/index.ts';
import { updateDiscoverPeople } from './discover-cache.ts';
import { useTopCreators } from './discover-queries.ts';
import { EmptySection } from './empty-section.tsx';
import { SectionHeading } from './section-heading.tsx';
import type { TopCreator } from './types.ts';

/**
 * The week's top creators by the DUM their posts' engagement minted, each with Follow (signed
 * out, Follow says a wallet is needed, as everywhere). A list in the side rail; on narrower
 * screens a strip of cards that scrolls sideways.
 */
export function TopCreators({ viewer, layout }: { viewer: Viewer; layout: 'rail' | 'strip' }) {
  const { t } = useLingui();
  const creators = useTopCreators(viewer.userId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <SectionHeading id={headingId} icon={Trophy}>
        <Trans>Top creators this week</Trans>
      </SectionHeading>
      {creators.isPending ? (
        <CreatorsSkeleton layout={layout} />
      ) : creators.isError ? (
        <LoadError
          title={t`Couldn’t load top creators`}
          message={errorMessage(creators.error)}
          onRetry={() => void creators.refetch()}
        />
      ) : creators.data.items.length === 0 ? (
        <EmptySection
          icon={<Trophy className="size-6" aria-hidden="true" />}
          title={t`No top creators yet this week`}
        >
          <Trans>
            Creators whose posts earn likes, comments and supports this week show up here.
          </Trans>
        </EmptySection>
      ) : (
        <ol
          className={cn(
            layout === 'rail'
              ? 'flex flex-col rounded-card border border-border bg-surface/80 p-2'
              : '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2',
          )}
          data-testid={`top-creators-${layout}`}
        >
          {creators.data.items.map((creator, index) => (
            <li key={creator.id} className={cn(layout === 'strip' && 'shrink-0 snap-start')}>
              <CreatorCard creator={creator} rank={index + 1} viewer={viewer} layout={layout} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function CreatorCard({
  creator,
  rank,
  viewer,
  layout,
}: {
  creator: TopCreator;
  rank: number;
  viewer: Viewer;
  layout: 'rail' | 'strip';
}) {
  const name = personName(creator);
  const earnedAmount = dumMinedText(creator.dumEarned);
  const isMe = viewer.wallet === creator.solAddress;
  const earned = (
    <span className="font-mono text-xs text-dum tabular-nums">
      <Trans>
        {earnedAmount} DUM<span className="font-sans text-subtle"> earned</span>
      </Trans>
    </span>
  );
  const nameLine = (
    <span className="flex min-w-0 items-center gap-1 text-sm font-semibold">
      <ProfileLink address={creator.solAddress} className="truncate">
        {name}
      </ProfileLink>
      {creator.isVerified && <VerifiedBadge />}
    </span>
  );
  const action = isMe ? (
    <span className="inline-flex h-8 items-center px-2 text-xs font-semibold text-muted">
      <Trans>You</Trans>
    </span>
  ) : (
    <FollowButton
      profile={creator}
      name={name}
      viewer={viewer}
      otherCopies={updateDiscoverPeople}
      size="sm"
    />
  );

  if (layout === 'strip') {
    return (
      <div className="flex w-40 flex-col items-center gap-2 rounded-card border border-border bg-surface/80 p-4 text-center">
        <span className="relative">
          <ProfileAvatarLink address={creator.solAddress}>
            <Avatar name={name} src={creator.avatarUrl} size="lg" />
          </ProfileAvatarLink>
          <Rank rank={rank} className="absolute -top-1 -left-1" />
        </span>
        <span className="flex w-full min-w-0 flex-col items-center gap-0.5">
          {nameLine}
          {earned}
        </span>
        {action}
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3 rounded-xl px-2 py-2">
      <Rank rank={rank} />
      <ProfileAvatarLink address={creator.solAddress}>
        <Avatar name={name} src={creator.avatarUrl} />
      </ProfileAvatarLink>
      <span className="flex min-w-0 flex-1 flex-col">
        {nameLine}
        {earned}
      </span>
      {action}
    </div>
  );
}

function Rank({ rank, className }: { rank: number; className?: string }) {
  const { t } = useLingui();
  return (
    <span
      className={cn(
        'grid size-6 shrink-0 place-items-center rounded-full font-mono text-xs font-bold tabular-nums',
        rank <= 3 ? 'bg-dum text-primary-foreground' : 'bg-surface-3 text-muted',
        className,
      )}
    >
      <span className="sr-only">{t`Rank`} </span>
      {rank}
    </span>
  );
}

function CreatorsSkeleton({ layout }: { layout: 'rail' | 'strip' }) {
  const { t } = useLingui();
  return (
    <div
      role="status"
      aria-label={t`Loading top creators`}
      className={cn(
        layout === 'rail'
          ? 'flex flex-col gap-3 rounded-card border border-border bg-surface/60 p-4'
          : 'flex gap-3 overflow-hidden',
      )}
    >
      {[0, 1, 2].map((row) =>
        layout === 'rail' ? (
          <div key={row} className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-3 w-20" />
            </div>
            <Skeleton className="h-8 w-20" />
          </div>
        ) : (
          <div
            key={row}
            className="flex w-40 shrink-0 flex-col items-center gap-2 rounded-card border border-border p-4"
          >
            <Skeleton className="size-12 rounded-full" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-8 w-24" />
          </div>
        ),
      )}
    </div>
  );
}
