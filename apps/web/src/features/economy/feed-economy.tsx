import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton, SkeletonTiles } from '../../components/ui/skeleton.tsx';
import { LiveActivityCard } from './live-activity-card.tsx';
import { PlatformStatsCard } from './platform-stats-card.tsx';
import { useEconomyViewer } from './use-economy-viewer.ts';

// Invite & Earn is for signed-in users only: its code loads once someone is signed in.
const ReferralCard = lazy(() =>
  import('./referral-card.tsx').then((module) => ({ default: module.ReferralCard })),
);

/** Tailwind's `xl` breakpoint, where the feed page grows its side rail. */
const WIDE = '(min-width: 80rem)';

function subscribe(notify: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

function isWide(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches;
}

/**
 * The feed's token-economy cards (Main feed): Platform Stats beside a compact
 * Live Activity card, and the Invite & Earn card for signed-in users. On wide screens they sit
 * in the feed's side rail (`placement="rail"`); on narrower ones between the composer and the
 * posts (`placement="inline"`), stats and activity side by side from `sm` up. Only the placement
 * that fits the screen renders, so each card exists once.
 */
export function FeedEconomyCards({ placement }: { placement: 'rail' | 'inline' }) {
  const { t } = useLingui();
  const wide = useSyncExternalStore(subscribe, isWide, () => false);
  if ((placement === 'rail') !== wide) return null;
  if (placement === 'rail') {
    return (
      <>
        <PlatformStatsCard />
        <LiveActivityCard />
        <InviteAndEarn />
      </>
    );
  }
  return (
    <section aria-label={t`Platform stats and live activity`} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <PlatformStatsCard />
        <LiveActivityCard />
      </div>
      <InviteAndEarn compact />
    </section>
  );
}

function InviteAndEarn({ compact = false }: { compact?: boolean }) {
  const viewer = useEconomyViewer();
  if (!viewer.userId) return null;
  return (
    <Suspense fallback={<ReferralCardPlaceholder />}>
      <ReferralCard compact={compact} />
    </Suspense>
  );
}

/** The card's frame while its code loads: header, reward and stats boxes, the link. */
function ReferralCardPlaceholder() {
  return (
    <Card aria-hidden="true" className="flex flex-col gap-4 p-5">
      <div className="flex items-center gap-2">
        <Skeleton className="size-8" />
        <Skeleton className="h-4 w-28" />
      </div>
      <Skeleton className="h-3.5 w-3/4" />
      <SkeletonTiles
        count={4}
        className="grid grid-cols-2 gap-2.5"
        tileClassName="h-[4.5rem] rounded-xl"
      />
      <Skeleton className="h-10 w-full rounded-xl" />
    </Card>
  );
}
