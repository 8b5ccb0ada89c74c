import { useSyncExternalStore } from 'react';
import { LiveActivityCard } from './live-activity-card.tsx';
import { PlatformStatsCard } from './platform-stats-card.tsx';
import { ReferralCard } from './referral-card.tsx';

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
 * The feed's token-economy cards (spec section 2, Main feed): Platform Stats beside a compact
 * Live Activity card, and the Invite & Earn card for signed-in users. On wide screens they sit
 * in the feed's side rail (`placement="rail"`); on narrower ones between the composer and the
 * posts (`placement="inline"`), stats and activity side by side from `sm` up. Only the placement
 * that fits the screen renders, so each card exists once.
 */
export function FeedEconomyCards({ placement }: { placement: 'rail' | 'inline' }) {
  const wide = useSyncExternalStore(subscribe, isWide, () => false);
  if ((placement === 'rail') !== wide) return null;
  if (placement === 'rail') {
    return (
      <>
        <PlatformStatsCard />
        <LiveActivityCard />
        <ReferralCard />
      </>
    );
  }
  return (
    <section aria-label="Platform stats and live activity" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <PlatformStatsCard />
        <LiveActivityCard />
      </div>
      <ReferralCard compact />
    </section>
  );
}
